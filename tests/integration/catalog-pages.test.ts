/**
 * The catalog pages as a student sees them (issue 18): items the student owns show "Open" (course →
 * player, note/PYQ → download) on cards and detail pages, everyone else "Add to Cart"; a course page
 * shows its real curriculum from the outline; an item without reviews shows "New". Loaders run on a
 * real Request (with the session cookie when signed in) and the route components render their data.
 */
import { eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getAuth } from "~/features/accounts/auth.server";
import { cardAction } from "~/features/cart/card-action";
import { CartProvider } from "~/features/cart/cart-context";
import { ProductSection } from "~/features/catalog/product-grid";
import { loader as rootLoader } from "~/root";
import { loader as accountLoader } from "~/routes/account/account";
import { loader as classLoader } from "~/routes/store/catalog-class";
import { loader as homeLoader } from "~/routes/store/home";
import { loader as layoutLoader } from "~/routes/store/layout";
import { loader as myCoursesLoader } from "~/routes/store/my-courses";
import ProductPage, {
  action as productAction,
  loader as productLoader,
  meta as productMeta,
} from "~/routes/store/product";
import { cookieFor, createTestUser } from "../helpers/auth";
import { createProduct } from "../helpers/factories";
import { requestFor, urlencoded } from "../helpers/hostile";
import { flashOf, makeRequest, routeCall, routeContext } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Loader = (args: any) => unknown;

async function load<T extends Loader>(loader: T, path: string, params: Record<string, string> = {}, cookie?: string) {
  const request = makeRequest(path, cookie ? { headers: { cookie } } : undefined);
  return (await routeCall(loader, { request, params, context: {} })) as Awaited<ReturnType<T>>;
}

// A data router around the page: the cart provider revalidates after cart changes (useRevalidator).
let shown: ReactElement | null = null;
function Shown() {
  return createElement(CartProvider, { serverCart: null } as Parameters<typeof CartProvider>[0], shown);
}
const Stub = createRoutesStub([{ path: "/", Component: Shown }]);

function render(element: ReactElement) {
  shown = element;
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
}

type ProductData = Awaited<ReturnType<typeof productLoader>>;
function renderProductPage(loaderData: ProductData) {
  // biome-ignore lint/suspicious/noExplicitAny: the generated ComponentProps also carry params and matches
  return render(createElement(ProductPage as any, { loaderData, params: {}, matches: [] }));
}

async function seeded(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.slug, slug));
  return row!;
}

async function enrol(userId: string, productId: number, revokedAt: Date | null = null) {
  const db = await getDb();
  await db.insert(schema.enrolments).values({ userId, productId, source: "grant", revokedAt });
}

/** The detail page's "This includes" list, as text. */
function featuresOf(html: string) {
  const list = html.slice(html.indexOf("This includes"));
  const items = list.slice(0, list.indexOf("</ul>")).match(/<li[^>]*>.*?<\/li>/g) ?? [];
  return items.map((li) => li.replace(/<[^>]+>/g, ""));
}

/** The element (start tag to end tag) whose start tag contains `marker`. */
function elementWith(html: string, marker: string) {
  const at = html.indexOf(marker);
  if (at === -1) return null;
  const start = html.lastIndexOf("<", at);
  const tag = /^<(\w+)/.exec(html.slice(start))![1]!;
  return html.slice(start, html.indexOf(`</${tag}>`, at) + tag.length + 3);
}

