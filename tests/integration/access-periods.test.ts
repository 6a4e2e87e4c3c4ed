/**
 * Access periods (issue 36): a product sold with access until a date or for N months; the enrolment's
 * end computed at grant (checkout and the admin's grant); an ended one gives nothing (player, video key,
 * download) but a lock screen with "Renew"; a renewal purchase and the owner's extension restore it.
 */
import { and, eq, gt } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { resolveAuthSecret } from "~/features/accounts/auth.server";
import { placeOrder } from "~/features/checkout/checkout.server";
import { hasAccess, isOwned } from "~/features/learning/access.server";
import { AccessEndedPanel } from "~/features/learning/access-ended";
import { OwnedCard } from "~/features/learning/owned-card";
import { settleTestPayment } from "~/features/payments/payments.server";
import { issueKeyToken } from "~/features/video/playback.server";
import { addIstMonths, formatDate, formatDay, istEndOfDay, istToday } from "~/lib/dates";
import * as courseEdit from "~/routes/admin/course-edit";
import * as adminUser from "~/routes/admin/user";
import * as player from "~/routes/store/course-player";
import { loader as downloadLoader } from "~/routes/store/download";
import * as myCourses from "~/routes/store/my-courses";
import * as practiceStart from "~/routes/store/practice-start";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { addToCart, cartOf } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import { flashOf, makeRequest, routeCall } from "../helpers/route";
import { videoGet } from "../helpers/video";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;

/** A loader's or action's answer, returned or thrown: its status, data and Location. */
async function call(
  fn: Fn,
  path: string,
  cookie: string,
  opts: { form?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const init: RequestInit = opts.form
    ? { method: "POST", body: new URLSearchParams(opts.form), headers: { cookie } }
    : { headers: { cookie } };
  let result: unknown;
  try {
    result = await routeCall(fn, { request: makeRequest(path, init), params: opts.params ?? {}, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), response: result, data: undefined };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const r = result as { init?: ResponseInit; data: unknown };
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: r.init?.status ?? 200, data: r.data as any, location: null, response: undefined };
  }
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  return { status: 200, data: result as any, location: null, response: undefined };
}

// A component rendered inside a data router (forms and links need one).
let shown: React.ReactElement | null = null;
const Stub = createRoutesStub([{ path: "/", Component: () => shown }]);
function renderInRouter(element: React.ReactElement) {
  shown = element;
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
}

const DAY = 86_400_000;
/** A day in India `days` from today, "yyyy-mm-dd". */
const dayFromToday = (days: number) => istToday(new Date(Date.now() + days * DAY));

async function seeded(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.slug, slug));
  return row!;
}

async function liveEnrolment(userId: string, productId: number) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.enrolments)
    .where(and(eq(schema.enrolments.userId, userId), eq(schema.enrolments.productId, productId)));
  return rows.filter((r) => r.revokedAt === null);
}

/** A student whose access to the product ended yesterday (a live enrolment past its end). */
async function endedStudent(productId: number, opts: Partial<TestUser> = {}) {
  const user = await createTestUser(opts);
  await (await getDb()).insert(schema.enrolments).values({
    userId: user.id,
    productId,
    source: "purchase",
    grantedAt: new Date(Date.now() - 400 * DAY),
    expiresAt: new Date(Date.now() - DAY),
  });
  return user;
}

/** Places the user's cart as an order and pays it with the test gateway. */
async function buyCart(user: TestUser) {
  const db = await getDb();
  const placed = await placeOrder(db, user.id);
  await settleTestPayment(db, user.id, placed.orderId, "pay");
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, placed.orderId));
  return order!;
}

