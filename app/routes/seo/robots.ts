import { buildRobots } from "~/features/seo/sitemap.server";
import { getEnv } from "~/lib/env.server";

export function loader() {
  return new Response(buildRobots(getEnv().APP_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
