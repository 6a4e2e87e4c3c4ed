import { getDb } from "~/db/client.server";
import { buildSitemap } from "~/features/seo/sitemap.server";
import { getEnv } from "~/lib/env.server";

export async function loader() {
  const db = await getDb();
  const xml = await buildSitemap(db, getEnv().APP_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
