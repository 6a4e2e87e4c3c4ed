import { isRouteErrorResponse } from "react-router";
import { ForbiddenPage } from "./features/accounts/forbidden";
import { NotFoundPage } from "./ui/not-found-page";

/** The root error boundary's page: the spec's 404, the 403 page, else a short apology (503: back soon). */
export function RootErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`Error ${status} | Commerce Academy`}</title>
      <h1 className="text-3xl font-bold">{status === 503 ? "We'll be right back" : "Something went wrong"}</h1>
      <p className="text-slate-600">
        {status === 503
          ? "The site is briefly unavailable. Please try again in a minute."
          : "Sorry, we could not load this page. Please try again."}
      </p>
      <a className="font-semibold text-brand-700 underline" href="/">
        Go to the home page
      </a>
    </main>
  );
}
