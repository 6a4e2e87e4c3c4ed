/**
 * "Remove all sample content" (issue 32): Settings counts the sample rows, the removal takes every
 * kind in one audited transaction, keeps what real records need (an ordered item, archived), and a
 * second run finds nothing; the route refuses non-admins and a missing confirmation.
 */
import { desc, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedCourses, seedNotes, seedPyqs } from "~/db/seed/data";
import { SEED_QUESTION_SOURCE } from "~/db/seed/practice";
import { seedDatabase } from "~/db/seed/seed.server";
import { dashboardMetrics } from "~/features/analytics/metrics.server";
import { listPublishedProducts } from "~/features/catalog/catalog.server";
import { REMOVE_SAMPLE_CONFIRMATION } from "~/features/settings/sample-content";
import { removeSampleContent, sampleContentCounts } from "~/features/settings/sample-content.server";
import * as settings from "~/routes/admin/settings";
import * as usersRoute from "~/routes/admin/users";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { createProduct, createUser } from "../helpers/factories";
import { createOrder } from "../helpers/orders";
import { flashOf, makeRequest, routeCall, thrownStatus } from "../helpers/route";

let owner: TestUser;
let cookie: string;
beforeEach(async () => {
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner Admin" });
  cookie = await cookieFor(owner);
  // The seed's questions are sample too (marked where practice.ts builds them; a no-op once it does).
  const { db } = await getTestDb();
  await db
    .update(schema.practiceQuestions)
    .set({ isSample: true })
    .where(eq(schema.practiceQuestions.source, SEED_QUESTION_SOURCE));
});

function post(form: Record<string, string>, c = cookie) {
  return routeCall(settings.action, {
    request: makeRequest("/admin/settings", {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { cookie: c },
    }),
    params: {},
    context: {},
    // biome-ignore lint/suspicious/noExplicitAny: the generated ActionArgs carry more than a test needs
  } as any);
}

async function auditRows() {
  const { db } = await getTestDb();
  return db
    .select()
    .from(schema.auditLog)
    .where(like(schema.auditLog.description, "Sample content removed%"))
    .orderBy(desc(schema.auditLog.id));
}

