import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getTestDb } from "../../../tests/helpers/db";
import { createUser } from "../../../tests/helpers/factories";
import { createOrder } from "../../../tests/helpers/orders";
import { salesFigures } from "./metrics.server";

/** What the rollups must hold: the same figures recounted from the raw rows (the migration's backfill). */
async function recount() {
  const { db } = await getTestDb();
  const daily = await db.execute<{ metric: string; day: string; value: string }>(sql`
    select metric, day::text as day, sum(value)::text as value from (
      select 'sales' as metric, ist_day(paid_at) as day, count(*) as value from orders
        where paid_at is not null and status in ('paid','fulfilled','refunded') group by 2
      union all select 'chargeable', ist_day(paid_at), count(*) from orders
        where paid_at is not null and status in ('paid','fulfilled','refunded') and total_paise > 0 group by 2
      union all select 'revenue', ist_day(paid_at), sum(total_paise) from orders
        where paid_at is not null and status in ('paid','fulfilled') group by 2
      union all select 'gst', ist_day(paid_at), sum(gst_paise) from orders
        where paid_at is not null and status in ('paid','fulfilled') group by 2
      union all select 'paid_orders', ist_day(paid_at), count(*) from orders
        where paid_at is not null and status in ('paid','fulfilled') and total_paise > 0 group by 2
      union all select 'refunded', ist_day(paid_at), count(*) from orders
        where paid_at is not null and status = 'refunded' and total_paise > 0 group by 2
      union all select 'enrolments', ist_day(granted_at), count(*) from enrolments group by 2
      union all select 'users_' || role, ist_day(created_at), count(*) from users group by 1, 2
      union all select 'free_learners', ist_day(ff), count(*) from (
        select user_id, min(granted_at) as ff from enrolments where source = 'free' group by 1) f group by 2
      union all select 'converted', ist_day(greatest(ff, fp)), count(*) from (
        select e.user_id, min(e.granted_at) as ff,
               (select min(o.paid_at) from orders o where o.user_id = e.user_id and o.status in ('paid','fulfilled') and o.total_paise > 0) as fp
        from enrolments e where e.source = 'free' group by 1) c where fp is not null group by 2
    ) x group by 1, 2 having sum(value) <> 0 order by 1, 2`);
  const live = await db.execute<{ product_id: number; n: number }>(
    sql`select product_id, count(*)::int as n from enrolments where revoked_at is null group by 1 order by 1`,
  );
  const totals = await db.execute<{ live: number; learners: number }>(sql`
    select (select count(*) from enrolments where revoked_at is null)::int as live,
           (select count(distinct user_id) from enrolments where revoked_at is null)::int as learners`);
  return { daily: daily.rows, live: live.rows, totals: totals.rows[0] };
}

async function rollups() {
  const { db } = await getTestDb();
  const daily = await db.execute<{ metric: string; day: string; value: string }>(
    sql`select metric, day::text as day, value::text as value from stats_daily where value <> 0 order by 1, 2`,
  );
  const live = await db.execute<{ product_id: number; n: number }>(
    sql`select product_id, live_enrolments as n from product_stats where live_enrolments <> 0 order by 1`,
  );
  const totals = await db.execute<{ live: number; learners: number }>(sql`
    select coalesce((select value from stats_totals where metric = 'live_enrolments'), 0)::int as live,
           coalesce((select value from stats_totals where metric = 'learners'), 0)::int as learners`);
  return { daily: daily.rows, live: live.rows, totals: totals.rows[0] };
}

describe("admin rollups", () => {
  it("stay equal to a recount from the raw rows through sales, refunds, revocations, role changes and deletions", async () => {
    const { db } = await getTestDb();
    const products = await db.select().from(schema.products);
    const paid = products.filter((p) => p.pricePaise > 0).slice(0, 3);
    const free = products.find((p) => p.pricePaise === 0)!;
    const a = await createUser({ createdAt: new Date("2026-05-31T18:29:00Z") }); // 23:59 IST 31 May
    const b = await createUser({ createdAt: new Date("2026-05-31T18:30:00Z") }); // 00:00 IST 1 June
    await createOrder({
      userId: a.id,
      products: [free],
      status: "fulfilled",
      paidAt: new Date("2026-06-01T05:00:00Z"),
    });
    const o1 = await createOrder({ userId: a.id, products: [paid[0]!], status: "pending", paidAt: null });
    const o2 = await createOrder({ userId: b.id, products: [paid[1]!, paid[2]!], status: "fulfilled" });
    await createOrder({
      userId: b.id,
      products: [free],
      status: "fulfilled",
      paidAt: new Date("2026-06-03T05:00:00Z"),
    });
    expect(await rollups()).toEqual(await recount());

    // a pays (a conversion), b's order is refunded and its enrolments revoked, b becomes an instructor.
    await db
      .update(schema.orders)
      .set({ status: "fulfilled", paidAt: new Date("2026-06-02T05:00:00Z") })
      .where(eq(schema.orders.id, o1.id));
    await db
      .insert(schema.enrolments)
      .values({ userId: a.id, productId: paid[0]!.id, orderId: o1.id, source: "purchase" });
    await db
      .update(schema.orders)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(schema.orders.id, o2.id));
    await db.update(schema.enrolments).set({ revokedAt: new Date() }).where(eq(schema.enrolments.orderId, o2.id));
    await db.update(schema.users).set({ role: "instructor" }).where(eq(schema.users.id, b.id));
    // an unrelated change touches no figure
    await db.update(schema.orders).set({ gatewayPaymentId: "pay_x" }).where(eq(schema.orders.id, o1.id));
    expect(await rollups()).toEqual(await recount());

    // deleting a user removes their enrolments (cascade) and their count
    await db.delete(schema.enrolments).where(eq(schema.enrolments.userId, b.id));
    await db.delete(schema.orders).where(eq(schema.orders.userId, b.id));
    await db.delete(schema.users).where(eq(schema.users.id, b.id));
    expect(await rollups()).toEqual(await recount());
    const { count } = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.learnerStats)
      .where(eq(schema.learnerStats.userId, b.id))
      .then((r) => r[0]!);
    expect(count).toBe(0);
  });

  it("adds the raw part-days to whole days for a period that does not start or end at midnight IST", async () => {
    const { db } = await getTestDb();
    const [p] = await db.select().from(schema.products).where(eq(schema.products.pricePaise, 99_900)); // ₹999
    const times = ["2026-06-01T03:00:00Z", "2026-06-02T10:00:00Z", "2026-06-03T08:00:00Z", "2026-06-03T12:00:00Z"];
    for (const t of times) {
      const u = await createUser();
      await createOrder({ userId: u.id, products: [p!], status: "paid", paidAt: new Date(t) });
    }
    // 06:00 UTC 1 June to 10:00 UTC 3 June: only the 2 June and 08:00 3 June orders.
    const figures = await salesFigures(db, {
      start: new Date("2026-06-01T06:00:00Z"),
      end: new Date("2026-06-03T10:00:00Z"),
    });
    expect(figures.salesCount).toBe(2);
    expect(figures.revenuePaise).toBe(2 * 117_882); // ₹999 + 18% = ₹1,178.82
  });
});
