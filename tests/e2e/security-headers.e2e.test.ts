/**
 * Security headers on every kind of answer of the production server: a document, an API answer
 * and an uploaded file. Uploaded files are never served as HTML, even when their bytes are HTML
 * or SVG with a script (a file planted in storage under an image name). Personalised answers are
 * never stored by a browser or a shared cache.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshInstall } from "../helpers/fixtures";
import { type RunningServer, startServer } from "../helpers/server";
import {
  addToServerCart,
  payOnTestGateway,
  placeOrderOverHttp,
  STUDENT_PASSWORD,
  signUpOverHttp,
} from "../helpers/student-http";

let server: RunningServer;
const htmlAsPng = `images/${randomUUID()}.png`;
const svgAsGif = `images/${randomUUID()}.gif`;
const plantedHtml = `images/${randomUUID()}.html`;
const plantedSvg = `images/${randomUUID()}.svg`;

beforeAll(async () => {
  const dataDir = await freshInstall();
  const files = path.join(dataDir, "files", "images");
  fs.mkdirSync(files, { recursive: true });
  const html = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
  fs.writeFileSync(path.join(dataDir, "files", htmlAsPng), html);
  fs.writeFileSync(path.join(dataDir, "files", svgAsGif), svg);
  fs.writeFileSync(path.join(dataDir, "files", plantedHtml), html);
  fs.writeFileSync(path.join(dataDir, "files", plantedSvg), svg);
  server = await startServer({ dataDir });
});

afterAll(async () => {
  await server?.stop();
});

function expectCommonHeaders(res: Response, what: string) {
  // File routes set it themselves too (they may be served without server.js): repeated is fine.
  expect(res.headers.get("x-content-type-options")?.split(/,\s*/), what).toSatisfy((values: string[] | undefined) =>
    Boolean(values?.length && values.every((v) => v === "nosniff")),
  );
  expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  // Production: HSTS for a year, subdomains included (server.js leaves it out in development).
  expect(res.headers.get("strict-transport-security"), what).toMatch(/max-age=31536000; includeSubDomains/);
}

