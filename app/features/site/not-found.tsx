import { isRouteErrorResponse } from "react-router";
import { lazyComponent } from "~/ui/on-demand";
import { ServerHtml } from "~/ui/server-html";

// No JavaScript needed: a first load keeps the server's HTML, a navigation in the app downloads the
// page's code (app/ui/server-html.tsx).
const load = () => import("./store-error-page");
const page = import.meta.env.SSR ? await load() : null;
const Page = lazyComponent(page, load, (m) => m.StoreErrorPage);

/** Route error boundary of the store: 404s get the spec's page, anything else a short apology. */
export function StoreErrorPage({ error }: { error: unknown }) {
  // A 404 and any other error are two pages: a new element when it changes, rendered in the browser.
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <ServerHtml key={notFound ? "404" : "error"} component={Page} props={{ error }} />;
}
