import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getTestDb } from "../../../tests/helpers/db";
import { listFeaturedNotes, listPublishedProducts } from "./catalog.server";

describe("catalog queries", () => {
  it("lists class 12 courses as the 1st to 3rd entries and class 11 as the 4th to 6th", async () => {
    const { db } = await getTestDb();
    const all = await listPublishedProducts(db, "course");
    expect(all).toHaveLength(6);
    const c12 = await listPublishedProducts(db, "course", { classLevel: "12" });
    const c11 = await listPublishedProducts(db, "course", { classLevel: "11" });
    expect(c12.map((c) => c.id)).toEqual(all.slice(0, 3).map((c) => c.id));
    expect(c11.map((c) => c.id)).toEqual(all.slice(3, 6).map((c) => c.id));
    expect(c12[0]).toMatchObject({ title: "Accountancy Class 12", instructor: "Priya Mehta", pricePaise: 99_900 });
  });

  it("includes items for both classes in each class list", async () => {
    const { db } = await getTestDb();
    const n11 = await listPublishedProducts(db, "note", { classLevel: "11" });
    const n12 = await listPublishedProducts(db, "note", { classLevel: "12" });
    expect(n11.some((n) => n.title === "Accountancy Formula Sheet")).toBe(true);
    expect(n12.some((n) => n.title === "Accountancy Formula Sheet")).toBe(true);
    expect(n11.every((n) => n.classLevel !== "12")).toBe(true);
    expect(n12.every((n) => n.classLevel !== "11")).toBe(true);
  });

  it("hides draft and archived items", async () => {
    const { db } = await getTestDb();
    const [first] = await listPublishedProducts(db, "course");
    await db.update(schema.products).set({ status: "draft" }).where(eq(schema.products.id, first!.id));
    const [second] = await listPublishedProducts(db, "course");
    await db.update(schema.products).set({ status: "archived" }).where(eq(schema.products.id, second!.id));
    const after = await listPublishedProducts(db, "course");
    expect(after).toHaveLength(4);
    expect(after.map((c) => c.id)).not.toContain(first!.id);
    expect(after.map((c) => c.id)).not.toContain(second!.id);
  });

  it("features the first four published notes", async () => {
    const { db } = await getTestDb();
    const featured = await listFeaturedNotes(db);
    const all = await listPublishedProducts(db, "note");
    expect(all.length).toBeGreaterThan(4);
    expect(featured.map((n) => n.id)).toEqual(all.slice(0, 4).map((n) => n.id));
    expect(featured.map((n) => n.pricePaise)).toEqual([0, 2_400, 1_400, 900]);
  });
});
