import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { refundOrder } from "~/features/orders/refund.server";
import { settleTestPayment } from "~/features/payments/payments.server";
import { recordEvent } from "~/platform/audit/audit.server";
import { createTestUser } from "../../../tests/helpers/auth";
import { addToCart } from "../../../tests/helpers/checkout";
import { getTestDb } from "../../../tests/helpers/db";
import { createProduct, createUser, removeSampleReviewers } from "../../../tests/helpers/factories";
import { createOrder } from "../../../tests/helpers/orders";
import {
  dashboardMetrics,
  loadDashboard,
  loadSalesOverview,
  monthlySeries,
  salesFigures,
  topCourses,
  userStats,
} from "./metrics.server";

const NOW = new Date("2026-06-15T06:30:00Z"); // noon IST, 15 June 2026
const JUNE = (d: number) => new Date(Date.UTC(2026, 5, d, 6, 30));
const MAY = (d: number) => new Date(Date.UTC(2026, 4, d, 6, 30));

async function catalog() {
  const { db } = await getTestDb();
  // The figures below were worked out by hand for these prices (the seed's are whole rupees since
  // issue 20): the products get them back here, a ₹9.99 and a ₹14.99 note among them.
  const price = async (title: string, pricePaise: number) =>
    db.update(schema.products).set({ pricePaise }).where(eq(schema.products.title, title));
  await price("Accountancy Class 12", 99_999);
  await price("Economics Class 12", 98_999);
  await price("Business Studies Class 12", 97_999);
  const [cheapNote] = await db
    .select()
    .from(schema.products)
    .where(and(eq(schema.products.kind, "note"), eq(schema.products.pricePaise, 900)))
    .limit(1);
  await price(cheapNote!.title, 999);
  const [midNote] = await db
    .select()
    .from(schema.products)
    .where(and(eq(schema.products.kind, "note"), eq(schema.products.pricePaise, 1_400)))
    .limit(1);
  await price(midNote!.title, 1_499);
  const rows = await db.select().from(schema.products);
  const byTitle = (t: string) => rows.find((r) => r.title === t)!;
  return {
    acc12: byTitle("Accountancy Class 12"), // ₹999.99
    eco12: byTitle("Economics Class 12"), // ₹989.99
    bs12: byTitle("Business Studies Class 12"), // ₹979.99
    notes: rows.filter((r) => r.kind === "note"),
  };
}

