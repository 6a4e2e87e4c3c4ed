/**
 * The admin notifications dropdown, fed by the real events in their own tables:
 * paid orders, refunds, contact messages, sign-ups, payment alerts (a second
 * payment on a paid order, in the audit log), new reviews and reported reviews (one notification per
 * review, however many reported it) and students' doubts still unanswered (issue 36). Each admin has
 * a read mark; events after it are unread.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { adminNotificationReads } from "~/db/schema";
import { PAYMENT_ALERT } from "~/platform/audit/audit.server";

export const NO_NOTIFICATIONS = "No new notifications.";
/**
 * Reports fold into one notification per reported review ("… reported by 3 students", at the latest
 * report's time): the reviews are found among this many newest reports per notification shown, so
 * the branch stays bounded by the reports' time index however many there are.
 */
const REPORTS_SCANNED = 20;

export interface Notification {
  id: string;
  kind: "order" | "refund" | "contact" | "signup" | "payment" | "review" | "report" | "doubt";
  title: string;
  href: string;
  time: Date;
  isNew: boolean;
}

export async function listNotifications(db: DbOrTx, adminId: string, limit = 10) {
  const [mark] = await db
    .select({ readThrough: adminNotificationReads.readThrough })
    .from(adminNotificationReads)
    .where(eq(adminNotificationReads.userId, adminId));
  const readThrough = mark?.readThrough ?? new Date(0);
  // Each branch is bounded by its own index on the time column before the union. The payment alert's
  // type is written into the query (not a parameter) so that its partial index applies.
  const paymentAlert = sql.raw(`'${PAYMENT_ALERT}'`);
  const result = await db.execute<{
    id: string;
    kind: Notification["kind"];
    title: string;
    href: string;
    time: string;
  }>(sql`
    (select 'order-' || o.id as id, 'order' as kind,
            'New order ' || o.number || ' by ' || u.name as title, '/admin/sales?q=' || o.number as href, o.paid_at as time
       from orders o join users u on u.id = o.user_id
      where o.paid_at is not null order by o.paid_at desc limit ${limit})
    union all
    (select 'refund-' || o.id, 'refund', 'Order ' || o.number || ' refunded', '/admin/sales?q=' || o.number, o.refunded_at
       from orders o where o.refunded_at is not null order by o.refunded_at desc limit ${limit})
    union all
    (select 'contact-' || c.id, 'contact', 'Message from ' || c.name, '/admin/inbox#message-' || c.id, c.created_at
       from contact_messages c order by c.created_at desc limit ${limit})
    union all
    (select 'signup-' || u.id, 'signup', u.name || ' signed up', '/admin/users/' || u.id, u.created_at
       from users u order by u.created_at desc limit ${limit})
    union all
    (select 'payment-' || a.id, 'payment', 'Second payment on order ' || o.number, '/admin/sales?q=' || o.number, a.created_at
       from audit_log a join orders o on o.id = a.entity_id::uuid
      where a.type = ${paymentAlert} and a.entity_type = 'order' order by a.created_at desc limit ${limit})
    union all
    (select 'review-' || r.id, 'review', 'New ' || r.rating || '-star review of ' || p.title || ' by ' || u.name,
            '/admin/reviews?product=' || p.id, r.created_at
       from reviews r join products p on p.id = r.product_id join users u on u.id = r.user_id
      order by r.created_at desc limit ${limit})
    union all
    (select 'doubt-' || d.id, 'doubt', 'New doubt on ' || p.title || ' from ' || u.name,
            '/admin/doubts?product=' || p.id, d.created_at
       from doubts d join products p on p.id = d.product_id join users u on u.id = d.user_id
      where d.status = 'open' and d.hidden_at is null order by d.created_at desc limit ${limit})
    union all
    (select 'report-' || g.review_id, 'report',
            'Review of ' || p.title || ' reported by ' ||
              case when g.reports = 1 then 'a student' else g.reports || ' students' end,
            '/admin/reviews?status=reported', g.last_at
       from (select rr.review_id, count(*) as reports, max(rr.created_at) as last_at
               from review_reports rr
               join (select distinct recent.review_id
                       from (select review_id from review_reports order by created_at desc limit ${limit * REPORTS_SCANNED})
                            recent) latest on latest.review_id = rr.review_id
              group by rr.review_id order by last_at desc limit ${limit}) g
       join reviews r on r.id = g.review_id join products p on p.id = r.product_id)
    order by time desc limit ${limit}
  `);
  const items: Notification[] = result.rows.map((r) => {
    const time = new Date(r.time);
    return { id: r.id, kind: r.kind, title: r.title, href: r.href, time, isNew: time > readThrough };
  });
  return { items, unread: items.filter((i) => i.isNew).length };
}

export async function markAllNotificationsRead(db: DbOrTx, adminId: string, now = new Date()) {
  await db
    .insert(adminNotificationReads)
    .values({ userId: adminId, readThrough: now })
    .onConflictDoUpdate({ target: adminNotificationReads.userId, set: { readThrough: now } });
}
