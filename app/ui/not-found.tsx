import { lazyComponent } from "./on-demand";
import { ServerHtml } from "./server-html";

// No JavaScript needed: a first load keeps the server's HTML, a navigation in the app downloads the
// page's code (app/ui/server-html.tsx).
const load = () => import("./not-found-page");
const page = import.meta.env.SSR ? await load() : null;
const Page = lazyComponent(page, load, (m) => m.NotFoundPage);

/** The spec's 404 page. */
export function NotFoundPage() {
  return <ServerHtml component={Page} props={{}} />;
}