describe("access periods at grant", () => {
  it("a purchase sets the end from each rule (the end of the date, or N months from payment); lifetime stays null", async () => {
    const until = dayFromToday(90);
    const byDate = await createProduct({ title: "Board Exam Crash Course", accessUntil: until });
    const byMonths = await createProduct({ title: "Year Course", kind: "note", accessMonths: 12 });
    const lifetime = await createProduct({ title: "Lifetime Course" });
    const buyer = await createTestUser();
    await addToCart(buyer.id, [byDate.id, byMonths.id, lifetime.id]);
    const order = await buyCart(buyer);
    expect(order.status).toBe("fulfilled");
    const [dated] = await liveEnrolment(buyer.id, byDate.id);
    const [monthly] = await liveEnrolment(buyer.id, byMonths.id);
    const [forever] = await liveEnrolment(buyer.id, lifetime.id);
    expect(dated!.expiresAt).toEqual(istEndOfDay(until));
    expect(monthly!.expiresAt).toEqual(istEndOfDay(addIstMonths(order.paidAt!, 12)));
    expect(forever!.expiresAt).toBeNull();
    const db = await getDb();
    expect(await hasAccess(db, buyer.id, byDate.id)).toBe(true);
    expect(await hasAccess(db, buyer.id, byMonths.id)).toBe(true);

    // The invoice line says the access it sold; a lifetime line says nothing more.
    const lines = (order.invoiceDocument as { lines: { title: string; access?: string }[] }).lines;
    const byTitle = new Map(lines.map((l) => [l.title, l.access]));
    expect(byTitle.get("Board Exam Crash Course")).toBe(`Access till ${formatDay(until)}`);
    expect(byTitle.get("Year Course")).toMatch(/^12 months access, till \d{1,2} \w{3} \d{4}$/);
    expect(byTitle.get("Lifetime Course")).toBeUndefined();
  });

  it("an admin's grant sets the end from the product's rule too", async () => {
    const admin = await createTestUser({ role: "admin" });
    const student = await createTestUser();
    const course = await createProduct({ accessMonths: 3 });
    const before = Date.now();
    const granted = await call(adminUser.action, `/admin/users/${student.id}`, await cookieFor(admin), {
      form: { intent: "grant", productId: String(course.id) },
      params: { id: student.id },
    });
    expect(granted.status).toBe(302);
    const [row] = await liveEnrolment(student.id, course.id);
    expect(row!.source).toBe("grant");
    expect(row!.expiresAt).toEqual(istEndOfDay(addIstMonths(new Date(before), 3)));

    // Granting an item whose access ended renews that enrolment; one still running is refused (409).
    const ended = await endedStudent(course.id);
    const [old] = await liveEnrolment(ended.id, course.id);
    const adminCookie = await cookieFor(admin);
    const grantAgain = (userId: string) =>
      call(adminUser.action, `/admin/users/${userId}`, adminCookie, {
        form: { intent: "grant", productId: String(course.id) },
        params: { id: userId },
      });
    expect((await grantAgain(ended.id)).status).toBe(302);
    const renewed = await liveEnrolment(ended.id, course.id);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({ id: old!.id, source: "grant" });
    expect(await hasAccess(await getDb(), ended.id, course.id)).toBe(true);
    expect((await grantAgain(student.id)).status).toBe(409);
  });
});

