import { describe, expect, it } from "vitest";
import { productJsonLd } from "./json-ld";
import { absoluteUrl, appUrlFromMatches, metaDescription, seoMeta } from "./seo";
import { buildRobots, STATIC_SITEMAP_PATHS } from "./sitemap.server";

describe("seo meta", () => {
  it("builds title, description, canonical and Open Graph tags from APP_URL", () => {
    const tags = seoMeta({
      title: "Courses | Commerce Academy",
      description: "Video courses",
      path: "/courses",
      appUrl: "https://academy.example.in/",
    });
    expect(tags).toContainEqual({ title: "Courses | Commerce Academy" });
    expect(tags).toContainEqual({ name: "description", content: "Video courses" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://academy.example.in/courses" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://academy.example.in/courses" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://academy.example.in/images/og-default.jpg",
    });
    // SVG covers do not show in link previews: the raster default replaces them.
    const svg = seoMeta({ title: "t", description: "d", path: "/", appUrl: "https://a.in", image: "/c.svg" });
    expect(svg).toContainEqual({ property: "og:image", content: "https://a.in/images/og-default.jpg" });
    const jpg = seoMeta({ title: "t", description: "d", path: "/", appUrl: "https://a.in", image: "/u/cover.jpg" });
    expect(jpg).toContainEqual({ property: "og:image", content: "https://a.in/u/cover.jpg" });
    expect(tags).toContainEqual({ property: "og:title", content: "Courses | Commerce Academy" });
    expect(tags.some((t) => "script:ld+json" in t)).toBe(false);
  });

  it("finds the origin in the matches and joins paths", () => {
    expect(
      appUrlFromMatches([{ id: "root", loaderData: { user: null } }, { loaderData: { appUrl: "http://x.in" } }]),
    ).toBe("http://x.in");
    expect(appUrlFromMatches([undefined, { data: null }])).toBeUndefined();
    expect(absoluteUrl("http://x.in", "a")).toBe("http://x.in/a");
    expect(absoluteUrl("http://x.in", "https://cdn.in/i.png")).toBe("https://cdn.in/i.png");
  });

  it("cuts meta descriptions at a word boundary", () => {
    expect(metaDescription("short  text")).toBe("short text");
    const long = "word ".repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith("word…")).toBe(true);
  });

  it("JSON-LD: Course for courses, Product for notes and PYQ, each with an INR offer", () => {
    const base = {
      title: "Accountancy Class 12",
      description: "d",
      pricePaise: 99_999,
      rating: 4.9,
      image: "/images/covers/a.svg",
      instructor: "Priya Mehta",
      url: "https://x.in/courses/1",
      appUrl: "https://x.in",
    };
    const course = productJsonLd({ ...base, kind: "course" });
    expect(course).toMatchObject({
      "@type": "Course",
      name: "Accountancy Class 12",
      image: "https://x.in/images/covers/a.svg",
      offers: { "@type": "Offer", price: "999.99", priceCurrency: "INR" },
    });
    const note = productJsonLd({ ...base, kind: "note", pricePaise: 0 });
    expect(note).toMatchObject({ "@type": "Product", offers: { price: "0.00", priceCurrency: "INR" } });
  });

  it("JSON-LD carries aggregateRating and the first reviews when there is at least one review", () => {
    const item = {
      kind: "note" as const,
      title: "Formula Sheet",
      description: "d",
      pricePaise: 0,
      rating: 4.86,
      reviewCount: 20,
      reviews: [{ rating: 5, title: "Great", body: "Clear.", reviewer: "Riya S.", createdAt: "2026-01-05T10:00:00Z" }],
      image: "/images/covers/a.svg",
      instructor: "Priya Mehta",
      url: "https://x.in/notes/9",
    };
    expect(productJsonLd(item)).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.9, reviewCount: 20, bestRating: 5 },
      review: [
        {
          "@type": "Review",
          reviewRating: { ratingValue: 5 },
          author: { "@type": "Person", name: "Riya S." },
          datePublished: "2026-01-05",
          reviewBody: "Clear.",
        },
      ],
    });
    expect(JSON.stringify(productJsonLd({ ...item, rating: 0, reviewCount: 0 }))).not.toContain("Review");
  });

  it("JSON-LD of an item without reviews (rating 0) carries no aggregateRating", () => {
    const base = {
      title: "New Notes",
      description: "d",
      pricePaise: 0,
      rating: 0,
      image: "/images/covers/a.svg",
      instructor: "Priya Mehta",
      url: "https://x.in/notes/9",
      appUrl: "https://x.in",
    };
    for (const kind of ["course", "note", "pyq"] as const) {
      const json = JSON.stringify(productJsonLd({ ...base, kind }));
      expect(json).not.toContain("aggregateRating");
      expect(json).not.toContain("ratingValue");
    }
  });
});

describe("robots and sitemap pages", () => {
  it("robots.txt keeps private areas out", () => {
    const robots = buildRobots("https://x.in");
    expect(robots).toContain("Disallow: /admin\n");
    // The per-order payment pages are private; the checkout page itself may be crawled.
    expect(robots).toContain("Disallow: /checkout/\n");
    expect(robots).not.toContain("Disallow: /checkout\n");
    expect(robots).toContain("Disallow: /my-courses\n");
    expect(robots).toContain("Sitemap: https://x.in/sitemap.xml");
  });

  it("the sitemap's static pages are the public ones", () => {
    expect(STATIC_SITEMAP_PATHS).toEqual(
      expect.arrayContaining(["/", "/about", "/contact", "/toppers", "/notes/std/12"]),
    );
    expect(STATIC_SITEMAP_PATHS.some((p) => /admin|checkout|my-courses|login|signup/.test(p))).toBe(false);
  });
});
