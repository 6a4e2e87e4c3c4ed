import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/ui/button";
import { NotFoundPage } from "~/ui/not-found-page";

/** Route error boundary of the store: 404s get the spec's page, anything else a short apology. */
export function StoreErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <title>Something went wrong | Commerce Academy</title>
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">Sorry, we could not load this page. Please try again.</p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