describe("owned items show Open", () => {
  it("a visitor's loaders carry no owned state at all (the anonymous page stays the cached one)", async () => {
    const course = await seeded("accountancy-class-12");
    const home = await load(homeLoader, "/");
    const list = await load(classLoader, "/courses/std/12", { std: "12" });
    const detail = await load(productLoader, `/courses/${course.id}`, { id: String(course.id) });
    for (const data of [home, list, detail]) expect("owned" in data).toBe(false);
  });

  it("a student's loaders return the ids they own among the items shown; a refunded enrolment is not owned", async () => {
    const student = await createTestUser();
    const cookie = await cookieFor(student);
    const course = await seeded("accountancy-class-12");
    const other = await seeded("economics-class-12");
    const { featuredNotes } = await load(homeLoader, "/");
    const note = featuredNotes.find((n) => n.pricePaise > 0);
    await enrol(student.id, course.id);
    await enrol(student.id, note!.id);
    await enrol(student.id, other.id, new Date()); // revoked by a refund

    const home = await load(homeLoader, "/", {}, cookie);
    expect(home.owned?.sort()).toEqual([course.id, note!.id].sort());
    const list = await load(classLoader, "/courses/std/12", { std: "12" }, cookie);
    expect(list.owned).toEqual([course.id]);
    const mine = await load(productLoader, `/courses/${course.id}`, { id: String(course.id) }, cookie);
    expect(mine.owned).toEqual([course.id]);
    const notMine = await load(productLoader, `/courses/${other.id}`, { id: String(other.id) }, cookie);
    expect(notMine.owned).toEqual([]);

    // Another student owns nothing: Add to Cart everywhere.
    const stranger = await cookieFor(await createTestUser());
    expect((await load(homeLoader, "/", {}, stranger)).owned).toEqual([]);
  });

  it("the detail page of an owned course has an Open link to the player as its main action; others get Add to Cart", async () => {
    const student = await createTestUser();
    const cookie = await cookieFor(student);
    const course = await seeded("accountancy-class-12");
    await enrol(student.id, course.id);

    const owner = renderProductPage(
      await load(productLoader, `/courses/${course.id}`, { id: String(course.id) }, cookie),
    );
    const open = elementWith(owner, `href="/my-courses/${course.id}"`);
    expect(open).toMatch(/>Open<\/a>$/);
    expect(open).toContain("data-main-action");
    expect(owner).toContain("You own this course.");
    expect(owner).not.toContain("Add to Cart");
    expect(owner).not.toContain("data-add-to-cart");

    for (const data of [
      await load(productLoader, `/courses/${course.id}`, { id: String(course.id) }),
      await load(
        productLoader,
        `/courses/${course.id}`,
        { id: String(course.id) },
        await cookieFor(await createTestUser()),
      ),
    ]) {
      const html = renderProductPage(data);
      expect(html).not.toContain(`href="/my-courses/${course.id}"`);
      expect(elementWith(html, "data-add-to-cart")).toMatch(/data-main-action.*Add to Cart<\/button>$/);
    }
  });

  it("an owned note or PYQ opens as its PDF download (detail page and card)", async () => {
    const student = await createTestUser();
    const cookie = await cookieFor(student);
    const list = await load(classLoader, "/pyq/std/12", { std: "12" }, cookie);
    const pyq = list.products[0]!;
    await enrol(student.id, pyq.id);

    const detail = renderProductPage(await load(productLoader, `/pyq/${pyq.id}`, { id: String(pyq.id) }, cookie));
    const open = elementWith(detail, `href="/downloads/${pyq.id}"`);
    expect(open).toContain("download");
    expect(open).toContain("data-main-action");
    expect(open).toMatch(/>Open<\/a>$/);

    const owned = (await load(classLoader, "/pyq/std/12", { std: "12" }, cookie)).owned;
    const cards = render(
      createElement(ProductSection, { title: "PYQ", products: list.products, itemAction: cardAction(owned) }),
    );
    expect(elementWith(cards, `aria-label="Open: ${pyq.title}"`)).toContain(`href="/downloads/${pyq.id}"`);
    expect(cards).not.toContain(`aria-label="Add to Cart: ${pyq.title}"`);
    for (const other of list.products.slice(1)) {
      if (other.pricePaise > 0) expect(cards).toContain(`aria-label="Add to Cart: ${other.title}"`);
      else {
        // A free paper is taken in one step on its page, never put in the cart at ₹0.
        expect(cards).not.toContain(`aria-label="Add to Cart: ${other.title}"`);
        expect(elementWith(cards, `aria-label="Get it free: ${other.title}"`)).toContain(`href="/pyq/${other.id}"`);
      }
    }
    expect(list.products.some((p) => p.pricePaise === 0)).toBe(true);
  });

  it("home cards: Open on the owned course (to its player), Add to Cart on the rest", async () => {
    const student = await createTestUser();
    const cookie = await cookieFor(student);
    const course = await seeded("economics-class-11");
    await enrol(student.id, course.id);
    const { courses, owned } = await load(homeLoader, "/", {}, cookie);
    const html = render(
      createElement(ProductSection, { title: "Our Courses", products: courses, itemAction: cardAction(owned) }),
    );
    expect(elementWith(html, `aria-label="Open: ${course.title}"`)).toContain(`href="/my-courses/${course.id}"`);
    expect(html.match(/aria-label="Add to Cart: /g)).toHaveLength(courses.length - 1);
    // The visitor's cards: Add to Cart on every one.
    const anonymous = render(
      createElement(ProductSection, { title: "Our Courses", products: courses, itemAction: cardAction(undefined) }),
    );
    expect(anonymous.match(/aria-label="Add to Cart: /g)).toHaveLength(courses.length);
    expect(anonymous).not.toContain(">Open<");
  });
});

describe("a signed-in page looks the session up once", () => {
  it("the root loader and the page's loader share one lookup through the request's load context", async () => {
    const cookie = await cookieFor(await createTestUser());
    const auth = await getAuth(await getDb());
    const getSession = vi.spyOn(auth.api, "getSession");
    try {
      // React Router gives each loader its own copy of the Request, and one load context.
      const context = await routeContext(makeRequest("/courses/std/12", { headers: { cookie } }));
      const args = (path: string, params: Record<string, string> = {}) => ({
        request: makeRequest(path, { headers: { cookie } }),
        params,
        context,
      });
      const [root, page] = await Promise.all([
        rootLoader(args("/courses/std/12") as never),
        classLoader(args("/courses/std/12", { std: "12" }) as never),
      ]);
      expect((root as { data: { user: unknown } }).data.user).toBeTruthy();
      expect(page.owned).toEqual([]);
      expect(getSession).toHaveBeenCalledTimes(1);
      // The next request with the same cookies, seconds later, is answered from the session the cookie
      // cache gave (guards.server.ts, recentSessions); other cookies (a sign-out, a renewed cache) look up again.
      await routeCall(classLoader, { ...args("/courses/std/12", { std: "12" }), context: {} } as never);
      expect(getSession).toHaveBeenCalledTimes(1);
      const other = await cookieFor(await createTestUser());
      const theirs = await routeCall(classLoader, {
        request: makeRequest("/courses/std/12", { headers: { cookie: other } }),
        params: { std: "12" },
        context: {},
      } as never);
      expect(theirs).toBeTruthy();
      expect(getSession).toHaveBeenCalledTimes(2);
    } finally {
      getSession.mockRestore();
    }
  });

  it("so do the store layout's and a personal page's loaders (/my-courses, /account)", async () => {
    const auth = await getAuth(await getDb());
    const getSession = vi.spyOn(auth.api, "getSession");
    try {
      for (const [path, pageLoader] of [
        ["/my-courses", myCoursesLoader],
        ["/account", accountLoader],
      ] as const) {
        getSession.mockClear();
        // A student of their own: the last one's cookies would be answered from the recent sessions.
        const cookie = await cookieFor(await createTestUser());
        // The account layout's middleware looks the user up first; the loaders share its lookup.
        const context = await routeContext(makeRequest(path, { headers: { cookie } }));
        const args = () => ({ request: makeRequest(path, { headers: { cookie } }), params: {}, context });
        await Promise.all([
          rootLoader(args() as never),
          layoutLoader(args() as never),
          (pageLoader as (a: unknown) => Promise<unknown>)(args()),
        ]);
        expect(getSession, path).toHaveBeenCalledTimes(1);
      }
    } finally {
      getSession.mockRestore();
    }
  });
});

describe("course curriculum", () => {
  it("a new course with modules and lessons and no topics shows its lessons, count and length, and no video link", async () => {
    const db = await getDb();
    const course = await createProduct({ title: "Partnership Accounts Crash Course", modules: [] });
    const [first, second] = await db
      .insert(schema.courseModules)
      .values([
        { productId: course.id, title: "Fundamentals", position: 1 },
        { productId: course.id, title: "Goodwill", position: 2 },
      ])
      .returning();
    // An empty module is left out, as in the player.
    await db.insert(schema.courseModules).values({ productId: course.id, title: "Coming soon", position: 3 });
    const video = "https://www.youtube-nocookie.com/embed/SECRETVIDEO";
    await db.insert(schema.lessons).values([
      {
        moduleId: second!.id,
        productId: course.id,
        title: "Valuing goodwill",
        position: 1,
        videoUrl: video,
        durationSeconds: 40 * 60,
      },
      {
        moduleId: first!.id,
        productId: course.id,
        title: "Partnership deed",
        position: 2,
        videoUrl: video,
        durationSeconds: 50 * 60,
      },
      {
        moduleId: first!.id,
        productId: course.id,
        title: "What a partnership is",
        position: 1,
        videoUrl: video,
        durationSeconds: 30 * 60,
      },
    ]);

    const data = await load(productLoader, `/courses/${course.id}`, { id: String(course.id) });
    expect(data.product.modules).toEqual([]);
    expect(data.curriculum.map((m) => [m.title, m.lessons.map((l) => l.title)])).toEqual([
      ["Fundamentals", ["What a partnership is", "Partnership deed"]],
      ["Goodwill", ["Valuing goodwill"]],
    ]);
    expect(JSON.stringify(data)).not.toContain("SECRETVIDEO");

    const html = renderProductPage(data);
    expect(html).toContain("Course curriculum");
    expect(html).toContain("2 modules · 3 lessons · 2 h");
    expect(html).toContain("2 lessons · 1 h 20 min");
    for (const title of ["What a partnership is", "Partnership deed", "Valuing goodwill"])
      expect(html).toContain(title);
    expect(html).not.toContain("Coming soon");
    expect(html).not.toContain("What you&#x27;ll learn");
    expect(html).not.toContain("SECRETVIDEO");
    // "This includes" says what the lessons hold (issue 32): no notes the course does not have.
    expect(featuresOf(html)).toEqual(["3 Video Lectures", "Full Lifetime Access"]);
  });

  it("a course with a practice test lesson lists its tests beside its video lectures", async () => {
    const db = await getDb();
    const course = await createProduct({ modules: [] });
    const test = await createProduct({ kind: "test", status: "draft" });
    await db.insert(schema.practiceTests).values({ productId: test.id, timeLimitMinutes: 30 });
    const [mod] = await db.insert(schema.courseModules).values({ productId: course.id, title: "Ratios" }).returning();
    await db.insert(schema.lessons).values([
      { moduleId: mod!.id, productId: course.id, title: "Liquidity", videoUrl: "https://player.vimeo.com/video/1" },
      { moduleId: mod!.id, productId: course.id, title: "Ratio test", position: 2, testProductId: test.id },
    ]);
    const html = renderProductPage(await load(productLoader, `/courses/${course.id}`, { id: String(course.id) }));
    expect(featuresOf(html)).toEqual(["1 Video Lecture", "1 Practice Test", "Full Lifetime Access"]);
  });

  it("lessons without a known length: the count only; the free-text topics stay above as a summary", async () => {
    const db = await getDb();
    const course = await createProduct({ modules: ["Ratios in one page"] });
    const [mod] = await db.insert(schema.courseModules).values({ productId: course.id, title: "Ratios" }).returning();
    await db.insert(schema.lessons).values([
      {
        moduleId: mod!.id,
        productId: course.id,
        title: "Liquidity ratios",
        videoUrl: "https://player.vimeo.com/video/1",
        durationSeconds: 600,
      },
      {
        moduleId: mod!.id,
        productId: course.id,
        title: "Solvency ratios",
        videoUrl: "https://player.vimeo.com/video/2",
      },
    ]);
    const html = renderProductPage(await load(productLoader, `/courses/${course.id}`, { id: String(course.id) }));
    expect(html).toContain("1 module · 2 lessons<");
    expect(html.indexOf("What you&#x27;ll learn")).toBeGreaterThan(-1);
    expect(html.indexOf("What you&#x27;ll learn")).toBeLessThan(html.indexOf("Course curriculum"));
    expect(html).toContain("Ratios in one page");
  });

  it("notes and PYQ have no curriculum", async () => {
    const note = await createProduct({ kind: "note", modules: ["Chapter 1"] });
    const data = await load(productLoader, `/notes/${note.id}`, { id: String(note.id) });
    expect(data.curriculum).toEqual([]);
    expect(renderProductPage(data)).not.toContain("Course curriculum");
  });
});

describe('"Get it free"', () => {
  it("a free note offers Get it free, which makes it the student's in one post; a visitor is asked to log in", async () => {
    const db = await getDb();
    const free = await createProduct({ kind: "note", pricePaise: 0, title: "Free Formula Sheet" });
    const path = `/notes/${free.id}`;
    const page = renderProductPage(await load(productLoader, path, { id: String(free.id) }));
    const button = elementWith(page, "data-main-action")!;
    expect(button).toContain("Get it free");
    expect(page).not.toContain("Add to Cart");

    const claim = (cookie?: string) =>
      routeCall(productAction, {
        request: requestFor(path, urlencoded({ intent: "claim" }), { cookie }),
        params: { id: String(free.id) },
        context: {},
      } as never).catch((thrown: unknown) => thrown) as Promise<Response>;
    const visitor = await claim();
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

    const user = await createTestUser();
    const cookie = await cookieFor(user);
    const done = await claim(cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(path);
    expect(await flashOf(done)).toBe('"Free Formula Sheet" is yours. Open it here or from My Courses.');
    const enrolled = await db.select().from(schema.enrolments).where(eq(schema.enrolments.userId, user.id));
    expect(enrolled.map((e) => [e.productId, e.source])).toEqual([[free.id, "free"]]);
    // Now it opens (downloads) instead.
    const owned = await load(productLoader, path, { id: String(free.id) }, cookie);
    expect(elementWith(renderProductPage(owned), "data-main-action")).toContain(`href="/downloads/${free.id}"`);
  });
});

describe("the description", () => {
  it('a long one is previewed to a whole word with "Read more" leading to all of it; a short one is shown once', async () => {
    const words = "Partnership accounts explained with solved board questions, ledger formats and revision notes";
    const description = `${words}. ${words}, again for practice.`;
    const long = await createProduct({ kind: "note", description });
    const html = renderProductPage(await load(productLoader, `/notes/${long.id}`, { id: String(long.id) }));
    const preview = elementWith(html, 'class="mt-3 text-lg text-slate-700"')!;
    expect(preview).toContain(`${words}. Partnership accounts explained with solved board…`);
    expect(preview).toMatch(/<a href="#about"[^>]*>Read more<\/a>/);
    const about = elementWith(html, 'id="about"')!;
    expect(about).toContain("About this note");
    expect(about).toContain(description);

    const short = await createProduct({ kind: "pyq", description: "Board paper of 2024 with the marking scheme." });
    const shortHtml = renderProductPage(await load(productLoader, `/pyq/${short.id}`, { id: String(short.id) }));
    expect(shortHtml).toContain("Board paper of 2024 with the marking scheme.</p>");
    expect(shortHtml).not.toContain("Read more");
    expect(shortHtml).not.toContain('id="about"');
  });
});

describe('"New" instead of 0.0', () => {
  it("an item without reviews shows New on its card and detail page, and no rating in its JSON-LD", async () => {
    const course = await createProduct({ title: "Brand New Course" });
    const data = await load(productLoader, `/courses/${course.id}`, { id: String(course.id) });
    const detail = renderProductPage(data);
    expect(detail).toContain(">New</span>");
    expect(detail).not.toContain("0.0");
    expect(detail).not.toContain("stars-track");
    const card = render(
      createElement(ProductSection, { title: "x", products: [data.product], itemAction: cardAction(undefined) }),
    );
    expect(card).toContain(">New</span>");
    expect(card).not.toContain("0.0");
    // biome-ignore lint/suspicious/noExplicitAny: the generated MetaArgs also carry params and location
    const head = JSON.stringify(productMeta({ loaderData: data, matches: [] } as any));
    expect(head).toContain("script:ld+json");
    expect(head).not.toContain("aggregateRating");

    const seededCourse = await seeded("accountancy-class-12");
    const rated = renderProductPage(
      await load(productLoader, `/courses/${seededCourse.id}`, { id: String(seededCourse.id) }),
    );
    expect(rated).toContain('aria-label="Rated 4.9 out of 5 from 10 reviews"');
    expect(rated).not.toContain(">New</span>");
  });
});
