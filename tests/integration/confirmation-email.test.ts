import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { confirmPayment } from "~/features/orders/fulfilment.server";
import { reconcileOrders } from "~/features/orders/reconcile.server";
import { buyerWithCart, getOrder } from "../helpers/checkout";

async function fulfilledOrder() {
  const { user } = await buyerWithCart();
  const placed = await placeOrder(await getDb(), user.id);
  const order = await getOrder(placed.orderId);
  const outcome = await confirmPayment(await getDb(), {
    orderId: order.id,
    gateway: order.gateway,
    paymentId: "test_pay_1",
    amountPaise: order.totalPaise,
    source: "test",
  });
  expect(outcome.outcome).toBe("fulfilled");
  return { user, order: await getOrder(order.id) };
}

const outboxFor = async (email: string) =>
  (await (await getDb()).select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email))).filter((m) =>
    m.subject.startsWith("Your Commerce Academy order"),
  );

describe("order confirmation email", () => {
  it("is recorded as sent on the normal path, and reconciliation sends nothing more", async () => {
    const { user, order } = await fulfilledOrder();
    expect(order.confirmationSentAt).toBeInstanceOf(Date);
    expect(await outboxFor(user.email)).toHaveLength(1);
    const report = await reconcileOrders(await getDb(), { now: new Date(Date.now() + 10 * 60_000) });
    expect(report.emailsResent).toBe(0);
    expect(await outboxFor(user.email)).toHaveLength(1);
  });

  it("lost to a crash after fulfilment, it is sent by reconciliation exactly once, even by two at a time", async () => {
    const { user, order } = await fulfilledOrder();
    const db = await getDb();
    // A crash between the fulfilment commit and the email: no email, no mark.
    await db.delete(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email));
    await db.update(schema.orders).set({ confirmationSentAt: null }).where(eq(schema.orders.id, order.id));

    // Within the grace period the normal path may still be sending it: left alone.
    expect((await reconcileOrders(await getDb())).emailsResent).toBe(0);

    const later = new Date(Date.now() + 5 * 60_000);
    const [a, b] = await Promise.all([
      reconcileOrders(await getDb(), { now: later }),
      reconcileOrders(await getDb(), { now: later }),
    ]);
    expect(a.emailsResent + b.emailsResent).toBe(1);
    const mails = await outboxFor(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toEqual([expect.stringMatching(/^invoice-.*\.pdf$/)]);
    expect((await getOrder(order.id)).confirmationSentAt).toBeInstanceOf(Date);
    expect((await reconcileOrders(await getDb(), { now: new Date(later.getTime() + 60 * 60_000) })).emailsResent).toBe(
      0,
    );
  });
});