describe("security headers (production server)", () => {
  it("a document: nosniff, referrer policy, HSTS, and frame-ancestors 'none' in its CSP", async () => {
    const res = await fetch(`${server.url}/courses`);
    expect(res.status).toBe(200);
    expectCommonHeaders(res, "document");
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
  });

  it("an API answer carries the same headers", async () => {
    for (const url of ["/api/cart", "/api/payments/razorpay/webhook", "/healthz"]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBeLessThan(500);
      expectCommonHeaders(res, url);
    }
  });

  it("an uploaded file whose bytes are HTML or SVG is served as an image, sandboxed, never as HTML", async () => {
    for (const [key, type] of [
      [htmlAsPng, "image/png"],
      [svgAsGif, "image/gif"],
    ] as const) {
      const res = await fetch(`${server.url}/media/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.headers.get("content-type"), key).toBe(type);
      expectCommonHeaders(res, key);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/default-src 'none'/);
      expect(csp).toMatch(/sandbox/);
      expect(res.headers.get("content-disposition")).toBe("inline");
    }
  });

  it("files under other names (.html, .svg, paths, PDFs) are not served at all", async () => {
    for (const url of [
      `/media/${plantedHtml}`,
      `/media/${plantedSvg}`,
      "/media/images/..%2f..%2fpglite%2fPG_VERSION",
      "/media/images/%2e%2e%2fpdfs%2fx.pdf",
    ]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(404);
      expect(res.headers.get("content-type"), url).not.toMatch(/html|svg/);
      expectCommonHeaders(res, url);
    }
  });

  it("personalised answers (account, checkout, my courses, admin, downloads, invoices and their .data) are private, no-store", async () => {
    const student = {
      name: "Ira Sen",
      email: `ira.${randomUUID().slice(0, 8)}@example.com`,
      password: STUDENT_PASSWORD,
    };
    const cookie = await signUpOverHttp(server.url, student);
    // A paid order: a course, and a note whose PDF the student may download (seeded ids 1 and 9).
    await addToServerCart(server.url, student, 1);
    await addToServerCart(server.url, student, 9);
    const orderId = await placeOrderOverHttp(server.url, student);
    await payOnTestGateway(server.url, student, orderId);
    const paths = [
      "/account",
      "/account.data",
      "/account/orders",
      `/account/orders/${orderId}`,
      `/account/orders/${orderId}.data`,
      `/account/orders/${orderId}/invoice`,
      "/checkout",
      "/checkout.data",
      `/checkout/pay/${orderId}`,
      `/checkout/pay/${orderId}.data`,
      "/my-courses",
      "/my-courses.data",
      "/my-courses/1",
      "/downloads/9",
      "/downloads/1",
      "/admin",
      "/admin/settings.data",
      // React Router matches paths case-insensitively and decoded: so does the rule.
      "/Account",
      "/%61ccount",
    ];
    for (const who of ["student", "anonymous"] as const) {
      for (const url of paths) {
        const res = await fetch(`${server.url}${url}`, {
          headers: who === "student" ? { cookie } : {},
          redirect: "manual",
        });
        expect(res.headers.get("cache-control"), `${who} ${url} (${res.status})`).toBe("private, no-store");
        if (who === "student" && /invoice|downloads\/9/.test(url)) {
          expect(res.headers.get("content-type"), url).toBe("application/pdf");
        }
        await res.body?.cancel();
      }
    }
    // Public pages stay cacheable (the shared page cache serves them to anonymous visitors).
    const courses = await fetch(`${server.url}/courses`);
    expect(courses.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
    await courses.body?.cancel();
  });

  it("a signed-in visitor's pages with their name or email are private, no-store, Vary: Cookie; a shared page has neither", async () => {
    const student = {
      // A name no page of the seed shows (a topper or a testimonial would count as personal).
      name: `Zoya Probe ${randomUUID().slice(0, 6)}`,
      email: `zoya.${randomUUID().slice(0, 8)}@example.com`,
      password: STUDENT_PASSWORD,
    };
    const signedUp = await signUpOverHttp(server.url, student);
    const pairs = signedUp.split("; ");
    // As a browser sends them once the first page has set the hint: the session, its cache and the hint…
    const browser = [...pairs.filter((p) => p.startsWith("ca.session_")), "ca_signed_in=1"].join("; ");
    // …and as the probe sent them: the session alone (never a shared page).
    const sessionOnly = pairs.filter((p) => p.startsWith("ca.session_")).join("; ");
    expect(sessionOnly).toMatch(/ca\.session_token=/);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const testId = /\/tests\/(\d+)<\/loc>/.exec(sitemap)?.[1];
    expect(testId).toBeTruthy();
    const urls = [
      "/",
      "/courses/1",
      `/tests/${testId}`,
      `/tests/${testId}.data`,
      "/contact",
      "/reset-password",
      "/about",
    ];
    // The anonymous pages are in the page cache first, as on a live site.
    for (const url of urls) await (await fetch(`${server.url}${url}`)).arrayBuffer();
    let personal = 0;
    let shared = 0;
    for (const [who, cookie] of [
      ["session only", sessionOnly],
      ["browser", browser],
      ["with the flash", signedUp],
    ] as const) {
      for (const url of urls) {
        const res = await fetch(`${server.url}${url}`, { headers: { cookie } });
        const body = await res.text();
        const what = `${who} ${url} (${res.status}, ${res.headers.get("x-page-cache") ?? "rendered"})`;
        expect(res.status, what).toBe(200);
        if (body.includes(student.email) || body.includes(student.name)) {
          personal++;
          expect(res.headers.get("cache-control"), what).toBe("private, no-store");
          expect(res.headers.get("vary") ?? "", what).toMatch(/\bCookie\b/i);
        } else {
          // Only the shared catalog page may leave out the person: the anonymous page, from the cache.
          shared++;
          expect(res.headers.get("x-page-cache"), what).toBe("hit");
        }
      }
    }
    // Everything the probe listed was personal for the session-only visitor.
    expect(personal).toBeGreaterThanOrEqual(urls.length);
    expect(shared).toBeGreaterThan(0);
  });
});
