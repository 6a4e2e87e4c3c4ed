import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
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
