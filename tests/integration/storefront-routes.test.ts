import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { loader as rootLoader } from "~/root";
import { loader as robotsLoader } from "~/routes/seo/robots";
import { loader as sitemapLoader } from "~/routes/seo/sitemap";
import { loader as classLoader } from "~/routes/store/catalog-class";
import { loader as indexLoader } from "~/routes/store/catalog-index";
import { CONTACT_SUCCESS, action as contactAction, loader as contactLoader } from "~/routes/store/contact";
import { loader as homeLoader } from "~/routes/store/home";
import { loader as layoutLoader } from "~/routes/store/layout";
import { loader as productLoader } from "~/routes/store/product";
import { loader as toppersLoader } from "~/routes/store/toppers";
import { createProduct } from "../helpers/factories";
import { callLoader, flashOf, makeRequest, routeCall, thrownStatus } from "../helpers/route";

async function productId(title: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.title, title));
  return row!;
}

describe("catalog routes", () => {
  it("/courses, /notes and /pyq know their kind; other paths are 404", async () => {
    expect((await callLoader(indexLoader, "/courses")).kind).toBe("course");
    expect((await callLoader(indexLoader, "/notes")).kind).toBe("note");
    expect((await callLoader(indexLoader, "/pyq")).kind).toBe("pyq");
    expect(await thrownStatus(() => callLoader(indexLoader, "/books"))).toBe(404);
  });

  it("class lists are filtered by each item's class; items for both classes appear in both", async () => {
    const c11 = await callLoader(classLoader, "/courses/std/11", { std: "11" });
    const c12 = await callLoader(classLoader, "/courses/std/12", { std: "12" });
    expect(c11.products.map((p) => p.title)).toEqual([
      "Accountancy Class 11",
      "Economics Class 11",
      "Business Studies Class 11",
    ]);
    expect(c12.products.map((p) => p.title)).toEqual([
      "Accountancy Class 12",
      "Economics Class 12",
      "Business Studies Class 12",
    ]);
    const n11 = (await callLoader(classLoader, "/notes/std/11", { std: "11" })).products.map((p) => p.title);
    const n12 = (await callLoader(classLoader, "/notes/std/12", { std: "12" })).products.map((p) => p.title);
    for (const both of ["Accountancy Formula Sheet", "English Core Writing Skills"]) {
      expect(n11).toContain(both);
      expect(n12).toContain(both);
    }
    expect(n11).toContain("Microeconomics Summary Notes");
    expect(n12).not.toContain("Microeconomics Summary Notes");
    expect(n12).toContain("Macroeconomics Quick Revision");
    expect(n11).not.toContain("Macroeconomics Quick Revision");
    const p11 = (await callLoader(classLoader, "/pyq/std/11", { std: "11" })).products;
    expect(p11.every((p) => p.kind === "pyq" && p.classLevel !== "12")).toBe(true);
    expect(p11).toHaveLength(2);
  });

  it("class lists only exist for 11 and 12", async () => {
    for (const std of ["10", "13", "both", "11.0", ""]) {
      expect(await thrownStatus(() => callLoader(classLoader, `/courses/std/${std}`, { std }))).toBe(404);
    }
  });

  it("detail pages load a published item of their own kind", async () => {
    const course = await productId("Accountancy Class 12");
    const data = await callLoader(productLoader, `/courses/${course.id}`, { id: String(course.id) });
    expect(data.product).toMatchObject({
      title: "Accountancy Class 12",
      kind: "course",
      instructor: "Priya Mehta",
      pricePaise: 99_900,
      rating: 4.9,
      reviewCount: 10,
    });
    expect(data.product.description.length).toBeGreaterThan(150);
    expect(data.product.modules.length).toBeGreaterThan(0);
    const note = await productId("Accountancy Formula Sheet");
    expect((await callLoader(productLoader, `/notes/${note.id}`, { id: String(note.id) })).product.pricePaise).toBe(0);
  });

  it("unknown, malformed, wrong-kind, draft and archived ids answer 404", async () => {
    const course = await productId("Accountancy Class 12");
    const note = await productId("Accountancy Formula Sheet");
    const cases: [string, string][] = [
      ["/courses/999999", "999999"],
      ["/courses/abc", "abc"],
      ["/courses/1.5", "1.5"],
      ["/courses/-1", "-1"],
      ["/courses/0", "0"],
      ["/courses/01", "01"],
      ["/courses/99999999999", "99999999999"],
      [`/notes/${course.id}`, String(course.id)],
      [`/pyq/${note.id}`, String(note.id)],
      [`/courses/${note.id}`, String(note.id)],
    ];
    for (const [path, id] of cases) {
      expect(await thrownStatus(() => callLoader(productLoader, path, { id })), path).toBe(404);
    }
    const draft = await createProduct({ kind: "course", status: "draft", title: "Draft course" });
    const archived = await createProduct({ kind: "course", status: "archived", title: "Old course" });
    for (const p of [draft, archived]) {
      expect(await thrownStatus(() => callLoader(productLoader, `/courses/${p.id}`, { id: String(p.id) }))).toBe(404);
    }
  });
});

