import { lazyComponent, OnDemand } from "./on-demand";

// The page's code is downloaded only when it is shown (app/ui/on-demand.tsx).
const load = () => import("./not-found-page");
const page = import.meta.env.SSR ? await load() : null;
const Page = lazyComponent(page, load, (m) => m.NotFoundPage);

/** The spec's 404 page. */
export function NotFoundPage() {
  return <OnDemand component={Page} props={{}} />;
}
