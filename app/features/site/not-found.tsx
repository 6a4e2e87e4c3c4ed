import { lazyComponent, OnDemand } from "~/ui/on-demand";

// The page's code is downloaded only when a store route shows it (app/ui/on-demand.tsx).
const load = () => import("./store-error-page");
const page = import.meta.env.SSR ? await load() : null;
const Page = lazyComponent(page, load, (m) => m.StoreErrorPage);

/** Route error boundary of the store: 404s get the spec's page, anything else a short apology. */
export function StoreErrorPage({ error }: { error: unknown }) {
  return <OnDemand component={Page} props={{ error }} />;
}