describe("an ended access", () => {
  it("gives no ownership, a lock screen with the renewal offer in the player, and refuses the download", async () => {
    const course = await seeded("accountancy-class-12");
    const note = await seeded("macroeconomics-quick-revision");
    const student = await endedStudent(course.id);
    await (await getDb()).insert(schema.enrolments).values({
      userId: student.id,
      productId: note.id,
      source: "purchase",
      expiresAt: new Date(Date.now() - DAY),
    });
    const cookie = await cookieFor(student);
    const db = await getDb();
    expect(await isOwned(db, student.id, course.id)).toBe(false);
    expect(await hasAccess(db, student.id, course.id)).toBe(false);

    const locked = await call(player.loader, `/my-courses/${course.id}`, cookie, { params: { id: String(course.id) } });
    expect(locked.status).toBe(403);
    expect(locked.data.ended).toMatchObject({ id: course.id, title: course.title, status: "published" });
    expect(locked.data).not.toHaveProperty("current");
    const html = renderInRouter(createElement(AccessEndedPanel, { item: locked.data.ended }));
    expect(html).toContain("Your access has ended");
    expect(html).toContain("Renew");
    expect(html).toContain('name="intent" value="renew"');

    const download = await call(downloadLoader, `/downloads/${note.id}`, cookie, {
      params: { productId: String(note.id) },
    });
    expect(download.status).toBe(403);
    expect(download.data.message).toContain("ended on");
    expect(JSON.stringify(download.data)).not.toContain("%PDF");

    // A stranger is still a 404 (not told anything about access).
    const stranger = await cookieFor(await createTestUser());
    const strange = await call(player.loader, `/my-courses/${course.id}`, stranger, {
      params: { id: String(course.id) },
    });
    expect(strange.status).toBe(404);
  });

  it("gets no video key, playlist or segment (403), while a live owner gets the key", async () => {
    const db = await getDb();
    const [lesson] = await db
      .select({ id: schema.lessons.id, productId: schema.lessons.productId })
      .from(schema.lessonVideos)
      .innerJoin(schema.lessons, eq(schema.lessons.id, schema.lessonVideos.lessonId))
      .where(eq(schema.lessons.isPreview, false))
      .limit(1);
    expect(lesson, "the seed has a hosted lecture").toBeDefined();
    const ended = await endedStudent(lesson!.productId);
    const live = await createTestUser();
    await db.insert(schema.enrolments).values({
      userId: live.id,
      productId: lesson!.productId,
      source: "purchase",
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    const secret = resolveAuthSecret();
    const liveKey = await videoGet(
      lesson!.id,
      `key?t=${issueKeyToken(secret, live.id, lesson!.id)}`,
      await cookieFor(live),
    );
    expect(liveKey.status).toBe(200);
    expect(liveKey.body.length).toBe(16);
    const cookie = await cookieFor(ended);
    for (const sub of [
      `key?t=${issueKeyToken(secret, ended.id, lesson!.id)}`,
      "master.m3u8",
      "240p/index.m3u8",
      "240p/seg-0.ts",
    ]) {
      const refused = await videoGet(lesson!.id, sub, cookie);
      expect(refused.status, sub).toBe(403);
      expect(refused.body.length, sub).toBe(0);
    }
  });

  it("a practice test whose access ended sends the student to its page to buy it again, saying so", async () => {
    const db = await getDb();
    const [test] = await db
      .select({ id: schema.products.id, title: schema.products.title })
      .from(schema.products)
      .innerJoin(schema.practiceTests, eq(schema.practiceTests.productId, schema.products.id))
      .where(and(eq(schema.products.status, "published"), gt(schema.products.pricePaise, 0)))
      .limit(1);
    expect(test, "the seed has a paid practice test").toBeDefined();
    const student = await endedStudent(test!.id);
    const path = `/my-courses/tests/start/${test!.id}`;
    const answer = await call(practiceStart.loader, path, await cookieFor(student), {
      params: { productId: String(test!.id) },
    });
    expect(answer).toMatchObject({ status: 302, location: `/tests/${test!.id}` });
    // The title may hold regex characters ("Board Mock Paper (CBSE 2025–26)"): compared as text.
    expect(await flashOf(answer.response!)).toContain(`Your access to "${test!.title}" ended on `);
  });

  it("My Courses lists it as ended with Renew, and an item with a period as till its last day", async () => {
    const endedCourse = await createProduct({ title: "Ended Course", accessMonths: 6 });
    const student = await endedStudent(endedCourse.id);
    const tillCourse = await createProduct({ title: "Till Course", accessUntil: dayFromToday(30) });
    const db = await getDb();
    await db.insert(schema.enrolments).values({
      userId: student.id,
      productId: tillCourse.id,
      source: "purchase",
      expiresAt: istEndOfDay(dayFromToday(30)),
    });
    const page = await call(myCourses.loader, "/my-courses", await cookieFor(student));
    const items = page.data.items as Awaited<
      ReturnType<typeof import("~/features/learning/access.server").listOwnedProducts>
    >;
    const ended = items.find((i) => i.id === endedCourse.id)!;
    const till = items.find((i) => i.id === tillCourse.id)!;
    expect(ended).toMatchObject({ expired: true });
    expect(till).toMatchObject({ expired: false, expiresAt: istEndOfDay(dayFromToday(30)) });
    const render = (item: typeof ended) => renderInRouter(createElement(OwnedCard, { item }));
    const endedHtml = render(ended);
    expect(endedHtml).toContain(`Access ended on ${formatDate(new Date(ended.expiresAt!.getTime() - 1))}`);
    expect(endedHtml).toContain("Renew");
    expect(endedHtml).not.toContain("Start");
    const tillHtml = render(till);
    expect(tillHtml).toContain(`Access till ${formatDay(dayFromToday(30))}`);
    expect(tillHtml).not.toContain("Renew");
  });
});

describe("renewal", () => {
  it("Renew puts the item in the cart and opens checkout; buying it renews the same enrolment and restores access", async () => {
    const course = await createProduct({ title: "Renewable Course", accessMonths: 12 });
    const student = await endedStudent(course.id);
    const cookie = await cookieFor(student);
    const [old] = await liveEnrolment(student.id, course.id);

    // Only an ended item is renewed there; a bad id is a 400.
    const other = await createProduct();
    expect(
      (await call(myCourses.action, "/my-courses", cookie, { form: { intent: "renew", productId: String(other.id) } }))
        .status,
    ).toBe(400);
    expect(
      (await call(myCourses.action, "/my-courses", cookie, { form: { intent: "renew", productId: "x" } })).status,
    ).toBe(400);
    expect(await cartOf(student.id)).toEqual([]);

    const renew = await call(myCourses.action, "/my-courses", cookie, {
      form: { intent: "renew", productId: String(course.id) },
    });
    expect(renew).toMatchObject({ status: 302, location: "/checkout" });
    expect(await cartOf(student.id)).toEqual([course.id]);

    const order = await buyCart(student);
    expect(order.status).toBe("fulfilled");
    const live = await liveEnrolment(student.id, course.id);
    expect(live).toHaveLength(1);
    expect(live[0]!.id).toBe(old!.id);
    expect(live[0]!.orderId).toBe(order.id);
    expect(live[0]!.expiresAt).toEqual(istEndOfDay(addIstMonths(order.paidAt!, 12)));
    expect(await hasAccess(await getDb(), student.id, course.id)).toBe(true);
    const opened = await call(player.loader, `/my-courses/${course.id}`, cookie, { params: { id: String(course.id) } });
    expect(opened.status).toBe(200);
  });

  it("an item whose access still runs cannot be bought again", async () => {
    const course = await createProduct({ accessMonths: 12 });
    const student = await createTestUser();
    await (await getDb()).insert(schema.enrolments).values({
      userId: student.id,
      productId: course.id,
      source: "purchase",
      expiresAt: new Date(Date.now() + 10 * DAY),
    });
    const renew = await call(myCourses.action, "/my-courses", await cookieFor(student), {
      form: { intent: "renew", productId: String(course.id) },
    });
    expect(renew.status).toBe(400);
    expect(await cartOf(student.id)).toEqual([]);
  });
});

describe("the owner's extension", () => {
  it("moves one student's end to a new date or for life, audited; refuses a past date and a non-admin", async () => {
    const admin = await createTestUser({ role: "admin", name: "Owner Admin" });
    const adminCookie = await cookieFor(admin);
    const course = await createProduct({ title: "Extended Course", accessMonths: 1 });
    const student = await endedStudent(course.id, { name: "Meera Joshi" });
    const [row] = await liveEnrolment(student.id, course.id);
    const path = `/admin/users/${student.id}`;
    const params = { id: student.id };
    const db = await getDb();

    // A student may not extend (the admin layout's 403), and nothing changes.
    const refused = await call(adminUser.action, path, await cookieFor(student), {
      form: { intent: "extend", enrolmentId: String(row!.id), until: dayFromToday(30) },
      params,
    });
    expect(refused.status).toBe(403);
    for (const until of [dayFromToday(-3), istToday(), "2027-02-30", ""]) {
      const bad = await call(adminUser.action, path, adminCookie, {
        form: { intent: "extend", enrolmentId: String(row!.id), until },
        params,
      });
      expect(bad.status, until).toBe(400);
    }
    expect((await liveEnrolment(student.id, course.id))[0]!.expiresAt).toEqual(row!.expiresAt);
    expect(await hasAccess(db, student.id, course.id)).toBe(false);

    const until = dayFromToday(45);
    const extended = await call(adminUser.action, path, adminCookie, {
      form: { intent: "extend", enrolmentId: String(row!.id), until },
      params,
    });
    expect(extended.status).toBe(302);
    expect(await flashOf(extended.response!)).toBe(`Access to "Extended Course" extended till ${formatDay(until)}.`);
    expect((await liveEnrolment(student.id, course.id))[0]!.expiresAt).toEqual(istEndOfDay(until));
    expect(await hasAccess(db, student.id, course.id)).toBe(true);
    const [audit] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, "enrolment"), eq(schema.auditLog.entityId, String(row!.id))));
    expect(audit).toMatchObject({
      actorId: admin.id,
      type: "Access",
      description: `Extended "Extended Course" for Meera Joshi (${student.email}) till ${formatDay(until)}`,
    });

    const lifetime = await call(adminUser.action, path, adminCookie, {
      form: { intent: "lifetime", enrolmentId: String(row!.id) },
      params,
    });
    expect(lifetime.status).toBe(302);
    expect((await liveEnrolment(student.id, course.id))[0]!.expiresAt).toBeNull();

    // Another user's enrolment through this user's page is not found.
    const other = await createTestUser();
    const wrong = await call(adminUser.action, `/admin/users/${other.id}`, adminCookie, {
      form: { intent: "extend", enrolmentId: String(row!.id), until },
      params: { id: other.id },
    });
    expect(wrong.status).toBe(404);
  });
});

