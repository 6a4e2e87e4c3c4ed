import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { enrolments } from "~/db/schema";
import type { CartItem } from "~/features/cart/cart.server";
import { action, loader } from "~/routes/api/cart";
import { cookieFor, createTestUser } from "../helpers/auth";
import { createProduct } from "../helpers/factories";
import { callAction, normalise } from "../helpers/form";
import { makeRequest, routeCall } from "../helpers/route";

type CartAnswer = { items: CartItem[]; notices: string[]; message?: string };

async function getCart(cookie?: string) {
  let result: unknown;
  try {
    result = await routeCall(loader, {
      request: makeRequest("/api/cart", { headers: cookie ? { cookie } : {} }),
      params: {},
      context: {},
    } as never);
  } catch (thrown) {
    result = thrown;
  }
  return normalise<CartAnswer>(result);
}

async function signedIn() {
  const user = await createTestUser();
  return { user, cookie: await cookieFor(user) };
}

describe("/api/cart", () => {
  it("answers 401 JSON to anonymous visitors, for reads and writes", async () => {
    const read = await getCart();
    expect(read.status).toBe(401);
    expect(read.data).toEqual({ message: "Sign in to use the cart on the server." });
    const write = await callAction(action, "/api/cart", { intent: "clear" });
    expect(write.status).toBe(401);
  });

  it("adds with the price from the database; re-adding is a no-op; remove and clear work", async () => {
    const { cookie } = await signedIn();
    const course = await createProduct({ status: "published", pricePaise: 99_999, title: "Accounts Pro" });
    const note = await createProduct({ status: "published", kind: "note", pricePaise: 0 });
    const first = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "add", productId: String(course.id) },
      { cookie },
    );
    expect(first.data).toEqual({
      items: [
        { id: course.id, kind: "course", title: "Accounts Pro", pricePaise: 99_999, image: course.image, quantity: 1 },
      ],
      notices: [],
    });
    await callAction(action, "/api/cart", { intent: "add", productId: String(course.id) }, { cookie });
    const json = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "add", productId: note.id },
      { cookie, json: true },
    );
    expect(json.data?.items.map((i) => i.id)).toEqual([course.id, note.id]);
    expect((await getCart(cookie)).data?.items).toHaveLength(2);

    const removed = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "remove", productId: String(course.id) },
      {
        cookie,
      },
    );
    expect(removed.data?.items.map((i) => i.id)).toEqual([note.id]);
    const cleared = await callAction<CartAnswer>(action, "/api/cart", { intent: "clear" }, { cookie });
    expect(cleared.data?.items).toEqual([]);
    expect((await getCart(cookie)).data?.items).toEqual([]);
  });

  it("refuses unpublished items and items the user already owns, with a notice", async () => {
    const { user, cookie } = await signedIn();
    const draft = await createProduct({ status: "draft", title: "Secret draft" });
    const owned = await createProduct({ status: "published", title: "Bought before" });
    const db = await getDb();
    await db.insert(enrolments).values({ userId: user.id, productId: owned.id, source: "grant" });
    const a = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "add", productId: String(draft.id) },
      { cookie },
    );
    expect(a.data?.items).toEqual([]);
    expect(a.data?.notices).toEqual(['"Secret draft" is no longer available.']);
    const b = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "add", productId: String(owned.id) },
      { cookie },
    );
    expect(b.data?.items).toEqual([]);
    expect(b.data?.notices[0]).toMatch(/already own "Bought before"/);
    const c = await callAction<CartAnswer>(action, "/api/cart", { intent: "add", productId: "999999" }, { cookie });
    expect(c.data?.notices).toEqual(["An item is no longer available."]);
  });

  it("merges a guest cart (ids or the cart-storage JSON), dropping owned items with a notice", async () => {
    const { user, cookie } = await signedIn();
    const p1 = await createProduct({ status: "published" });
    const p2 = await createProduct({ status: "published", title: "Already mine" });
    const p3 = await createProduct({ status: "published" });
    const db = await getDb();
    await db.insert(enrolments).values({ userId: user.id, productId: p2.id, source: "purchase" });
    await callAction(action, "/api/cart", { intent: "add", productId: String(p1.id) }, { cookie });
    const merged = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "merge", productIds: `${p1.id},${p2.id},${p3.id},junk,-4` },
      { cookie },
    );
    expect(merged.data?.items.map((i) => i.id)).toEqual([p1.id, p3.id]);
    expect(merged.data?.notices).toEqual([`You already own "Already mine", so it was removed from your cart.`]);

    const storage = JSON.stringify({
      state: { items: [{ id: p3.id, title: "x", pricePaise: 1, quantity: 1 }] },
      version: 0,
    });
    const viaJson = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "merge", productIds: storage },
      { cookie },
    );
    expect(viaJson.data?.items.map((i) => i.id)).toEqual([p1.id, p3.id]);
    const viaArray = await callAction<CartAnswer>(
      action,
      "/api/cart",
      { intent: "merge", productIds: [p1.id, p3.id] },
      { cookie, json: true },
    );
    expect(viaArray.status).toBe(200);
  });

  it("an item bought after it was put in the cart disappears from the cart", async () => {
    const { user, cookie } = await signedIn();
    const p = await createProduct({ status: "published" });
    await callAction(action, "/api/cart", { intent: "add", productId: String(p.id) }, { cookie });
    const db = await getDb();
    await db.insert(enrolments).values({ userId: user.id, productId: p.id, source: "purchase" });
    expect((await getCart(cookie)).data?.items).toEqual([]);
  });

  it("answers 400 to a bad intent or product id and stores nothing", async () => {
    const { cookie } = await signedIn();
    for (const body of [{ intent: "explode" }, { intent: "add", productId: "abc" }, { intent: "add" }, {}]) {
      const res = await callAction<CartAnswer>(action, "/api/cart", body as Record<string, string>, { cookie });
      expect(res.status).toBe(400);
      expect(res.data?.message).toMatch(/intent=add/);
    }
    expect((await getCart(cookie)).data?.items).toEqual([]);
  });
});