describe("dashboard and sales figures", () => {
  it("match totals computed by hand", async () => {
    const { db } = await getTestDb();
    await removeSampleReviewers(); // the seed's sample reviewers are accounts too: count only the ones made here
    const c = await catalog();
    const freeNote = c.notes.find((n) => n.pricePaise === 0)!;
    const a = await createUser({ createdAt: MAY(1) });
    const b = await createUser({ createdAt: JUNE(2) });
    const d = await createUser({ createdAt: JUNE(3) });
    const e = await createUser({ createdAt: JUNE(3) });

    // June: a buys acc12 (99999 + GST 18000 = 117999); b buys eco12 + bs12
    // (subtotal 196998, GST 35460 → 232458); d's bs12 order is refunded (115639); e has a pending one.
    await createOrder({ userId: a.id, products: [c.acc12], status: "fulfilled", paidAt: JUNE(5) });
    await createOrder({ userId: b.id, products: [c.eco12, c.bs12], status: "paid", paidAt: JUNE(10) });
    await createOrder({ userId: d.id, products: [c.bs12], status: "refunded", paidAt: JUNE(6) });
    await createOrder({ userId: e.id, products: [c.acc12], status: "pending", paidAt: null, createdAt: JUNE(7) });
    // A free order (₹0) for d: counts as an enrolment, never as revenue or in the averages.
    await createOrder({ userId: d.id, products: [freeNote], status: "fulfilled", paidAt: JUNE(8) });
    // May: a buys eco12 (98999 + 17820 = 116819).
    await createOrder({ userId: a.id, products: [c.eco12], status: "fulfilled", paidAt: MAY(20) });
    // 23:00 IST on 31 May is still May; 00:30 IST on 1 June is June (boundary check).
    const f = await createUser({ createdAt: MAY(2) });
    await createOrder({
      userId: f.id,
      products: [c.notes.find((n) => n.pricePaise === 999)!],
      status: "fulfilled",
      paidAt: new Date("2026-05-31T17:30:00Z"), // 999 + 180 = 1179 in May
    });
    const g = await createUser({ createdAt: MAY(2) });
    await createOrder({
      userId: g.id,
      products: [c.notes.find((n) => n.pricePaise === 1499)!],
      status: "fulfilled",
      paidAt: new Date("2026-05-31T19:00:00Z"), // 1499 + 270 = 1769 in June
    });

    const juneRevenue = 117_999 + 232_458 + 1_769;
    const mayRevenue = 116_819 + 1_179;
    // The GST inside them: a's 18000, b's 35460 and g's 270 in June; a's 17820 and f's 180 in May.
    const juneGst = 18_000 + 35_460 + 270;
    const mayGst = 17_820 + 180;
    const overview = await loadSalesOverview(db, NOW);
    expect(overview.month).toBe("Jun 2026");
    expect(overview.current.revenuePaise).toBe(juneRevenue);
    expect(overview.previous.revenuePaise).toBe(mayRevenue);
    // Sales & Reports says what is GST too: its revenue card and chart are net of it, like the dashboard's.
    expect([overview.current.gstPaise, overview.previous.gstPaise]).toEqual([juneGst, mayGst]);
    expect(overview.revenueTrend).toBe(
      Math.round(((juneRevenue - juneGst - (mayRevenue - mayGst)) / (mayRevenue - mayGst)) * 1000) / 10,
    );
    expect(overview.series[11]).toMatchObject({ revenuePaise: juneRevenue - juneGst });
    // June's paid orders: a, b, d (refunded), g; the free order is a sale but not a paid order.
    expect(overview.current).toMatchObject({ salesCount: 5, paidOrderCount: 4, refundedCount: 1, keptOrderCount: 3 });
    expect(overview.current.averageOrderPaise).toBe(Math.round(juneRevenue / 3));
    // 1 of 4 paid orders refunded
    expect(overview.current.refundRate).toBe(25);
    // free learners: d (free note); d bought nothing kept → 0% converted
    expect(overview.conversion).toMatchObject({ free: 1, converted: 0, rate: 0, target: 85 });

    const series = await monthlySeries(db, NOW);
    expect(series.map((m) => m.label).slice(-2)).toEqual(["May 2026", "Jun 2026"]);
    expect(series[11]).toMatchObject({ revenuePaise: juneRevenue, gstPaise: juneGst });
    expect(series[10]).toMatchObject({ revenuePaise: mayRevenue, gstPaise: mayGst });
    // enrolments granted: June a1 + b2 + d1 refunded + d free 1 + g1 = 6; May a1 + f1 = 2
    expect(series[11]!.enrolments).toBe(6);
    expect(series[10]!.enrolments).toBe(2);

    const metrics = await dashboardMetrics(db, NOW);
    const byId = Object.fromEntries(metrics.map((m) => [m.id, m]));
    // The dashboard's revenue is net of GST, and says so, with the GST beside it (issue 32).
    const juneNet = juneRevenue - juneGst;
    const mayNet = mayRevenue - mayGst;
    expect(byId.revenue).toMatchObject({
      label: "Revenue this month, net of GST",
      value: juneNet,
      beside: { label: "GST collected", value: juneGst },
    });
    expect(byId.revenue!.trend).toBe(Math.round(((juneNet - mayNet) / mayNet) * 1000) / 10);
    // Its chart shows the same: revenue net of GST per month.
    const dash = await loadDashboard(db, NOW);
    expect(dash.series[11]).toMatchObject({ revenuePaise: juneNet });
    expect(dash.series[10]).toMatchObject({ revenuePaise: mayNet });
    // students: the six users above (a, b, d, e, f, g); a, f and g existed before June
    expect(byId.students!.value).toBe(6);
    expect(byId.students!.trend).toBe(100);
    expect(byId.enrolments).toMatchObject({ value: 6, trend: 200 });
    expect(metrics[1]!.label).toBe("Students");
  });

  it("revenue net of GST and the GST beside it follow partial and full refunds (credit notes)", async () => {
    const { db } = await getTestDb();
    const now = new Date();
    const before = Object.fromEntries((await dashboardMetrics(db, now)).map((m) => [m.id, m]));
    // Today's GST in the daily rollup (kept by the triggers; the card reads today's part-day from the orders).
    const rolledGst = async () =>
      Number(
        (
          await db.execute<{ v: string }>(
            sql`select coalesce(sum(value), 0)::text as v from stats_daily where metric = 'gst' and day = ist_day(now())`,
          )
        ).rows[0]!.v,
      );
    const rolledBefore = await rolledGst();
    const user = await createTestUser({ stateCode: "08" }); // CGST + SGST
    const course = await createProduct({ pricePaise: 99_900 });
    const note = await createProduct({ kind: "note", pricePaise: 4_900 });
    await addToCart(user.id, [course.id, note.id]);
    const placed = await placeOrder(db, user.id);
    await settleTestPayment(db, user.id, placed.orderId, "pay");
    const lines = await db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, placed.orderId));
    const gstOf = (l: (typeof lines)[number]) => l.cgstPaise! + l.sgstPaise! + l.igstPaise!;
    const revenueCard = async () => {
      const card = (await dashboardMetrics(db, now)).find((m) => m.id === "revenue")!;
      const gst = card.beside!.value - before.revenue!.beside!.value;
      expect(await rolledGst()).toBe(rolledBefore + gst);
      return { net: card.value - before.revenue!.value, gst };
    };
    // ₹1,048 + 18% GST: the card shows ₹1,048 and ₹188.64 of GST beside it.
    expect(await revenueCard()).toEqual({ net: 104_800, gst: lines.reduce((sum, l) => sum + gstOf(l), 0) });
    const noteLine = lines.find((l) => l.productId === note.id)!;
    await refundOrder(db, placed.orderId, null, { itemIds: [noteLine.id] });
    expect(await revenueCard()).toEqual({ net: 99_900, gst: gstOf(lines.find((l) => l.productId === course.id)!) });
    await refundOrder(db, placed.orderId, null);
    expect(await revenueCard()).toEqual({ net: 0, gst: 0 });
  });

  it("converts free learners who later pay", async () => {
    const { db } = await getTestDb();
    const c = await catalog();
    const freeNote = c.notes.find((n) => n.pricePaise === 0)!;
    const [u1, u2, u3, u4] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    for (const u of [u1, u2, u3, u4]) {
      await createOrder({ userId: u!.id, products: [freeNote], status: "fulfilled", paidAt: MAY(3) });
    }
    await createOrder({ userId: u1!.id, products: [c.acc12], status: "paid", paidAt: JUNE(1) });
    await createOrder({ userId: u2!.id, products: [c.acc12], status: "fulfilled", paidAt: JUNE(2) });
    await createOrder({ userId: u3!.id, products: [c.acc12], status: "refunded", paidAt: JUNE(2) });
    const overview = await loadSalesOverview(db, NOW);
    expect(overview.conversion).toMatchObject({ free: 4, converted: 2, rate: 50 });
    const metrics = await dashboardMetrics(db, NOW);
    // at the start of June nobody had converted: +50 points
    expect(metrics[3]).toMatchObject({ id: "conversion", value: 50, trend: 50, trendUnit: "pts" });
  });

  it("ranks the top 5 courses by live enrolments and lists recent activity", async () => {
    const { db } = await getTestDb();
    const c = await catalog();
    const users = await Promise.all([createUser(), createUser(), createUser()]);
    for (const u of users)
      await createOrder({ userId: u.id, products: [c.bs12], status: "fulfilled", paidAt: JUNE(1) });
    await createOrder({ userId: users[0]!.id, products: [c.eco12], status: "fulfilled", paidAt: JUNE(1) });
    await createOrder({ userId: users[1]!.id, products: [c.eco12], status: "refunded", paidAt: JUNE(1) });
    const top = await topCourses(db);
    expect(top).toHaveLength(5);
    expect(top[0]).toMatchObject({ title: "Business Studies Class 12", enrolments: 3 });
    expect(top[1]).toMatchObject({ title: "Economics Class 12", enrolments: 1 });

    await recordEvent(db, { type: "Refund", description: "Order CA-1 refunded", status: "Complete" });
    await recordEvent(db, { type: "Course Update", description: "Economics updated", status: "Success" });
    const dash = await loadDashboard(db, NOW);
    expect(dash.activity.map((a) => a.type)).toEqual(["Course Update", "Refund"]);
    expect(dash.series).toHaveLength(12);
  });

  it("agree with each other on one screen: one refunded order is 1 of 1 paid orders refunded and 0 kept", async () => {
    const { db } = await getTestDb();
    const c = await catalog();
    const a = await createUser();
    await createOrder({ userId: a.id, products: [c.acc12], status: "refunded", paidAt: JUNE(5) });
    const june = await salesFigures(db, { start: JUNE(1), end: JUNE(30) });
    // The Refund rate card says "1 of 1 paid order refunded", the Average order value card
    // "over 0 paid orders not refunded": the same paid order, counted once.
    expect(june).toEqual({
      revenuePaise: 0,
      gstPaise: 0,
      salesCount: 1,
      paidOrderCount: 1,
      refundedCount: 1,
      keptOrderCount: 0,
      averageOrderPaise: 0,
      refundRate: 100,
    });
    expect(june.refundedCount + june.keptOrderCount).toBe(june.paidOrderCount);
  });

  it("no student or user figure counts the seed's sample accounts", async () => {
    const { db } = await getTestDb();
    // The seed's ten sample reviewers are student accounts marked is_sample.
    expect(await db.$count(schema.users, eq(schema.users.isSample, true))).toBe(10);
    const students = async () => (await dashboardMetrics(db, NOW)).find((m) => m.id === "students")!;
    expect(await students()).toMatchObject({ value: 0, trend: 0 });
    await createUser({ role: "student", createdAt: MAY(3) });
    await createUser({ role: "student", createdAt: JUNE(3) });
    expect(await students()).toMatchObject({ value: 2, trend: 100 });
    expect(await userStats(db, NOW)).toMatchObject({ totalUsers: 2 });
  });

  it("User Analytics: instructors are accounts with that role, some of the total users", async () => {
    const { db } = await getTestDb();
    await removeSampleReviewers(); // the seed's sample reviewers are accounts too: count only the ones made here
    // The seed names four instructors on its courses; none of them has an account.
    expect(await db.$count(schema.instructors)).toBe(4);
    await createUser({ role: "student" });
    await createUser({ role: "student" });
    await createUser({ role: "instructor" });
    await createUser({ role: "guest" });
    await createUser({ role: "admin" });
    const stats = await userStats(db, NOW);
    expect(stats).toMatchObject({ totalUsers: 5, instructors: 1 });
    expect(stats.instructors).toBeLessThanOrEqual(stats.totalUsers);
  });
});
