/**
 * The header's cart badge reads the signed-in user's server cart from the store layout's loader,
 * which React Router runs again after every form submission (issue 18: right at once after paying).
 */
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { placeOrder } from "~/features/checkout/checkout.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { loader as layoutLoader } from "~/routes/store/layout";
import { asUser, buyerWithCart } from "../helpers/checkout";
import { makeRequest, routeCall } from "../helpers/route";

async function layoutData(init: RequestInit = {}) {
  return routeCall(layoutLoader, { request: makeRequest("/", init), params: {}, context: {} } as never);
}

describe("the store layout's cart", () => {
  it("is null for a guest (whose cart lives in the browser)", async () => {
    expect((await layoutData()).cart).toBeNull();
  });

  it("is the signed-in user's server cart, and empty once the order is paid", async () => {
    const { user, course, note } = await buyerWithCart();
    const before = await layoutData(await asUser(user));
    expect(before.cart?.map((i) => i.id)).toEqual([course.id, note.id]);
    expect(before.cart?.[0]).toMatchObject({ kind: "course", title: course.title, pricePaise: 99_999, quantity: 1 });

    const db = await getDb();
    const placed = await placeOrder(db, user.id);
    // A failed payment keeps the cart; a paid one empties it.
    await settleTestPayment(db, user.id, placed.orderId, "fail");
    expect((await layoutData(await asUser(user))).cart).toHaveLength(2);
    const again = await placeOrder(db, user.id);
    await settleTestPayment(db, user.id, again.orderId, "pay");
    expect((await layoutData(await asUser(user))).cart).toEqual([]);
  });
});
