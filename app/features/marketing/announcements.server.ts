/**
 * Announcements (issue 36): the owner writes to the students of one course, of a class (11 or 12)
 * or to every student. My Courses shows each student the announcements of their audience now; the
 * email goes through the job queue: sending writes one `announcement_emails` row per subscribed
 * recipient in the same transaction as the announcement, and the queue's announcement job (sent at
 * once by the admin's action, and every few minutes as a sweep) turns each into one outbox email
 * (platform/email) with a one-click unsubscribe link (RFC 8058 headers). Never sent in the request.
 *
 * The audience: student accounts (role "student", not banned, not the seed's sample students, who
 * count in no student figure) with a live enrolment (revoked_at is
 * null) in the course, or in any product of the class (a product for "both" classes counts for
 * each); "everyone" is every student account. Admins, instructors and guests are never in it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { cachedRead, READ_MAX_AGE_MS, tablesRead } from "~/db/read-cache.server";
import { announcementEmails, announcements, enrolments, products, users } from "~/db/schema";
import { resolveAuthSecret } from "~/features/accounts/auth.server";
import { CLASS_LABELS } from "~/features/catalog/class-levels";
import { formatDateTimeIst } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { recordEvent } from "~/platform/audit/audit.server";
import { sendEmail } from "~/platform/email/email.server";
import type { JobDefinition } from "~/platform/jobs/queue.server";
import { ANNOUNCEMENT_REPEAT_MINUTES, type AnnouncementInput } from "./announcement-schema";

/* ---------------------------------------------------------------- audience */

type AudienceOf = Pick<AnnouncementInput, "audience" | "productId" | "classLevel">;

/** Students of the audience: a condition on `users` (aliased as the table itself). */
function audienceWhere(a: AudienceOf): SQL {
  const student = sql`${users.role} = 'student' and coalesce(${users.banned}, false) = false and not ${users.isSample}`;
  if (a.audience === "course")
    return sql`${student} and exists (select 1 from ${enrolments} e where e.user_id = ${users.id}
      and e.product_id = ${a.productId} and e.revoked_at is null)`;
  if (a.audience === "class")
    return sql`${student} and exists (select 1 from ${enrolments} e join ${products} p on p.id = e.product_id
      where e.user_id = ${users.id} and e.revoked_at is null and p.class_level::text in (${a.classLevel}, 'both'))`;
  return student;
}

/** How many students an announcement to `a` reaches now, and how many of them get the email. */
export async function audienceCount(db: DbOrTx, a: AudienceOf) {
  const [row] = await db
    .select({
      recipients: count(),
      emails: sql<number>`count(*) filter (where ${users.announcementEmails})`.mapWith(Number),
    })
    .from(users)
    .where(audienceWhere(a));
  return { recipients: row?.recipients ?? 0, emails: row?.emails ?? 0 };
}

/** The courses an announcement can go to (every course but the archived), by title. */
export function announcementCourses(db: DbOrTx) {
  return db
    .select({ id: products.id, title: products.title, classLevel: products.classLevel, status: products.status })
    .from(products)
    .where(and(eq(products.kind, "course"), sql`${products.status} <> 'archived'`))
    .orderBy(products.title);
}

async function courseTitle(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ title: products.title })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.kind, "course")));
  return row?.title ?? null;
}

/** "Economics Class 12 students", "Class 12 students", "Every student". */
export function audienceLabel(a: { audience: string; classLevel: string | null; courseTitle: string | null }) {
  if (a.audience === "course") return `${a.courseTitle ?? "A removed course"} students`;
  if (a.audience === "class") return `${CLASS_LABELS[a.classLevel as "11" | "12"] ?? "A class"} students`;
  return "Every student";
}

/** The audience an admin chose, checked: a course must be a course (400 on the course field). */
export async function checkAudience(db: DbOrTx, input: AudienceOf) {
  const title = input.audience === "course" ? await courseTitle(db, input.productId!) : null;
  if (input.audience === "course" && !title) throw new HttpError(400, "Choose a course.", { field: "productId" });
  const counts = await audienceCount(db, input);
  return { ...counts, label: audienceLabel({ ...input, courseTitle: title }) };
}

