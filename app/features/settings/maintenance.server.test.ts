import { describe, expect, it, vi } from "vitest";
import {
  isOpenDuringMaintenance,
  MAINTENANCE_HTML,
  MAINTENANCE_MESSAGE,
  refusedForMaintenance,
  rememberMaintenanceMode,
} from "./maintenance.server";

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

describe("refusedForMaintenance", () => {
  const request = (path: string, cookie?: string) =>
    new Request(`http://localhost${path}`, cookie ? { headers: { cookie } } : undefined);

  it("looks the visitor up only while maintenance is on, off an open path, for a request with a cookie", async () => {
    const lookUp = vi.fn(async () => ({ role: "admin" }));
    try {
      rememberMaintenanceMode(false);
      expect(await refusedForMaintenance(request("/courses", "ca.session_token=x"), lookUp)).toBe(false);
      rememberMaintenanceMode(true);
      expect(await refusedForMaintenance(request("/login", "ca.session_token=x"), lookUp)).toBe(false);
      expect(await refusedForMaintenance(request("/courses"), lookUp)).toBe(true);
      expect(lookUp).not.toHaveBeenCalled();
      expect(await refusedForMaintenance(request("/courses", "ca.session_token=x"), lookUp)).toBe(false);
      expect(lookUp).toHaveBeenCalledTimes(1);
    } finally {
      rememberMaintenanceMode(false);
    }
  });

  it("refuses a signed-in visitor who is not an admin, and a cookie with no session", async () => {
    try {
      rememberMaintenanceMode(true);
      const cookie = "ca.session_token=x";
      expect(await refusedForMaintenance(request("/courses", cookie), async () => ({ role: "student" }))).toBe(true);
      expect(await refusedForMaintenance(request("/courses", cookie), async () => null)).toBe(true);
    } finally {
      rememberMaintenanceMode(false);
    }
  });
});
