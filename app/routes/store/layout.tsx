import { Outlet, useRouteLoaderData } from "react-router";
import { SiteFooter } from "~/features/site/site-footer";
import { SiteHeader } from "~/features/site/site-header";
import type { loader as rootLoader } from "~/root";

export default function StoreLayout() {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader user={user} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