describe("home, toppers and layout", () => {
  it("home has four banners, subject services, testimonials, toppers and the highlight", async () => {
    const data = await callLoader(homeLoader, "/");
    expect(data.banners).toHaveLength(4);
    expect(new Set(data.services.map((s) => s.subject)).size).toBe(4);
    expect(data.testimonials.length).toBeGreaterThan(0);
    expect(data.toppers.length).toBeGreaterThan(0);
    expect(data.highlight).toMatchObject({ subject: "Accountancy", instructor: "Priya Mehta" });
  });

  it("toppers come from the database", async () => {
    const data = await callLoader(toppersLoader, "/toppers");
    expect(data.toppers.map((t) => t.subject)).toEqual(
      expect.arrayContaining(["accountancy", "business_studies", "economics", "english"]),
    );
  });

  it("layout gives the public origin and the WhatsApp number from the settings", async () => {
    const db = await getDb();
    await db.update(schema.settings).set({ whatsappNumber: "911234567890" }).where(eq(schema.settings.id, 1));
    const data = await callLoader(layoutLoader, "/");
    expect(data.whatsappNumber).toBe("911234567890");
    expect(data.appUrl).toMatch(/^https?:\/\//);
  });
});

describe("contact form", () => {
  function post(fields: Record<string, string>) {
    const body = new URLSearchParams(fields);
    return routeCall(contactAction, {
      request: makeRequest("/contact", { method: "POST", body }),
      params: {},
      context: {},
    } as never);
  }

  it("stores a valid message, records a Contact event and redirects to the success message", async () => {
    const res = (await post({
      name: "  Riya Sen ",
      email: "Riya@Example.com",
      message: "Is the course in Hindi?",
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/contact");
    expect(await flashOf(res)).toBe(CONTACT_SUCCESS);
    const db = await getDb();
    const rows = await db.select().from(schema.contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Riya Sen", email: "riya@example.com", message: "Is the course in Hindi?" });
    const [event] = await db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(event).toMatchObject({ type: "Contact", status: "New", entityId: String(rows[0]!.id) });
    expect(event!.description).toContain("Riya Sen");
    // The next page shows the message once (root loader) and clears it; no cookie, no message.
    const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
    const shown = (await routeCall(rootLoader, {
      request: makeRequest("/contact", { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never)) as unknown as { data: { flash: unknown }; init: ResponseInit };
    expect(shown.data.flash).toEqual({ kind: "success", message: CONTACT_SUCCESS });
    expect(new Headers(shown.init.headers).get("Set-Cookie")).toMatch(/^ca_flash=;.*Max-Age=0/);
    const plain = (await routeCall(rootLoader, {
      request: makeRequest("/contact"),
      params: {},
      context: {},
    } as never)) as unknown as {
      data: { flash: unknown };
      init: ResponseInit | null;
    };
    expect(plain.data.flash).toBeNull();
    expect(new Headers(plain.init?.headers).get("Set-Cookie")).toBeNull();
    const page = await callLoader(contactLoader, "/contact");
    expect(page.email).toBe("hello@commerce-academy.in");
  });

  it("bad input gets 400 with field errors and stores nothing", async () => {
    const result = (await post({ name: " ", email: "not-an-email", message: "" })) as {
      data: { fieldErrors: Record<string, string>; values: Record<string, string> };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address.",
      message: "Please write a message.",
    });
    expect(result.data.values.email).toBe("not-an-email");
    const tooLong = (await post({ name: "A", email: "a@b.co", message: "x".repeat(5001) })) as {
      init: ResponseInit;
      data: { fieldErrors: Record<string, string> };
    };
    expect(tooLong.init.status).toBe(400);
    expect(Object.keys(tooLong.data.fieldErrors)).toEqual(["message"]);
    const missing = (await post({})) as { init: ResponseInit };
    expect(missing.init.status).toBe(400);
    const db = await getDb();
    expect(await db.select().from(schema.contactMessages)).toHaveLength(0);
    expect(await db.select().from(schema.auditLog).where(eq(schema.auditLog.type, "Contact"))).toHaveLength(0);
  });
});

describe("sitemap and robots", () => {
  it("sitemap.xml lists the public pages and every published item, nothing else", async () => {
    const draft = await createProduct({ kind: "note", status: "draft", title: "Secret draft" });
    const res = (await callLoader(sitemapLoader, "/sitemap.xml")) as Response;
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await res.text();
    const db = await getDb();
    const published = await db.select().from(schema.products).where(eq(schema.products.status, "published"));
    expect(published).toHaveLength(27); // 19 courses, notes and papers + 7 practice tests (2 board mocks) + 1 bundle
    const base = { course: "/courses", note: "/notes", pyq: "/pyq", test: "/tests", bundle: "/bundles" } as const;
    for (const p of published) expect(xml).toContain(`${base[p.kind]}/${p.id}</loc>`);
    expect(xml).not.toContain(`/notes/${draft.id}</loc>`);
    for (const path of ["/about</loc>", "/toppers</loc>", "/courses/std/11</loc>", "/pyq/std/12</loc>"]) {
      expect(xml).toContain(path);
    }
    expect(xml).not.toMatch(/\/(admin|checkout|my-courses)/);
    expect(xml.match(/<url>/g)).toHaveLength(27 + 19); // items + home, about, contact, toppers and 3 pages per kind
  });

  it("robots.txt disallows /admin, the per-order /checkout/ pages and /my-courses and names the sitemap", async () => {
    const text = await ((await robotsLoader()) as Response).text();
    for (const path of ["/admin", "/checkout/", "/my-courses"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
  });
});
