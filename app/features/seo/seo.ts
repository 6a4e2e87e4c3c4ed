/** Title, description, canonical URL and Open Graph tags for a page, built from the public origin (APP_URL). */
import type { MetaDescriptor } from "react-router";
import { paiseToDecimal } from "~/lib/money";

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

/** schema.org JSON-LD for a detail page: a Course for courses, a Product otherwise, with an INR offer. */
export function productJsonLd(p: {
  kind: "course" | "note" | "pyq" | "test" | "bundle";
  title: string;
  description: string;
  pricePaise: number;
  rating: number;
  /** Counted reviews; the rating and reviews are in the markup only when there is at least one. */
  reviewCount?: number;
  /** The first reviews shown on the page. */
  reviews?: { rating: number; title: string | null; body: string | null; reviewer: string; createdAt: Date | string }[];
  image: string;
  instructor: string;
  url: string;
  appUrl?: string;
}) {
  const rated =
    p.reviewCount && p.reviewCount > 0 && p.rating > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Number(p.rating.toFixed(1)),
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
          ...(p.reviews?.length
            ? {
                review: p.reviews.map((r) => ({
                  "@type": "Review",
                  reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
                  author: { "@type": "Person", name: r.reviewer },
                  datePublished: new Date(r.createdAt).toISOString().slice(0, 10),
                  ...(r.title ? { name: r.title } : {}),
                  ...(r.body ? { reviewBody: r.body } : {}),
                })),
              }
            : {}),
        }
      : {};
  const offer = {
    "@type": "Offer",
    price: paiseToDecimal(p.pricePaise),
    priceCurrency: "INR",
    availability: "https://schema.org/InStock",
    url: p.url,
    category: p.pricePaise === 0 ? "Free" : "Paid",
  };
  const image = absoluteUrl(p.appUrl, p.image);
  if (p.kind === "course") {
    return {
      "@context": "https://schema.org",
      "@type": "Course",
      name: p.title,
      description: p.description,
      url: p.url,
      image,
      provider: { "@type": "Organization", name: SITE_NAME, sameAs: absoluteUrl(p.appUrl, "/") },
      instructor: { "@type": "Person", name: p.instructor },
      offers: offer,
      hasCourseInstance: { "@type": "CourseInstance", courseMode: "Online", courseWorkload: "PT1H" },
      ...rated,
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.title,
    description: p.description,
    url: p.url,
    image,
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: offer,
    ...rated,
  };
}

/** A meta description of at most `max` characters, cut at a word boundary with an ellipsis. */
export function metaDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
