import { Link } from "react-router";
import { Button } from "~/ui/button";

export const NOT_FOUND_TEXT = "404 - Page Not Found";

export function NotFoundPage() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <title>{`${NOT_FOUND_TEXT} | Commerce Academy`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{NOT_FOUND_TEXT}</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
