/**
 * schema.org JSON-LD of the item pages, apart from seo.ts so the pages without it (every listing,
 * the home page) do not download it with their meta tags.
 */
import { paiseToDecimal } from "~/lib/money";
import { absoluteUrl, SITE_NAME } from "./seo";

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
