import { and, count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedQuestionBanks } from "~/db/seed/questions";
import { seedDatabase, seedQuestionBank } from "~/db/seed/seed.server";
import { getTestDb } from "../helpers/db";

describe("seed", () => {
  it("creates the spec's sample content", async () => {
    const { db } = await getTestDb();
    const courses = await db.select().from(schema.products).where(eq(schema.products.kind, "course"));
    expect(courses).toHaveLength(6);
    for (const c of courses) {
      expect(c.pricePaise).toBeGreaterThanOrEqual(97_900);
      expect(c.pricePaise).toBeLessThanOrEqual(99_900);
      expect(c.pricePaise % 100).toBe(0); // whole rupees (issue 20)
      expect(c.modules.length).toBeGreaterThan(0);
    }
    const subjectsByClass = courses.map((c) => `${c.subject}/${c.classLevel}`).sort();
    expect(subjectsByClass).toEqual([
      "accountancy/11",
      "accountancy/12",
      "business_studies/11",
      "business_studies/12",
      "economics/11",
      "economics/12",
    ]);

    const notes = await db.select().from(schema.products).where(eq(schema.products.kind, "note"));
    expect(notes.map((n) => n.pricePaise)).toEqual(expect.arrayContaining([0, 2_400, 1_400, 900]));
    const pyqs = await db.select().from(schema.products).where(eq(schema.products.kind, "pyq"));
    expect(pyqs.length).toBeGreaterThanOrEqual(4);
    expect([...notes, ...pyqs, ...courses].some((p) => p.title.length > 45)).toBe(true);

    const toppers = await db.select().from(schema.toppers);
    expect(new Set(toppers.map((t) => t.subject))).toEqual(
      new Set(["accountancy", "economics", "business_studies", "english"]),
    );
    expect(toppers.some((t) => t.badge)).toBe(true);
    expect(toppers.some((t) => !t.badge)).toBe(true);
    expect(await db.select().from(schema.banners)).toHaveLength(4);
    expect((await db.select().from(schema.testimonials)).length).toBeGreaterThan(0);
    expect((await db.select().from(schema.subjectServices)).length).toBe(8);
    expect(await db.select().from(schema.courseHighlights)).toHaveLength(1);
    const [settings] = await db.select().from(schema.settings);
    expect(settings?.defaultAccessLevel).toBe("student");
  });

  it("uses only shipped local images", async () => {
    const { db } = await getTestDb();
    const images = [
      ...(await db.select({ src: schema.products.image }).from(schema.products)),
      ...(await db.select({ src: schema.banners.image }).from(schema.banners)),
      ...(await db.select({ src: schema.toppers.imageUrl }).from(schema.toppers)),
      ...(await db.select({ src: schema.testimonials.avatar }).from(schema.testimonials)),
      ...(await db.select({ src: schema.subjectServices.image }).from(schema.subjectServices)),
    ].map((r) => r.src);
    const fs = await import("node:fs");
    for (const src of images) {
      expect(src).toMatch(/^\/images\//);
      expect(fs.existsSync(`public${src}`), `${src} is shipped in public/`).toBe(true);
    }
  });

  it("gives each seeded practice test its subject's Practice Test cover, not the papers' one", async () => {
    const { db } = await getTestDb();
    const tests = await db.select().from(schema.products).where(eq(schema.products.kind, "test"));
    expect(tests.length).toBeGreaterThan(0);
    for (const t of tests) {
      expect(t.image).toBe(`/images/covers/${t.subject.replace("_", "-")}-test.svg`);
    }
  });

  it("is idempotent: running it again adds nothing", async () => {
    const { db } = await getTestDb();
    const before = await db.select({ n: count() }).from(schema.products);
    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect(await seedDatabase(db)).toEqual({ seeded: false });
    const after = await db.select({ n: count() }).from(schema.products);
    expect(after).toEqual(before);
    expect((await db.select({ n: count() }).from(schema.toppers))[0]?.n).toBe(12);
  });

  it("seeds the question bank: ten or more sample questions in two chapters per subject and class", async () => {
    const { db } = await getTestDb();
    const rows = await db
      .select({ q: schema.practiceQuestions, c: schema.practiceChapters })
      .from(schema.practiceQuestions)
      .innerJoin(schema.practiceChapters, eq(schema.practiceChapters.id, schema.practiceQuestions.chapterId));
    expect(rows.every((r) => r.q.isSample)).toBe(true);
    for (const [subject, banks] of Object.entries(seedQuestionBanks)) {
      for (const bank of banks) {
        const top = rows.filter(
          (r) =>
            r.c.subject === subject &&
            r.c.classLevel === bank.classLevel &&
            r.c.title === bank.chapter &&
            r.q.parentId === null,
        );
        expect(top.length, `${subject} ${bank.classLevel} ${bank.chapter}`).toBeGreaterThanOrEqual(10);
      }
      for (const classLevel of ["11", "12"]) {
        const chapters = rows.filter((r) => r.c.subject === subject && r.c.classLevel === classLevel);
        expect(chapters.some((r) => r.q.type === "assertion_reason" || r.q.type === "case_based")).toBe(true);
      }
    }
    // A case set's parts hang under it, in its chapter.
    const parts = rows.filter((r) => r.q.parentId !== null);
    for (const part of parts) {
      expect(rows.find((r) => r.q.id === part.q.parentId)?.c.id).toBe(part.c.id);
    }
    expect(rows.filter((r) => r.q.parentId === null && r.c.classLevel === "11").length).toBeGreaterThanOrEqual(80);
  });

  it("gives an install seeded before the question bank its sample questions once, never twice", async () => {
    const { db } = await getTestDb();
    const total = async () => (await db.select({ n: count() }).from(schema.practiceQuestions))[0]!.n;
    const seeded = await total();
    const bankSize = Object.values(seedQuestionBanks)
      .flat()
      .flatMap((b) => b.questions)
      .reduce((n, q) => n + 1 + (q.parts?.length ?? 0), 0);
    // An install from before: its questions are the practice tests' only and it has no bank marker.
    const bankQuestions = await db
      .select({ id: schema.practiceQuestions.id })
      .from(schema.practiceQuestions)
      .leftJoin(schema.practiceTestQuestions, eq(schema.practiceTestQuestions.questionId, schema.practiceQuestions.id))
      .where(and(isNull(schema.practiceTestQuestions.questionId), isNull(schema.practiceQuestions.parentId)));
    for (const { id } of bankQuestions) {
      await db.delete(schema.practiceQuestions).where(eq(schema.practiceQuestions.id, id));
    }
    await db.delete(schema.appMeta).where(eq(schema.appMeta.key, "question_bank_seed_version"));
    expect(await total()).toBe(seeded - bankSize);

    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect(await total()).toBe(seeded);
    await seedDatabase(db);
    await seedQuestionBank(db);
    expect(await total()).toBe(seeded);
  });

  it("keeps money as integer paise and refuses negative prices", async () => {
    const { db } = await getTestDb();
    const [instructor] = await db.select().from(schema.instructors).limit(1);
    await expect(
      db.insert(schema.products).values({
        kind: "note",
        slug: "negative",
        title: "Negative",
        subject: "english",
        classLevel: "11",
        pricePaise: -1,
        instructorId: instructor!.id,
        image: "/images/covers/english-note.svg",
        description: "x",
      }),
    ).rejects.toThrow();
  });
});
