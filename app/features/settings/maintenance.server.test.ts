import { describe, expect, it } from "vitest";
import { isOpenDuringMaintenance, MAINTENANCE_HTML, MAINTENANCE_MESSAGE } from "./maintenance.server";

describe("the maintenance page", () => {
  it("carries the brand: the logo and the name", () => {
    expect(MAINTENANCE_HTML).toMatch(/<p class="brand"><svg[^>]*>.*<\/svg><span>Commerce Academy<\/span><\/p>/);
    expect(MAINTENANCE_HTML).toContain("<h1>We'll be right back</h1>");
    expect(MAINTENANCE_HTML).toContain(MAINTENANCE_MESSAGE);
  });

  it("links only to pages that are open during maintenance, so no link leads back to this page", () => {
    const hrefs = [...MAINTENANCE_HTML.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs).toEqual(["/login"]);
    for (const href of hrefs) expect(isOpenDuringMaintenance(href), href).toBe(true);
  });

  it("loads nothing else (no stylesheet, image or script that maintenance would refuse)", () => {
    expect(MAINTENANCE_HTML).not.toMatch(/<(script|link|img)\b|src=/);
  });
});
