/**
 * Announcements (issue 36): who an announcement reaches (course, class, everyone; live enrolments
 * of student accounts only), the confirmation step, one outbox email per subscribed recipient written
 * by the queue's job (never in the request), the signed one-click unsubscribe, turning emails back on
 * from /account, My Courses showing each student only their own, and the refusals.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { resolveAuthSecret } from "~/features/accounts/auth.server";
import {
  announcementEmail,
  audienceCount,
  createAnnouncement,
  sendAnnouncementEmails,
  unsubscribeToken,
  unsubscribeTokenUser,
} from "~/features/marketing/announcements.server";
import { removeSampleContent } from "~/features/settings/sample-content.server";
import { REDACTED } from "~/platform/email/email.server";
import * as account from "~/routes/account/account";
import * as admin from "~/routes/admin/announcements";
import * as myCourses from "~/routes/store/my-courses";
import * as unsubscribe from "~/routes/store/unsubscribe";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { createProduct } from "../helpers/factories";
import { callAction } from "../helpers/form";
import { makeRequest, routeContext, thrownStatus } from "../helpers/route";
import { useSmtpSink } from "../helpers/smtp-sink";

let owner: TestUser;
let ownerCookie: string;
let course12: typeof schema.products.$inferSelect;
let course11: typeof schema.products.$inferSelect;
let bothNotes: typeof schema.products.$inferSelect;
/** Enrolled in the Class 12 course. */
let asha: TestUser;
/** Enrolled in the Class 11 course. */
let ravi: TestUser;
/** Their Class 12 enrolment was revoked (a refund). */
let refunded: TestUser;
/** Owns a "both classes" note. */
let meera: TestUser;

async function enrol(userId: string, productId: number, revoked = false) {
  const { db } = await getTestDb();
  await db
    .insert(schema.enrolments)
    .values({ userId, productId, source: "grant", revokedAt: revoked ? new Date() : null });
}

beforeEach(async () => {
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner Admin" });
  ownerCookie = await cookieFor(owner);
  course12 = await createProduct({
    kind: "course",
    classLevel: "12",
    title: "Announce Accountancy 12",
    status: "published",
  });
  course11 = await createProduct({
    kind: "course",
    classLevel: "11",
    title: "Announce Economics 11",
    status: "published",
  });
  bothNotes = await createProduct({
    kind: "note",
    classLevel: "both",
    title: "Announce notes 11 and 12",
    status: "published",
  });
  asha = await createTestUser({ name: "Asha" });
  ravi = await createTestUser({ name: "Ravi" });
  refunded = await createTestUser({ name: "Refunded" });
  meera = await createTestUser({ name: "Meera" });
  await enrol(asha.id, course12.id);
  await enrol(ravi.id, course11.id);
  await enrol(refunded.id, course12.id, true);
  await enrol(meera.id, bothNotes.id);
  // The owner holds a live enrolment too: admins are never in an audience.
  await enrol(owner.id, course12.id);
});

async function queued(announcementId: number) {
  const { db } = await getTestDb();
  const rows = await db
    .select({ userId: schema.announcementEmails.userId })
    .from(schema.announcementEmails)
    .where(eq(schema.announcementEmails.announcementId, announcementId));
  return rows.map((r) => r.userId).sort();
}

async function studentCount() {
  const { db } = await getTestDb();
  const rows = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.role, "student"), eq(schema.users.isSample, false)));
  return rows.length;
}

async function outboxTo(emails: string[]) {
  const { db } = await getTestDb();
  return db.select().from(schema.emailOutbox).where(inArray(schema.emailOutbox.to, emails));
}

const send = (fields: Record<string, string>, cookie = ownerCookie) =>
  callAction(admin.action, "/admin/announcements", fields, { cookie });

async function loaderAs<T extends (args: never) => unknown>(loader: T, path: string, cookie?: string) {
  const request = makeRequest(path, cookie ? { headers: { cookie } } : undefined);
  return (await loader({ request, params: {}, context: await routeContext(request) } as never)) as Awaited<
    ReturnType<T>
  >;
}

function dataOf<T>(result: unknown): T {
  return (result as { data?: T }).data ?? (result as T);
}

