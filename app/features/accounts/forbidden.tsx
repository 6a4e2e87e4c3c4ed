import { Link } from "react-router";
import { Button } from "~/ui/button";

export const FORBIDDEN_TITLE = "403 - Access Denied";

/** Shown to signed-in visitors who lack the role a page needs. */
export function ForbiddenPage() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <title>{`${FORBIDDEN_TITLE} | Commerce Academy`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{FORBIDDEN_TITLE}</h1>
      <p className="text-slate-600">
        You do not have access to this page. It is only for administrators. If you think you should have access, ask the
        site owner.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
        <form method="post" action="/logout">
          <Button type="submit" variant="secondary">
            Log out
          </Button>
        </form>
      </div>
    </main>
  );
}
