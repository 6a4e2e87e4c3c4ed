import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { KIND_BASE_ROUTE, KIND_LABELS } from "~/features/catalog/labels";
import { SiteFooter } from "./site-footer";
import { NAV_LINKS } from "./site-header";

function footerLinks() {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  const nav = html.slice(html.indexOf('<nav aria-label="Footer"'), html.indexOf("</nav>"));
  return [...nav.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`);
}

describe("site links", () => {
  it("the footer lists every kind of the shop, Tests after PYQ, Bundles after Tests, then the other pages", () => {
    expect(footerLinks()).toEqual([
      "Courses /courses",
      "Notes /notes",
      "PYQ /pyq",
      "Tests /tests",
      "Bundles /bundles",
      "Toppers /toppers",
      "About /about",
      "Contact /contact",
    ]);
  });

  it("the header and mobile menu (NAV_LINKS) and the footer reach each kind's listing", () => {
    const footer = footerLinks();
    for (const [kind, to] of Object.entries(KIND_BASE_ROUTE)) {
      const label = KIND_LABELS[kind as keyof typeof KIND_LABELS];
      expect(NAV_LINKS.map((l) => `${l.label} ${l.to}`)).toContain(`${label} ${to}`);
      expect(footer).toContain(`${label} ${to}`);
    }
  });
});
