/** Test factory for orders with their items and (for sold orders) enrolments. */
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { isIntraState, lineTaxes, sumTaxes } from "~/features/gst/tax";

let n = 0;

export async function createOrder(opts: {
  userId: string;
  products: { id: number; title: string; pricePaise: number }[];
  status: (typeof schema.orders.$inferSelect)["status"];
  paidAt?: Date | null;
  createdAt?: Date;
  refundedAt?: Date | null;
  /** The buyer's state: Maharashtra (27, IGST from the seeded Rajasthan seller) unless given. */
  placeOfSupply?: string;
  invoiceNumber?: string | null;
}) {
  const db = await getDb();
  const subtotal = opts.products.reduce((s, p) => s + p.pricePaise, 0);
  const placeOfSupply = opts.placeOfSupply ?? "27";
  const taxes = lineTaxes(
    opts.products.map((p) => p.pricePaise),
    0,
    isIntraState("08", placeOfSupply),
  );
  const split = sumTaxes(taxes);
  const gst = split.cgstPaise + split.sgstPaise + split.igstPaise;
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
      cgstPaise: split.cgstPaise,
      sgstPaise: split.sgstPaise,
      igstPaise: split.igstPaise,
      placeOfSupply,
      supplierStateCode: "08",
      invoiceNumber: opts.invoiceNumber ?? null,
      totalPaise: subtotal + gst,
      gateway: "test",
      paidAt,
      refundedAt: opts.status === "refunded" ? (opts.refundedAt ?? paidAt) : null,
      createdAt: opts.createdAt ?? paidAt ?? new Date(),
    })
    .returning();
  await db.insert(schema.orderItems).values(
    opts.products.map((p, i) => ({
      orderId: order!.id,
      productId: p.id,
      title: p.title,
      pricePaise: p.pricePaise,
      ...taxes[i]!,
    })),
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