describe("the audience", () => {
  it("a course: its students with a live enrolment, not the refunded one, not the admin", async () => {
    const { db } = await getTestDb();
    const a = await createAnnouncement(db, owner.id, {
      audience: "course",
      productId: course12.id,
      classLevel: null,
      title: "Mock test on Sunday",
      body: "Bring a pen.",
    });
    expect(a.recipientsCount).toBe(1);
    expect(await queued(a.id)).toEqual([asha.id]);
  });

  it("a class: live enrolments in a product of that class or of both classes", async () => {
    const { db } = await getTestDb();
    const twelve = await createAnnouncement(db, owner.id, {
      audience: "class",
      productId: null,
      classLevel: "12",
      title: "Class 12 board dates",
      body: "The date sheet is out.",
    });
    expect(await queued(twelve.id)).toEqual([asha.id, meera.id].sort());
    const eleven = await createAnnouncement(db, owner.id, {
      audience: "class",
      productId: null,
      classLevel: "11",
      title: "Class 11 half-yearly",
      body: "Revise chapters 1 to 6.",
    });
    expect(await queued(eleven.id)).toEqual([ravi.id, meera.id].sort());
  });

  it("everyone: every student account, never an admin nor a sample student of the seed", async () => {
    const { db } = await getTestDb();
    const a = await createAnnouncement(db, owner.id, {
      audience: "everyone",
      productId: null,
      classLevel: null,
      title: "Diwali holidays",
      body: "No live classes this week.",
    });
    const ids = await queued(a.id);
    expect(a.recipientsCount).toBe(await studentCount());
    expect(ids).toHaveLength(await studentCount());
    expect(ids).toEqual(expect.arrayContaining([asha.id, ravi.id, refunded.id, meera.id]));
    expect(ids).not.toContain(owner.id);
    const samples = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.isSample, true));
    expect(samples.length).toBeGreaterThan(0);
    for (const { id } of samples) expect(ids).not.toContain(id);
  });

  it("a student who turned emails off is in the audience but gets no email row", async () => {
    const { db } = await getTestDb();
    await db.update(schema.users).set({ announcementEmails: false }).where(eq(schema.users.id, meera.id));
    const counts = await audienceCount(db, { audience: "class", productId: null, classLevel: "12" });
    expect(counts).toEqual({ recipients: 2, emails: 1 });
    const a = await createAnnouncement(db, owner.id, {
      audience: "class",
      productId: null,
      classLevel: "12",
      title: "Class 12 board dates",
      body: "The date sheet is out.",
    });
    expect([a.recipientsCount, a.sentCount]).toEqual([2, 1]);
    expect(await queued(a.id)).toEqual([asha.id]);
  });
});

