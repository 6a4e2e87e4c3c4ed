/** Title, description, canonical URL and Open Graph tags for a page, built from the public origin (APP_URL). */
import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Commerce Academy";
/** Link previews (WhatsApp, Facebook, X) do not show SVG: raster images only, else this default. */
export const DEFAULT_OG_IMAGE = "/images/og-default.jpg";

export function ogImageFor(image: string | undefined) {
  return image && /\.(png|jpe?g|webp|gif)$/i.test(image) ? image : DEFAULT_OG_IMAGE;
}

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/courses/3" (no query string). */
  path: string;
  /** Public origin from APP_URL; falls back to a relative canonical when missing. */
  appUrl?: string;
  image?: string;
  type?: "website" | "product" | "article";
  jsonLd?: Record<string, unknown>;
}

export function absoluteUrl(appUrl: string | undefined, path: string) {
  if (/^https?:\/\//.test(path)) return path;
  const origin = (appUrl ?? "").replace(/\/+$/, "");
  return `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.appUrl, input.path);
  const image = absoluteUrl(input.appUrl, ogImageFor(input.image));
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: input.title },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  return tags;
}

/** The store layout's loader data holds the public origin; meta functions find it in `matches`. */
export function appUrlFromMatches(matches: readonly unknown[]): string | undefined {
  for (const match of matches) {
    const m = match as { id?: string; loaderData?: unknown; data?: unknown } | undefined;
    const data = (m?.loaderData ?? m?.data) as { appUrl?: unknown } | undefined;
    if (typeof data?.appUrl === "string") return data.appUrl;
  }
  return undefined;
}

/** A meta description of at most `max` characters, cut at a word boundary with an ellipsis. */
export function metaDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
