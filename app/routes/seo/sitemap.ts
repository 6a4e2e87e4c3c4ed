import { dbContext } from "~/features/accounts/context.server";
import { buildSitemap } from "~/features/seo/sitemap.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const xml = await buildSitemap(db, getEnv().APP_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
