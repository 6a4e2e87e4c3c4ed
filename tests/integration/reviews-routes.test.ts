/**
 * Reviews through the detail page's loader and action (issue 22): what a visitor and a student see,
 * writing, editing, deleting and reporting a review, and bad input — a non-owner, a second review, a
 * rating of 0, 6 or "five", HTML, 100 KB of text — each a clear 4xx that stores nothing (property
 * tests over hostile bodies in hostile-forms.test.ts).
 */
import { eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { CartProvider } from "~/features/cart/cart-context";
import { ALREADY_REVIEWED, NO_LESSON_DONE, NOT_OWNED } from "~/features/reviews/reviews.server";
import { PLAIN_TEXT_ERROR, RATING_ERROR } from "~/features/reviews/schema";
import ProductPage, {
  action as productAction,
  loader as productLoader,
  meta as productMeta,
} from "~/routes/store/product";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { createProduct } from "../helpers/factories";
import { type Answer, expectRefusalStoresNothing, invoke, requestFor, urlencoded } from "../helpers/hostile";
import { createOrder } from "../helpers/orders";
import { makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Loader = (args: any) => unknown;
async function load(path: string, id: number, cookie?: string) {
  const request = makeRequest(path, cookie ? { headers: { cookie } } : undefined);
  return (await routeCall(productLoader as Loader, { request, params: { id: String(id) }, context: {} })) as Awaited<
    ReturnType<typeof productLoader>
  >;
}

let shown: ReactElement | null = null;
const Stub = createRoutesStub([
  {
    path: "/",
    Component: () => createElement(CartProvider, { serverCart: null } as Parameters<typeof CartProvider>[0], shown),
  },
]);
function renderPage(loaderData: Awaited<ReturnType<typeof productLoader>>) {
  // biome-ignore lint/suspicious/noExplicitAny: the generated ComponentProps also carry params and matches
  shown = createElement(ProductPage as any, { loaderData, params: {}, matches: [] });
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
}

async function post(path: string, id: number, fields: Record<string, string>, cookie?: string): Promise<Answer> {
  const label = `POST ${path} ${JSON.stringify(fields).slice(0, 200)}`;
  const { answer } = await expectRefusalStoresNothing(label, () =>
    invoke(productAction, requestFor(path, urlencoded(fields), { cookie }), { id: String(id) }),
  );
  return answer;
}

let note: Awaited<ReturnType<typeof createProduct>>;
let buyer: TestUser;
let buyerCookie: string;
beforeEach(async () => {
  note = await createProduct({ kind: "note", title: "Reviewed Note", pricePaise: 4_900 });
  buyer = await createTestUser({ name: "Riya Sharma" });
  buyerCookie = await cookieFor(buyer);
  await createOrder({ userId: buyer.id, products: [note], status: "fulfilled" });
});

describe("the detail page", () => {
  it("a visitor sees the seeded figures, breakdown and reviews, and nothing of any viewer", async () => {
    const db = await getDb();
    const [course] = await db.select().from(schema.products).where(eq(schema.products.title, "Accountancy Class 12"));
    const data = await load(`/courses/${course!.id}`, course!.id);
    expect(data).not.toHaveProperty("viewer");
    expect(data.product).toMatchObject({ rating: 4.9, reviewCount: 10 });
    expect(data.summary.breakdown).toEqual([
      { stars: 5, count: 9 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ]);
    expect(data.reviews).toMatchObject({ page: 1, pages: 2 });
    expect(data.reviews.reviews).toHaveLength(5);
    const times = data.reviews.reviews.map((r) => new Date(r.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const html = renderPage(data);
    expect(html).toContain("Ratings and reviews");
    // The seed's reviewers bought nothing: their reviews are marked as samples, never as verified.
    expect(html).toContain("Sample review");
    expect(html).not.toContain("Verified purchase");
    expect(html).toContain("Class 12");
    expect(html).toMatch(/Tanya B\.|Vihaan J\./);
    expect(html).not.toContain("Bansal");
    expect(html).toContain("Log in to write a review");
    expect(html).toContain('aria-label="Rated 4.9 out of 5 from 10 reviews"');
    const page2 = await load(`/courses/${course!.id}?reviews=2`, course!.id);
    expect(page2.reviews.page).toBe(2);
    expect(page2.reviews.reviews.map((r) => r.id)).not.toContain(data.reviews.reviews[0]!.id);
    expect((await load(`/courses/${course!.id}?reviews=abc`, course!.id)).reviews.page).toBe(1);
    // biome-ignore lint/suspicious/noExplicitAny: the generated MetaArgs also carry params and location
    const head = JSON.stringify(productMeta({ loaderData: data, matches: [] } as any));
    expect(head).toContain('"aggregateRating"');
    expect(head).toContain('"reviewCount":10');
    expect(head).toContain('"@type":"Review"');
  });

  it("an owner writes, edits and deletes a review; the card figures follow", async () => {
    const path = `/notes/${note.id}`;
    const before = await load(path, note.id, buyerCookie);
    expect(before.viewer).toMatchObject({ myReview: null, eligibility: { canReview: true } });
    expect(renderPage(before)).toContain("Write a review");
    const created = await post(
      path,
      note.id,
      { intent: "create", rating: "4", title: "Useful", body: "Good notes." },
      buyerCookie,
    );
    expect(created.status).toBe(302);
    const after = await load(path, note.id, buyerCookie);
    expect(after.product).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(after.viewer?.myReview).toMatchObject({ rating: 4, title: "Useful" });
    expect(after.reviews.reviews[0]).toMatchObject({ reviewer: "Riya S.", body: "Good notes." });
    const own = renderPage(after);
    expect(own).toContain("Save changes");
    // The author's own review is listed without "Report this review" (issue 32); others' keep it.
    expect(after.reviews.reviews).toHaveLength(1);
    expect(own).not.toContain("Report this review");
    const other = await createTestUser();
    expect(renderPage(await load(path, note.id, await cookieFor(other)))).toContain("Report this review");
    expect((await post(path, note.id, { intent: "update", rating: "5" }, buyerCookie)).status).toBe(302);
    expect((await load(path, note.id)).product).toMatchObject({ rating: 5, reviewCount: 1 });
    const deleted = await invoke(
      productAction,
      requestFor(path, urlencoded({ intent: "delete" }), { cookie: buyerCookie }),
      {
        id: String(note.id),
      },
    );
    expect(deleted.status).toBe(302);
    expect((await load(path, note.id)).product).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it("a student who cannot review sees why; a course needs a completed lesson", async () => {
    const other = await createTestUser();
    const cookie = await cookieFor(other);
    const data = await load(`/notes/${note.id}`, note.id, cookie);
    expect(data.viewer?.eligibility).toEqual({ canReview: false, reason: NOT_OWNED("note") });
    expect(renderPage(data)).toContain(NOT_OWNED("note"));
    const db = await getDb();
    const [course] = await db.select().from(schema.products).where(eq(schema.products.title, "Economics Class 12"));
    await createOrder({ userId: other.id, products: [course!], status: "fulfilled" });
    const page = await load(`/courses/${course!.id}`, course!.id, cookie);
    expect(renderPage(page)).toContain(NO_LESSON_DONE);
  });

  it("a student reports a review once", async () => {
    const path = `/notes/${note.id}`;
    await post(path, note.id, { intent: "create", rating: "2" }, buyerCookie);
    const other = await createTestUser();
    const cookie = await cookieFor(other);
    const [review] = (await load(path, note.id, cookie)).reviews.reviews;
    const first = await post(path, note.id, { intent: "report", reviewId: String(review!.id) }, cookie);
    expect(first.status).toBe(302);
    const again = await post(path, note.id, { intent: "report", reviewId: String(review!.id) }, cookie);
    expect(again.status).toBe(409);
    expect((await load(path, note.id, cookie)).viewer?.reported).toEqual([review!.id]);
  });
});

describe("bad input is a clear 4xx and stores nothing", () => {
  it("non-owner, second review, rating 0 / 6 / five, HTML, 100 KB of text", async () => {
    const path = `/notes/${note.id}`;
    const stranger = await createTestUser();
    const strangerCookie = await cookieFor(stranger);
    const nonOwner = await post(path, note.id, { intent: "create", rating: "5" }, strangerCookie);
    expect(nonOwner).toMatchObject({ status: 403, body: { formError: NOT_OWNED("note") } });
    for (const rating of ["0", "6", "five", "", "4.5", "-1"]) {
      const answer = await post(path, note.id, { intent: "create", rating }, buyerCookie);
      expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { rating: RATING_ERROR } } });
    }
    const html = await post(
      path,
      note.id,
      { intent: "create", rating: "5", body: "<script>alert(1)</script>" },
      buyerCookie,
    );
    expect(html).toMatchObject({ status: 400, body: { fieldErrors: { body: PLAIN_TEXT_ERROR } } });
    const huge = await post(
      path,
      note.id,
      { intent: "create", rating: "5", body: "a".repeat(100 * 1024) },
      buyerCookie,
    );
    expect(huge.status).toBe(400);
    expect((await post(path, note.id, { intent: "create", rating: "5" }, buyerCookie)).status).toBe(302);
    const second = await post(path, note.id, { intent: "create", rating: "1" }, buyerCookie);
    expect(second).toMatchObject({ status: 409, body: { formError: ALREADY_REVIEWED } });
    const unknownItem = await invoke(
      productAction,
      requestFor("/notes/99999", urlencoded({ intent: "create", rating: "5" }), { cookie: buyerCookie }),
      {
        id: "99999",
      },
    );
    expect(unknownItem.status).toBe(404);
  });
});