describe("sending from /admin/announcements", () => {
  // Delivered through SMTP (a local sink) to see the headers; the outbox keeps the copy without the link.
  const sink = useSmtpSink();
  const fields = {
    audience: "class",
    productId: "",
    classLevel: "12",
    title: "Sample paper  discussion",
    body: "Sunday 10 am.\r\nBring last year's paper.\r\n\r\n\r\nSee you!",
  };

  it("previews the count without saving, then sends: audited, one email per subscribed recipient, written by the job", async () => {
    const { db } = await getTestDb();
    const preview = await send({ ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({ confirm: { recipients: 2, emails: 2, label: "Class 12 students" } });
    expect(await db.select().from(schema.announcements)).toHaveLength(0);

    const sent = await send({ ...fields, intent: "send" });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/admin/announcements");
    const [row] = await db.select().from(schema.announcements);
    expect(row).toMatchObject({
      audience: "class",
      classLevel: "12",
      title: "Sample paper discussion",
      body: "Sunday 10 am.\nBring last year's paper.\n\nSee you!",
      createdBy: owner.id,
      recipientsCount: 2,
      sentCount: 2,
    });
    const [audit] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.type, "Announcement"), eq(schema.auditLog.entityId, String(row!.id))));
    expect(audit).toMatchObject({ actorId: owner.id, status: "Complete" });
    expect(audit!.description).toContain("2 students");

    // Nothing went out in the request: the job writes the emails.
    expect(await outboxTo([asha.email, meera.email])).toHaveLength(0);
    expect(await sendAnnouncementEmails(db)).toEqual({ sent: 2, skipped: 0 });
    const outbox = await outboxTo([asha.email, meera.email, ravi.email, owner.email]);
    expect(outbox.map((m) => m.to).sort()).toEqual([asha.email, meera.email].sort());
    for (const m of outbox) {
      expect(m.subject).toBe("Sample paper discussion");
      expect(m.text).toContain("Bring last year's paper.");
      expect(m.text).toContain(REDACTED); // the unsubscribe link is the recipient's only
      expect(m.text).not.toContain("/unsubscribe?token=");
      expect(m.sentAt).not.toBeNull();
    }
    // A second run finds nothing owed.
    expect(await sendAnnouncementEmails(db)).toEqual({ sent: 0, skipped: 0 });
    expect(await outboxTo([asha.email, meera.email])).toHaveLength(2);
    const [listed] = (await loaderAs(admin.loader, "/admin/announcements", ownerCookie)).items;
    expect(listed).toMatchObject({ audienceLabel: "Class 12 students", recipientsCount: 2, emailsWritten: 2 });
  });

  it("delivers with RFC 8058 one-click headers and the recipient's own working link", async () => {
    const { db } = await getTestDb();
    expect((await send({ ...fields, intent: "send" })).status).toBe(302);
    await sendAnnouncementEmails(db);
    const mail = sink.lastTo(asha.email)!;
    expect(mail.subject).toBe("Sample paper discussion");
    const link = /List-Unsubscribe: <([^>]+)>/i.exec(mail.raw.replace(/\r\n\s+/g, " "))?.[1];
    expect(link).toMatch(/\/unsubscribe\?token=/);
    expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
    const token = new URL(link!).searchParams.get("token")!;
    expect(unsubscribeTokenUser(token)).toBe(asha.id);
    // The text part, quoted-printable soft breaks undone, carries the same link.
    expect(mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toContain(link!);
  });

  it("skips a student who unsubscribed after the announcement was sent", async () => {
    const { db } = await getTestDb();
    expect((await send({ ...fields, intent: "send" })).status).toBe(302);
    await db.update(schema.users).set({ announcementEmails: false }).where(eq(schema.users.id, asha.id));
    expect(await sendAnnouncementEmails(db)).toEqual({ sent: 1, skipped: 1 });
    expect((await outboxTo([asha.email, meera.email])).map((m) => m.to)).toEqual([meera.email]);
    const pending = await db.select().from(schema.announcementEmails).where(isNull(schema.announcementEmails.doneAt));
    expect(pending).toHaveLength(0);
  });

  it("a run past its budget leaves the rest; a row another run holds waits for its 10-minute lease", async () => {
    const { db } = await getTestDb();
    expect((await send({ ...fields, intent: "send" })).status).toBe(302);
    expect(await sendAnnouncementEmails(db, { budgetMs: 0 })).toEqual({ sent: 0, skipped: 0 });
    // Another instance claimed both rows and died before writing them.
    await db.update(schema.announcementEmails).set({ claimedAt: new Date() });
    expect(await sendAnnouncementEmails(db)).toEqual({ sent: 0, skipped: 0 });
    expect(await outboxTo([asha.email, meera.email])).toHaveLength(0);
    const later = () => new Date(Date.now() + 11 * 60_000);
    expect(await sendAnnouncementEmails(db, { batch: 1, now: later })).toEqual({ sent: 2, skipped: 0 });
    expect(await outboxTo([asha.email, meera.email])).toHaveLength(2);
  });

  it("refuses the same announcement again within 10 minutes (a double submit), allows it after", async () => {
    const { db } = await getTestDb();
    expect((await send({ ...fields, intent: "send" })).status).toBe(302);
    const again = await send({ ...fields, intent: "send" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ formError: expect.stringContaining("already sent") });
    expect(await db.select().from(schema.announcements)).toHaveLength(1);
    // A different title is another announcement.
    expect((await send({ ...fields, title: "Another one", intent: "send" })).status).toBe(302);
    // Eleven minutes later the same text may go again.
    const input = {
      audience: "class" as const,
      productId: null,
      classLevel: "12" as const,
      title: "Sample paper discussion",
      body: "Sunday 10 am.\nBring last year's paper.\n\nSee you!",
    };
    await expect(createAnnouncement(db, owner.id, input, new Date(Date.now() + 11 * 60_000))).resolves.toMatchObject({
      recipientsCount: 2,
    });
  });

  it("bad input is a 400 with the field named, and saves nothing", async () => {
    const { db } = await getTestDb();
    const cases: [Record<string, string>, string][] = [
      [{ ...fields, title: "t".repeat(121) }, "title"],
      [{ ...fields, title: "   " }, "title"],
      [{ ...fields, body: "b".repeat(2001) }, "body"],
      [{ ...fields, body: "<script>alert(1)</script>" }, "body"],
      [{ ...fields, audience: "class", classLevel: "both" }, "classLevel"],
      [{ ...fields, audience: "course", productId: "" }, "productId"],
      [{ ...fields, audience: "course", productId: String(bothNotes.id) }, "productId"],
      [{ ...fields, audience: "course", productId: "99999999999" }, "productId"],
      [{ ...fields, audience: "admins" }, "audience"],
    ];
    for (const [body, field] of cases) {
      for (const intent of ["preview", "send"]) {
        const answer = await send({ ...body, intent });
        expect(answer.status, `${field} ${intent}`).toBe(400);
        expect(Object.keys((answer.data as { fieldErrors: object }).fieldErrors), field).toContain(field);
      }
    }
    expect((await send({ ...fields, intent: "delete" })).status).toBe(400);
    // A course nobody owns: nobody to send to.
    const empty = await createProduct({
      kind: "course",
      classLevel: "11",
      title: "Nobody owns this",
      status: "published",
    });
    const nobody = await send({ ...fields, audience: "course", productId: String(empty.id), intent: "send" });
    expect(nobody.status).toBe(400);
    expect(await db.select().from(schema.announcements)).toHaveLength(0);
    expect(await db.select().from(schema.announcementEmails)).toHaveLength(0);
  });

  it("refuses students (403) and visitors (to /login); nothing is saved", async () => {
    const { db } = await getTestDb();
    const student = await send({ ...fields, intent: "send" }, await cookieFor(asha));
    expect(student.status).toBe(403);
    const visitor = await callAction(admin.action, "/admin/announcements", { ...fields, intent: "send" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
    expect(await thrownStatus(() => loaderAs(admin.loader, "/admin/announcements", undefined))).toBe(302);
    expect(await db.select().from(schema.announcements)).toHaveLength(0);
  });
});

describe("unsubscribe and subscribe again", () => {
  async function subscribed(userId: string) {
    const { db } = await getTestDb();
    const [row] = await db
      .select({ on: schema.users.announcementEmails })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row!.on;
  }

  it("a valid link: GET shows the button (signed out), POST (one-click body) turns emails off", async () => {
    const token = unsubscribeToken(asha.id);
    const page = dataOf<{ subscribed: boolean }>(await loaderAs(unsubscribe.loader, `/unsubscribe?token=${token}`));
    expect(page.subscribed).toBe(true);
    expect(await subscribed(asha.id)).toBe(true); // GET changes nothing
    // A POST without RFC 8058's body (a stray form, a prefetch) is not an unsubscribe.
    expect((await callAction(unsubscribe.action, `/unsubscribe?token=${token}`, {})).status).toBe(400);
    expect(await subscribed(asha.id)).toBe(true);
    const answer = await callAction(unsubscribe.action, `/unsubscribe?token=${token}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(answer.status).toBe(302);
    expect(await subscribed(asha.id)).toBe(false);
    expect(await subscribed(meera.id)).toBe(true);
    const after = dataOf<{ subscribed: boolean }>(await loaderAs(unsubscribe.loader, `/unsubscribe?token=${token}`));
    expect(after.subscribed).toBe(false);
  });

  it("missing, malformed, tampered or foreign-secret tokens are a 400 and change nothing", async () => {
    const good = unsubscribeToken(asha.id);
    const [idPart, sig] = good.split(".") as [string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const bad = [
      "",
      "garbage",
      `${idPart}.${flipped}`,
      // Another student's id with Asha's signature.
      `${Buffer.from(meera.id).toString("base64url")}.${sig}`,
      unsubscribeToken(asha.id, "another-secret-of-at-least-thirty-two-characters"),
      `${good}x`,
    ];
    expect(resolveAuthSecret()).not.toBe("another-secret-of-at-least-thirty-two-characters");
    for (const token of bad) {
      const path = token ? `/unsubscribe?token=${encodeURIComponent(token)}` : "/unsubscribe";
      expect(await thrownStatus(() => loaderAs(unsubscribe.loader, path)), token).toBe(400);
      const answer = await callAction(unsubscribe.action, path, { "List-Unsubscribe": "One-Click" });
      expect(answer.status, token).toBe(400);
    }
    expect(await subscribed(asha.id)).toBe(true);
    expect(await subscribed(meera.id)).toBe(true);
  });

  it("the account page turns announcement emails back on (and off), and refuses a bad value", async () => {
    const { db } = await getTestDb();
    await db.update(schema.users).set({ announcementEmails: false }).where(eq(schema.users.id, asha.id));
    const cookie = await cookieFor(asha);
    expect((await loaderAs(account.loader, "/account", cookie)).announcementEmails).toBe(false);
    const on = await callAction(account.action, "/account", { intent: "announcements", on: "true" }, { cookie });
    expect(on.status).toBe(302);
    expect(await subscribed(asha.id)).toBe(true);
    expect((await loaderAs(account.loader, "/account", cookie)).announcementEmails).toBe(true);
    const bad = await callAction(account.action, "/account", { intent: "announcements", on: "maybe" }, { cookie });
    expect(bad.status).toBe(400);
    expect(await subscribed(asha.id)).toBe(true);
    const off = await callAction(account.action, "/account", { intent: "announcements", on: "false" }, { cookie });
    expect(off.status).toBe(302);
    expect(await subscribed(asha.id)).toBe(false);
  });

  it("the email's text and headers carry the same link", () => {
    const message = announcementEmail(
      { title: "T", body: "Line one\nLine <two>", createdAt: new Date("2026-11-26T18:30:00Z") },
      { id: asha.id, email: asha.email, name: "Asha" },
    );
    const link = message.headers["List-Unsubscribe"].slice(1, -1);
    expect(message.text).toContain(link);
    expect(message.secrets).toEqual([link]);
    expect(message.html).toContain("Line one<br>Line &#60;two&#62;");
    expect(message.text).toContain("27 Nov 2026, 12:00 am IST");
  });
});

describe("My Courses", () => {
  it("shows each student only their announcements, newest first, at most 5; an admin none", async () => {
    const { db } = await getTestDb();
    const base = Date.now() - 60 * 60_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const make = (title: string, audience: Record<string, unknown>, minutes: number) =>
      createAnnouncement(
        db,
        owner.id,
        { productId: null, classLevel: null, body: `${title} body`, ...audience, title } as never,
        at(minutes),
      );
    await make("For course 12", { audience: "course", productId: course12.id }, 1);
    await make("For course 11", { audience: "course", productId: course11.id }, 2);
    await make("For class 11", { audience: "class", classLevel: "11" }, 3);
    await make("For everyone", { audience: "everyone" }, 4);

    const titles = async (user: TestUser) =>
      (await loaderAs(myCourses.loader, "/my-courses", await cookieFor(user))).announcements.map((a) => a.title);
    expect(await titles(asha)).toEqual(["For everyone", "For course 12"]);
    expect(await titles(ravi)).toEqual(["For everyone", "For class 11", "For course 11"]);
    expect(await titles(refunded)).toEqual(["For everyone"]);
    expect(await titles(meera)).toEqual(["For everyone", "For class 11"]);
    expect(await titles(owner)).toEqual([]);
    // Unsubscribed students still see them.
    await db.update(schema.users).set({ announcementEmails: false }).where(eq(schema.users.id, asha.id));
    expect(await titles(asha)).toEqual(["For everyone", "For course 12"]);

    for (let i = 5; i < 10; i++) await make(`News ${i}`, { audience: "everyone" }, i);
    expect(await titles(asha)).toEqual(["News 9", "News 8", "News 7", "News 6", "News 5"]);
  });
});

describe("sample content", () => {
  it("removing the sample courses removes their announcements and keeps the others", async () => {
    const { db } = await getTestDb();
    const [sampleCourse] = await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(and(eq(schema.products.isSample, true), eq(schema.products.kind, "course")))
      .limit(1);
    // A real student of a sample course (granted), so the announcement has someone to go to.
    await enrol(asha.id, sampleCourse!.id);
    const onSample = await createAnnouncement(db, owner.id, {
      audience: "course",
      productId: sampleCourse!.id,
      classLevel: null,
      title: "On a sample course",
      body: "Sample.",
    });
    const toAll = await createAnnouncement(db, owner.id, {
      audience: "everyone",
      productId: null,
      classLevel: null,
      title: "To everyone",
      body: "Kept.",
    });
    expect(onSample.recipientsCount).toBe(1);
    expect(await removeSampleContent(db, owner.id)).not.toBeNull();
    const left = await db.select({ id: schema.announcements.id }).from(schema.announcements);
    // Nobody ordered it (a grant is no order), so the sample course is deleted, and its announcement with it.
    expect(await db.select().from(schema.products).where(eq(schema.products.id, sampleCourse!.id))).toHaveLength(0);
    expect(left.map((r) => r.id)).toEqual([toAll.id]);
  });
});