describe("sample content", () => {
  it("counts every kind of sample row of a new install", async () => {
    const { db } = await getTestDb();
    const counts = await sampleContentCounts(db);
    for (const [kind, n] of Object.entries(counts)) expect(n, kind).toBeGreaterThan(0);
    expect(counts.accounts).toBe(10);
    // Ten reviews on each seeded course, note and paper.
    expect(counts.reviews).toBe(10 * (seedCourses.length + seedNotes.length + seedPyqs.length));
  });

  it("User Analytics marks the sample students, the ones its Total users leaves out", async () => {
    const own = await createUser({ name: "Real Student" });
    const page = async () =>
      (await routeCall(usersRoute.loader, {
        request: makeRequest("/admin/users", { headers: { cookie } }),
        params: {},
        context: {},
        // biome-ignore lint/suspicious/noExplicitAny: the generated LoaderArgs carry more than a test needs
      } as any)) as Awaited<ReturnType<typeof usersRoute.loader>>;
    const before = await page();
    expect(before.list.hasNext).toBe(false);
    const marked = before.list.users.filter((u) => u.isSample).map((u) => u.id);
    expect(marked.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `seed-student-${i + 1}`).sort());
    expect(before.list.users.find((u) => u.id === own.id)?.isSample).toBe(false);
    expect(before.list.users.find((u) => u.id === owner.id)?.isSample).toBe(false);
    expect(before.stats.totalUsers).toBe(before.list.users.length - 10);

    await removeSampleContent((await getTestDb()).db, owner.id);
    const after = await page();
    expect(after.list.users.some((u) => u.isSample)).toBe(false);
    expect(after.stats.totalUsers).toBe(after.list.users.length);
  });

  it("removes every kind in one audited step, keeps an ordered item archived, and a second run is a no-op", async () => {
    const { db } = await getTestDb();
    // The owner's own things, which stay: a course of theirs, a banner, a student who bought a sample note.
    const own = await createProduct({ kind: "course", title: "My Own Course" });
    await db.insert(schema.banners).values({ name: "My banner", image: "/images/banners/banner-1.svg" });
    const [note] = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.title, "Macroeconomics Quick Revision"));
    const buyer = await createUser({ name: "Real Buyer" });
    await createOrder({ userId: buyer.id, products: [note!], status: "fulfilled" });
    // A real student's cart line and access granted by hand to a sample course go with it.
    const [course] = await db.select().from(schema.products).where(eq(schema.products.title, "Economics Class 12"));
    await db.insert(schema.cartItems).values({ userId: buyer.id, productId: course!.id });
    await db.insert(schema.enrolments).values({ userId: buyer.id, productId: course!.id, source: "grant" });

    const removal = await removeSampleContent(db, owner.id);
    expect(removal).not.toBeNull();
    expect(removal!.keptProducts).toEqual(["Macroeconomics Quick Revision"]);
    expect(Object.values(await sampleContentCounts(db)).every((n) => n === 0)).toBe(true);

    // Only the owner's things and the ordered note (archived, no longer sample) are left.
    const products = await db.select().from(schema.products);
    expect(products.map((p) => [p.title, p.status, p.isSample]).sort()).toEqual(
      [
        ["Macroeconomics Quick Revision", "archived", false],
        ["My Own Course", own.status, false],
      ].sort(),
    );
    expect(await db.$count(schema.lessons)).toBe(0);
    expect(await db.$count(schema.lessonVideos)).toBe(0);
    expect(await db.$count(schema.reviews)).toBe(0);
    expect(await db.$count(schema.cartItems)).toBe(0);
    expect(await db.$count(schema.users, like(schema.users.id, "seed-student-%"))).toBe(0);
    expect(await db.$count(schema.practiceQuestions)).toBe(0);
    expect(await db.$count(schema.practiceTests)).toBe(0);
    expect((await db.select().from(schema.banners)).map((b) => b.name)).toEqual(["My banner"]);
    expect(await db.$count(schema.testimonials)).toBe(0);
    expect(await db.$count(schema.toppers)).toBe(0);
    expect(await db.$count(schema.subjectServices)).toBe(0);
    expect(await db.$count(schema.courseHighlights)).toBe(0);
    // Instructors go unless a remaining item names them.
    const named = new Set(products.map((p) => p.instructorId));
    const instructors = await db.select().from(schema.instructors);
    expect(instructors.map((i) => i.id).sort()).toEqual([...named].sort());
    // The buyer keeps their order, invoice line and access to what they bought; the grant went.
    expect(await db.$count(schema.orderItems, eq(schema.orderItems.productId, note!.id))).toBe(1);
    expect(await db.$count(schema.enrolments, eq(schema.enrolments.userId, buyer.id))).toBe(1);
    // The dashboard counts the real students only.
    const students = (await dashboardMetrics(db)).find((m) => m.id === "students")!;
    expect(students.value).toBe(await db.$count(schema.users, eq(schema.users.role, "student")));

    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: owner.id, type: "Settings", entityType: "settings" });
    expect(audit[0]!.description).toMatch(/^Sample content removed: \d+ items \(courses, notes, papers, tests\), /);
    expect(audit[0]!.description).toContain("10 sample student accounts");
    expect(audit[0]!.description).toContain('"Macroeconomics Quick Revision" (archived: it has orders)');

    // The store's lists are empty but answer.
    expect((await listPublishedProducts(db, "course")).map((p) => p.title)).toEqual(["My Own Course"]);
    expect(await listPublishedProducts(db, "note")).toEqual([]);

    // The next start brings none of it back (the practice content and the question bank included).
    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect(await db.$count(schema.practiceQuestions)).toBe(0);
    expect(await db.$count(schema.products, eq(schema.products.isSample, true))).toBe(0);

    // Again: nothing left, nothing changed, nothing audited.
    const version = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, "content_version"));
    expect(await removeSampleContent(db, owner.id)).toBeNull();
    expect(await auditRows()).toHaveLength(1);
    expect(await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, "content_version"))).toEqual(version);
  });

  it("the Settings action refuses non-admins (403) and a missing confirmation (400), removing nothing", async () => {
    const { db } = await getTestDb();
    const before = await sampleContentCounts(db);
    const student = await createTestUser();
    const studentCookie = await cookieFor(student);
    expect(
      await thrownStatus(() => post({ intent: "removeSample", confirm: REMOVE_SAMPLE_CONFIRMATION }, studentCookie)),
    ).toBe(403);
    expect(await thrownStatus(() => post({ intent: "removeSample", confirm: REMOVE_SAMPLE_CONFIRMATION }, ""))).toBe(
      302,
    );
    const refusals: Record<string, string>[] = [{ intent: "removeSample" }, { intent: "removeSample", confirm: "yes" }];
    for (const form of refusals) {
      const refused = (await post(form)) as { init?: ResponseInit; data: { formError?: string } };
      expect(refused.init?.status).toBe(400);
      expect(refused.data.formError).toBe("Confirm the removal of all sample content: nothing was removed.");
    }
    expect(await sampleContentCounts(db)).toEqual(before);
    expect(await auditRows()).toHaveLength(0);

    const done = (await post({ intent: "removeSample", confirm: REMOVE_SAMPLE_CONFIRMATION })) as Response;
    expect(done.status).toBe(302);
    expect(await flashOf(done)).toMatch(/^Sample content removed: /);
    const again = (await post({ intent: "removeSample", confirm: REMOVE_SAMPLE_CONFIRMATION })) as Response;
    expect(await flashOf(again)).toBe("No sample content is left: nothing was removed.");
    const page = (await routeCall(settings.loader, {
      request: makeRequest("/admin/settings", { headers: { cookie } }),
      params: {},
      context: {},
      // biome-ignore lint/suspicious/noExplicitAny: the generated LoaderArgs carry more than a test needs
    } as any)) as { sample: object };
    expect(Object.values(page.sample).every((n) => n === 0)).toBe(true);
  });
});
