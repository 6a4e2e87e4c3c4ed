/** Test factory for orders with their items and (for sold orders) enrolments. */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { gstPaise } from "~/lib/money";

let n = 0;

export async function createOrder(opts: {
  userId: string;
  products: { id: number; title: string; pricePaise: number }[];
  status: (typeof schema.orders.$inferSelect)["status"];
  paidAt?: Date | null;
  createdAt?: Date;
  refundedAt?: Date | null;
}) {
  const db = await getDb();
  const subtotal = opts.products.reduce((s, p) => s + p.pricePaise, 0);
  const gst = gstPaise(subtotal);
  const sold = ["paid", "fulfilled", "refunded"].includes(opts.status);
  const paidAt = opts.paidAt === undefined ? (sold ? (opts.createdAt ?? new Date()) : null) : opts.paidAt;
  const [order] = await db
    .insert(schema.orders)
    .values({
      number: `CA-T${String(++n).padStart(6, "0")}-${randomUUID().slice(0, 4)}`,
      userId: opts.userId,
      status: opts.status,
      subtotalPaise: subtotal,
      gstPaise: gst,
      totalPaise: subtotal + gst,
      gateway: "test",
      paidAt,
      refundedAt: opts.status === "refunded" ? (opts.refundedAt ?? paidAt) : null,
      createdAt: opts.createdAt ?? paidAt ?? new Date(),
    })
    .returning();
  await db
    .insert(schema.orderItems)
    .values(
      opts.products.map((p) => ({ orderId: order!.id, productId: p.id, title: p.title, pricePaise: p.pricePaise })),
    );
  if (sold) {
    await db.insert(schema.enrolments).values(
      opts.products.map((p) => ({
        userId: opts.userId,
        productId: p.id,
        orderId: order!.id,
        source: (p.pricePaise === 0 ? "free" : "purchase") as "free" | "purchase",
        grantedAt: paidAt ?? new Date(),
        revokedAt: opts.status === "refunded" ? (opts.refundedAt ?? paidAt) : null,
      })),
    );
  }
  return order!;
}