/* ---------------------------------------------------------------- sending */

export const NOBODY = "No student is in this audience yet: nobody would see this announcement.";

export function repeatMessage(minutes: number) {
  return `This announcement was already sent ${minutes <= 1 ? "a minute" : `${minutes} minutes`} ago. Change it, or wait ${ANNOUNCEMENT_REPEAT_MINUTES} minutes to send it again.`;
}

/**
 * Saves the announcement, one email row per subscribed recipient and the audit entry, in one
 * transaction. The same audience, title and body again within ANNOUNCEMENT_REPEAT_MINUTES is a
 * double submit: 409, nothing saved. Returns the announcement (its counts included).
 */
export async function createAnnouncement(db: Db, adminId: string, input: AnnouncementInput, now = new Date()) {
  return db.transaction(async (tx) => {
    // One sender at a time: two submits of the same form cannot both pass the repeat check.
    await tx.execute(sql`select pg_advisory_xact_lock(3600036)`);
    const audience = await checkAudience(tx, input);
    if (audience.recipients === 0) throw new HttpError(400, NOBODY);
    const since = new Date(now.getTime() - ANNOUNCEMENT_REPEAT_MINUTES * 60_000);
    const [repeat] = await tx
      .select({ createdAt: announcements.createdAt })
      .from(announcements)
      .where(
        and(
          eq(announcements.audience, input.audience),
          input.productId === null
            ? sql`${announcements.productId} is null`
            : eq(announcements.productId, input.productId),
          input.classLevel === null
            ? sql`${announcements.classLevel} is null`
            : eq(announcements.classLevel, input.classLevel),
          eq(announcements.title, input.title),
          eq(announcements.body, input.body),
          sql`${announcements.createdAt} > ${since}`,
        ),
      )
      .orderBy(desc(announcements.createdAt))
      .limit(1);
    if (repeat) {
      const minutes = Math.max(1, Math.round((now.getTime() - repeat.createdAt.getTime()) / 60_000));
      throw new HttpError(409, repeatMessage(minutes));
    }
    const [row] = await tx
      .insert(announcements)
      .values({
        audience: input.audience,
        productId: input.productId,
        classLevel: input.classLevel,
        title: input.title,
        body: input.body,
        createdBy: adminId,
        createdAt: now,
        recipientsCount: audience.recipients,
      })
      .returning();
    const announcement = row!;
    const emails = await tx.execute(sql`
      insert into ${announcementEmails} (announcement_id, user_id)
      select ${announcement.id}, ${users.id} from ${users}
      where ${audienceWhere(input)} and ${users.announcementEmails}`);
    const sentCount = emails.rowCount ?? 0;
    await tx.update(announcements).set({ sentCount }).where(eq(announcements.id, announcement.id));
    await recordEvent(tx, {
      actorId: adminId,
      type: "Announcement",
      description: `Announcement "${input.title}" sent to ${audience.label}: ${audience.recipients} student${
        audience.recipients === 1 ? "" : "s"
      }, ${sentCount} email${sentCount === 1 ? "" : "s"}`,
      status: "Complete",
      entityType: "announcement",
      entityId: announcement.id,
    });
    return { ...announcement, sentCount, label: audience.label };
  });
}

