import { and, count, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedQuestionBanks } from "~/db/seed/questions";
import { seedDatabase, seedQuestionBank } from "~/db/seed/seed.server";
import { madeUpLink, OLD_SAMPLE_PREFIX, upgradeSampleLessons } from "~/db/seed/upgrade-lessons";
import { lecturePrefix, lectureSeconds, sampleLectureFor } from "~/features/video/sample-lecture";
import { slugify } from "~/lib/slug";
import { getTestDb, resetDb } from "../helpers/db";

/** The tables the sample content lives in, with their is_sample column. */
const SAMPLE_TABLES = {
  users: schema.users,
  instructors: schema.instructors,
  products: schema.products,
  banners: schema.banners,
  testimonials: schema.testimonials,
  toppers: schema.toppers,
  subjectServices: schema.subjectServices,
  courseHighlights: schema.courseHighlights,
} as const;

async function sampleCounts() {
  const { db } = await getTestDb();
  const out: Record<string, { all: number; sample: number }> = {};
  for (const [name, table] of Object.entries(SAMPLE_TABLES)) {
    out[name] = {
      all: await db.$count(table),
      sample: await db.$count(table, eq(table.isSample, true)),
    };
  }
  return out;
}

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

  it("marks every row it makes as sample content", async () => {
    const counts = await sampleCounts();
    for (const [name, c] of Object.entries(counts)) {
      expect(c.all, name).toBeGreaterThan(0);
      expect(c.sample, name).toBe(c.all);
    }
  });

  it("marks the seed's rows once on an install seeded before is_sample existed", async () => {
    const { db } = await getTestDb();
    const expected = await sampleCounts();
    // An install seeded before issue 32: nothing marked, no marker; the owner added a banner of theirs
    // and renamed a sample course into their own.
    for (const table of Object.values(SAMPLE_TABLES)) await db.update(table).set({ isSample: false });
    await db.delete(schema.appMeta).where(eq(schema.appMeta.key, "sample_marked"));
    await db.update(schema.settings).set({ whatsappNumber: "919876543210" });
    await db.insert(schema.banners).values({ name: "Our own banner", image: "/images/banners/banner-1.svg" });
    await db
      .update(schema.products)
      .set({ title: "My Accountancy Course" })
      .where(eq(schema.products.title, "Accountancy Class 12"));
    // A paper under the title (and slug) the first seed gave it, before it said "Sample Papers".
    const former = "Economics Board Papers 2019–2025";
    await db
      .update(schema.products)
      .set({ title: former, slug: slugify(former) })
      .where(eq(schema.products.title, "Economics Class 12 Sample Papers (Board Pattern)"));

    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect((await db.select().from(schema.products).where(eq(schema.products.title, former)))[0]?.isSample).toBe(true);
    const after = await sampleCounts();
    expect(after.banners).toEqual({ all: expected.banners!.all + 1, sample: expected.banners!.sample });
    expect(after.products).toEqual({ all: expected.products!.all, sample: expected.products!.sample - 1 });
    for (const name of ["users", "instructors", "testimonials", "toppers", "subjectServices", "courseHighlights"]) {
      expect(after[name], name).toEqual(expected[name]);
    }
    // The old seed's made-up WhatsApp number goes: no chat button until the owner enters theirs.
    expect((await db.select().from(schema.settings))[0]?.whatsappNumber).toBe("");
    // Once: a sample row the owner unmarks later stays theirs.
    await db.update(schema.toppers).set({ isSample: false });
    await seedDatabase(db);
    expect(await db.$count(schema.toppers, eq(schema.toppers.isSample, true))).toBe(0);
  });

  it("with sample off (SEED_SAMPLE=0) makes an empty store: the settings row and nothing else, on every start", async () => {
    const { db } = await resetDb({ seed: false });
    try {
      expect(await seedDatabase(db, { sample: false })).toEqual({ seeded: true });
      // A later start, with or without the switch, adds nothing.
      expect(await seedDatabase(db)).toEqual({ seeded: false });
      const tables = await db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      );
      const filled: Record<string, number> = {};
      for (const { tablename } of tables.rows) {
        const r = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from public."${tablename}"`));
        const n = Number(r.rows[0]?.n ?? 0);
        if (n > 0) filled[tablename] = n;
      }
      // app_meta holds the seed's markers (and the content version); stats rows may be zero-valued.
      expect(Object.keys(filled).sort()).toEqual(["app_meta", "settings"]);
      const [settings] = await db.select().from(schema.settings);
      // No made-up WhatsApp number or address: the owner enters theirs in Settings.
      expect(settings).toMatchObject({ whatsappNumber: "", sellerAddress: "", defaultAccessLevel: "student" });
    } finally {
      await resetDb();
    }
  });

  it("an install seeded before issue 32: its lessons get their subject's lecture and real length, made-up links go", async () => {
    const { db } = await getTestDb();
    try {
      const [course] = await db
        .select()
        .from(schema.products)
        .where(eq(schema.products.title, "Business Studies Class 12"));
      const rows = await db
        .select({
          id: schema.lessons.id,
          position: schema.lessons.position,
          modulePosition: schema.courseModules.position,
        })
        .from(schema.lessons)
        .innerJoin(schema.courseModules, eq(schema.courseModules.id, schema.lessons.moduleId))
        .where(eq(schema.lessons.productId, course!.id))
        .orderBy(schema.courseModules.position, schema.lessons.position);
      // What the first seed wrote: the shared 6-second pattern, a stated 10+ minutes, a made-up Vimeo link;
      // the owner had put a real link of their own on the last lesson.
      const ownLink = "https://player.vimeo.com/video/76979871";
      for (const [i, r] of rows.entries()) {
        const link =
          i === rows.length - 1
            ? ownLink
            : madeUpLink(course!.title, "business_studies", r.modulePosition - 1, r.position - 1);
        await db
          .update(schema.lessons)
          .set({ durationSeconds: 600, videoUrl: link })
          .where(eq(schema.lessons.id, r.id));
        await db
          .update(schema.lessonVideos)
          .set({ hlsPrefix: OLD_SAMPLE_PREFIX, durationSeconds: 6, captionsKey: null })
          .where(eq(schema.lessonVideos.lessonId, r.id));
      }
      expect(await seedDatabase(db)).toEqual({ seeded: false });
      const lecture = sampleLectureFor("business_studies");
      const after = await db
        .select({ url: schema.lessons.videoUrl, seconds: schema.lessons.durationSeconds, video: schema.lessonVideos })
        .from(schema.lessons)
        .innerJoin(schema.lessonVideos, eq(schema.lessonVideos.lessonId, schema.lessons.id))
        .where(eq(schema.lessons.productId, course!.id));
      expect(after.length).toBe(rows.length);
      for (const a of after) {
        expect(a.seconds).toBe(lectureSeconds(lecture));
        expect(a.video).toMatchObject({
          hlsPrefix: lecturePrefix(lecture),
          durationSeconds: lectureSeconds(lecture),
          captionsKey: `${lecturePrefix(lecture)}/captions.vtt`,
        });
      }
      expect(after.map((a) => a.url).filter(Boolean)).toEqual([ownLink]);
      // Once: a second start finds nothing at the old prefix.
      expect(await upgradeSampleLessons(db)).toBe(0);
    } finally {
      await resetDb();
    }
  });
});
