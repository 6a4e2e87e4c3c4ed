/**
 * GET /api/me: the personal part of a shared catalog page (ADR 0012): the user, the cart and the
 * owned ids, in one query; nobody signed in gets nulls and the hint cookie cleared. server/app.ts
 * answers it with `personalAnswer`, privately (its headers: tests/e2e/shared-pages.e2e.test.ts).
 */
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { cartItems } from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { personalAnswer } from "~/features/site/personal.server";
import { asUser, buyerWithCart } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import { makeRequest } from "../helpers/route";

async function me(init: RequestInit = {}, path = "/api/me") {
  const { body, cookies } = await personalAnswer(await getDb(), makeRequest(path, init));
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return { body, headers };
}

describe("GET /api/me", () => {
  it("answers nobody with nulls and clears a stale hint cookie", async () => {
    const { body, headers } = await me({ headers: { cookie: "ca_signed_in=1" } });
    expect(body).toEqual({ user: null, cart: null, owned: [] });
    expect(headers.getSetCookie().join("\n")).toMatch(/ca_signed_in=; Max-Age=0/);
  });

  it("gives the student's cart (without owned or unpublished items) and everything they own", async () => {
    const { user, course, note } = await buyerWithCart();
    const first = await me(await asUser(user));
    expect(first.body.user?.email).toBe(user.email);
    expect(first.body.cart?.map((i) => i.id)).toEqual([course.id, note.id]);
    expect(first.body.owned).toEqual([]);
    expect(first.headers.getSetCookie().join("\n")).toMatch(/ca_signed_in=1; Max-Age=\d+; Path=\/; SameSite=Lax/);

    const db = await getDb();
    const placed = await placeOrder(db, user.id);
    await settleTestPayment(db, user.id, placed.orderId, "pay");
    // Bought: owned now, out of the cart. A draft put in the cart stays out of it too.
    const draft = await createProduct({ title: "Unreleased Notes", kind: "note", status: "draft" });
    await db.insert(cartItems).values({ userId: user.id, productId: draft.id });
    const after = await me(await asUser(user));
    expect(after.body.cart).toEqual([]);
    expect([...after.body.owned].sort((a, b) => a - b)).toEqual([course.id, note.id].sort((a, b) => a - b));
  });

  it("on an item's page, adds the student's side of its reviews; any other path adds nothing", async () => {
    const { user, note } = await buyerWithCart();
    const page = await me(await asUser(user), `/api/me?path=${encodeURIComponent(`/notes/${note.id}`)}`);
    expect(page.body.viewer).toEqual({
      myReview: null,
      eligibility: { canReview: false, reason: "Only students who own this note can review it." },
      reported: [],
    });
    const db = await getDb();
    await settleTestPayment(db, user.id, (await placeOrder(db, user.id)).orderId, "pay");
    const owner = await me(await asUser(user), `/api/me?path=/notes/${note.id}`);
    expect(owner.body.viewer?.eligibility).toEqual({ canReview: true });
    for (const path of ["/courses/std/12", `/courses/${note.id}`, "/notes/99999999", "/notes/1/../2", "%%%", ""]) {
      const other = await me(await asUser(user), `/api/me?path=${encodeURIComponent(path)}`);
      expect(other.body.viewer, path).toBeUndefined();
      expect(other.body.user?.email).toBe(user.email);
    }
  });
});
