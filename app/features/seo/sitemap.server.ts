import type { Db } from "~/db/client.server";
import { listSitemapProducts } from "~/features/catalog/catalog.server";
import { KIND_BASE_ROUTE } from "~/features/catalog/labels";
import { absoluteUrl } from "./seo";

/** The public pages that are not catalog items. */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/about",
  "/contact",
  "/toppers",
  ...(["/courses", "/notes", "/pyq", "/tests", "/bundles"] as const).flatMap((base) => [
    base,
    `${base}/std/11`,
    `${base}/std/12`,
  ]),
];

function escapeXml(text: string) {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );
}

/** sitemap.xml with every public page and every published item. */
export async function buildSitemap(db: Db, appUrl: string): Promise<string> {
  const items = await listSitemapProducts(db);
  const urls = [
    ...STATIC_SITEMAP_PATHS.map((path) => ({
      loc: absoluteUrl(appUrl, path),
      lastmod: undefined as string | undefined,
    })),
    ...items.map((item) => ({
      loc: absoluteUrl(appUrl, `${KIND_BASE_ROUTE[item.kind]}/${item.id}`),
      lastmod: item.updatedAt.toISOString(),
    })),
  ];
  const body = urls
    .map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * robots.txt: private areas stay out of search engines; the sitemap is announced. `/checkout`
 * itself is crawlable (it shows a crawler the empty cart), its per-order pages below it are not.
 */
export function buildRobots(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /checkout/",
    "Disallow: /my-courses",
    "Disallow: /account",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(appUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