/** The admin's list, newest first, with how many of its emails the job has written so far. */
export async function listAnnouncements(db: DbOrTx, { page = 1, perPage = 20 } = {}) {
  const written = db
    .select({ n: count() })
    .from(announcementEmails)
    .where(and(eq(announcementEmails.announcementId, announcements.id), isNotNull(announcementEmails.outboxId)));
  const rows = await db
    .select({
      id: announcements.id,
      audience: announcements.audience,
      classLevel: announcements.classLevel,
      courseTitle: products.title,
      title: announcements.title,
      body: announcements.body,
      createdAt: announcements.createdAt,
      recipientsCount: announcements.recipientsCount,
      sentCount: announcements.sentCount,
      emailsWritten: sql<number>`(${written})`.mapWith(Number),
    })
    .from(announcements)
    .leftJoin(products, eq(products.id, announcements.productId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
  return {
    items: rows.slice(0, perPage).map((r) => ({ ...r, audienceLabel: audienceLabel(r) })),
    hasMore: rows.length > perPage,
  };
}

/** The newest announcements of the student's audience now (none for an account that is not a student's). */
export async function announcementsForStudent(db: DbOrTx, userId: string, limit = 5) {
  const mine = sql`exists (select 1 from ${users} where ${users.id} = ${userId}
    and ${users.role} = 'student' and coalesce(${users.banned}, false) = false and not ${users.isSample} and (
      ${announcements.audience} = 'everyone'
      or (${announcements.audience} = 'course' and exists (select 1 from ${enrolments} e
        where e.user_id = ${userId} and e.product_id = ${announcements.productId} and e.revoked_at is null))
      or (${announcements.audience} = 'class' and exists (select 1 from ${enrolments} e
        join ${products} p on p.id = e.product_id
        where e.user_id = ${userId} and e.revoked_at is null and p.class_level::text in (${announcements.classLevel}, 'both')))))`;
  // Kept in memory on the embedded database until one of these tables is written (My Courses shows
  // them on every visit: its one query once its list is kept too).
  return cachedRead(db, `announcements:${userId}:${limit}`, STUDENT_ANNOUNCEMENT_TABLES, READ_MAX_AGE_MS, () =>
    db
      .select({
        id: announcements.id,
        title: announcements.title,
        body: announcements.body,
        createdAt: announcements.createdAt,
      })
      .from(announcements)
      .where(mine)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(limit),
  );
}

/** What announcementsForStudent reads. */
const STUDENT_ANNOUNCEMENT_TABLES = tablesRead(announcements, users, enrolments, products);

/* ---------------------------------------------------------------- unsubscribe */

function sign(secret: string, userId: string) {
  return createHmac("sha256", secret).update(`announcements-unsubscribe:${userId}`).digest("base64url");
}

/** The token of a student's unsubscribe link: their id and its HMAC with the auth secret (no expiry). */
export function unsubscribeToken(userId: string, secret = resolveAuthSecret()) {
  return `${Buffer.from(userId).toString("base64url")}.${sign(secret, userId)}`;
}

/** The student a token names, or null when it is malformed or its signature does not match. */
export function unsubscribeTokenUser(token: string, secret = resolveAuthSecret()): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Buffer.from(match[1]!, "base64url").toString("utf8");
  if (!userId || Buffer.from(userId).toString("base64url") !== match[1]) return null;
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

export function unsubscribeUrl(userId: string) {
  return new URL(`/unsubscribe?token=${unsubscribeToken(userId)}`, getEnv().APP_URL).toString();
}

export const INVALID_UNSUBSCRIBE =
  "This unsubscribe link is not valid. Turn announcement emails off from your Account page.";

/** The account a valid token names (400 for a bad token or an account that is gone). */
export async function unsubscribeSubject(db: DbOrTx, token: string | null) {
  const userId = token ? unsubscribeTokenUser(token) : null;
  if (!userId) throw new HttpError(400, INVALID_UNSUBSCRIBE);
  const [row] = await db
    .select({ id: users.id, subscribed: users.announcementEmails })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(400, INVALID_UNSUBSCRIBE);
  return row;
}

/** Turns announcement emails on or off for one account. */
export async function setAnnouncementEmails(db: DbOrTx, userId: string, on: boolean) {
  await db.update(users).set({ announcementEmails: on }).where(eq(users.id, userId));
}

/* ---------------------------------------------------------------- the job */

export const ANNOUNCEMENT_JOB = "marketing.announcement-emails";
/** The sweep that picks up emails a run left (a stopped server, a queue that was down when sending). */
const SWEEP_SECONDS = 300;

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The email of one announcement to one student (the unsubscribe link is theirs, kept out of the outbox copy). */
export function announcementEmail(
  a: { title: string; body: string; createdAt: Date },
  to: { id: string; email: string; name: string },
) {
  const unsubscribe = unsubscribeUrl(to.id);
  const myCourses = new URL("/my-courses", getEnv().APP_URL).toString();
  const text = [
    `Hi ${to.name},`,
    "",
    a.body,
    "",
    `Commerce Academy, ${formatDateTimeIst(a.createdAt)}`,
    `See it in My Courses: ${myCourses}`,
    "",
    `You get this because you are a Commerce Academy student. Stop announcement emails: ${unsubscribe}`,
  ].join("\n");
  const paragraphs = a.body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const html = `<p>Hi ${escapeHtml(to.name)},</p>${paragraphs}<p>Commerce Academy, ${escapeHtml(
    formatDateTimeIst(a.createdAt),
  )} · <a href="${escapeHtml(myCourses)}">My Courses</a></p><p style="color:#64748b;font-size:12px">You get this because you are a Commerce Academy student. <a href="${escapeHtml(
    unsubscribe,
  )}">Stop announcement emails</a></p>`;
  return {
    to: to.email,
    subject: a.title,
    text,
    html,
    secrets: [unsubscribe],
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * Writes the owed emails, `batch` at a time, until none is left (or the server stops): each batch
 * is claimed with a lease first (skip locked), so runs on several instances never take the same
 * row; a student who unsubscribed since is skipped (done, no email). Returns what it did.
 */
export async function sendAnnouncementEmails(
  db: Db,
  opts: { batch?: number; now?: () => Date; signal?: AbortSignal; budgetMs?: number } = {},
) {
  const batch = opts.batch ?? 100;
  const now = opts.now ?? (() => new Date());
  const stopAt = opts.budgetMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + opts.budgetMs;
  let sent = 0;
  let skipped = 0;
  for (;;) {
    // A server stopping, or a run past its budget: the rest waits for the next run (the sweep).
    if (opts.signal?.aborted || Date.now() >= stopAt) break;
    const at = now();
    const leaseExpired = new Date(at.getTime() - 10 * 60_000);
    const claimed = await db.execute<{ announcement_id: number; user_id: string }>(sql`
      update ${announcementEmails} set claimed_at = ${at}
      where (announcement_id, user_id) in (
        select announcement_id, user_id from ${announcementEmails}
        where done_at is null and (claimed_at is null or claimed_at < ${leaseExpired})
        order by announcement_id
        limit ${batch}
        for update skip locked
      )
      returning announcement_id, user_id`);
    if (claimed.rows.length === 0) break;
    for (const { announcement_id: announcementId, user_id: userId } of claimed.rows) {
      const [row] = await db
        .select({
          title: announcements.title,
          body: announcements.body,
          createdAt: announcements.createdAt,
          email: users.email,
          name: users.name,
          subscribed: users.announcementEmails,
        })
        .from(announcements)
        .innerJoin(users, eq(users.id, userId))
        .where(eq(announcements.id, Number(announcementId)));
      const where = and(
        eq(announcementEmails.announcementId, Number(announcementId)),
        eq(announcementEmails.userId, userId),
      );
      if (!row?.subscribed) {
        await db.update(announcementEmails).set({ doneAt: now() }).where(where);
        skipped++;
        continue;
      }
      const { id } = await sendEmail(db, announcementEmail(row, { id: userId, email: row.email, name: row.name }));
      await db.update(announcementEmails).set({ doneAt: now(), outboxId: id }).where(where);
      sent++;
    }
  }
  return { sent, skipped };
}

export function announcementJobs(db: Db): JobDefinition[] {
  return [
    {
      name: ANNOUNCEMENT_JOB,
      queue: { policy: "stately", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
      every: { seconds: SWEEP_SECONDS },
      pollingIntervalSeconds: 30,
      async run(_data, { signal }) {
        // Well inside expireInSeconds: a long list is finished by the following runs.
        const report = await sendAnnouncementEmails(db, { signal, budgetMs: 20 * 60_000 });
        if (report.sent || report.skipped) log.info(report, "announcement emails written");
        return report;
      },
    },
  ];
}