describe("the product editor's access rule", () => {
  it("saves Until a date and N months, refuses a past date and months outside 1–36, and back to lifetime", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await cookieFor(admin);
    const course = await seeded("accountancy-class-12");
    const params = { id: String(course.id) };
    const path = `/admin/courses/${course.id}`;
    const form = (access: Record<string, string>) => ({
      intent: "save",
      title: course.title,
      instructor: String(course.instructorId),
      category: course.subject,
      classLevel: course.classLevel,
      status: course.status,
      price: String(course.pricePaise / 100),
      description: course.description,
      modules: course.modules.join("\n"),
      ...access,
    });
    const refusals: [Record<string, string>, string][] = [
      [{ access: "until", accessUntil: dayFromToday(-1) }, "accessUntil"],
      [{ access: "until", accessUntil: istToday() }, "accessUntil"],
      [{ access: "until", accessUntil: "2027-02-30" }, "accessUntil"],
      [{ access: "months", accessMonths: "0" }, "accessMonths"],
      [{ access: "months", accessMonths: "37" }, "accessMonths"],
      [{ access: "months", accessMonths: "1.5" }, "accessMonths"],
      [{ access: "forever" }, "access"],
    ];
    for (const [access, field] of refusals) {
      const bad = await call(courseEdit.action, path, cookie, { form: form(access), params });
      expect(bad.status, JSON.stringify(access)).toBe(400);
      expect(Object.keys(bad.data.fieldErrors), JSON.stringify(access)).toEqual([field]);
    }
    expect(await seeded("accountancy-class-12")).toMatchObject({ accessUntil: null, accessMonths: null });

    const until = dayFromToday(120);
    expect(
      (
        await call(courseEdit.action, path, cookie, {
          form: form({ access: "until", accessUntil: until, accessMonths: "7" }),
          params,
        })
      ).status,
    ).toBe(302);
    expect(await seeded("accountancy-class-12")).toMatchObject({ accessUntil: until, accessMonths: null });
    expect(
      (await call(courseEdit.action, path, cookie, { form: form({ access: "months", accessMonths: "12" }), params }))
        .status,
    ).toBe(302);
    expect(await seeded("accountancy-class-12")).toMatchObject({ accessUntil: null, accessMonths: 12 });
    expect(
      (await call(courseEdit.action, path, cookie, { form: form({ access: "lifetime", accessMonths: "12" }), params }))
        .status,
    ).toBe(302);
    expect(await seeded("accountancy-class-12")).toMatchObject({ accessUntil: null, accessMonths: null });
  });
});
