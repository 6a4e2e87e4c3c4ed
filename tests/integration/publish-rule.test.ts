/**
 * Drafts and the publish rule (catalog/publishing.server.ts), through every way an admin publishes:
 * the Add New form (create published), the list's status change, the editor's Publish button and
 * the editor's Save with Status = Published. Nothing goes live at ₹0 by accident, a course goes
 * live with a lesson, and each refusal names what is missing.
 */
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { listPublishedProducts } from "~/features/catalog/catalog.server";
import {
  addLesson,
  addModule,
  deleteLesson,
  deleteModule,
  LAST_LESSON_MESSAGE,
} from "~/features/learning/outline.server";
import * as courseEdit from "~/routes/admin/course-edit";
import * as courses from "~/routes/admin/courses";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { flashOf, makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;
let owner: TestUser;
let cookie: string;

beforeEach(async () => {
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner Admin" });
  cookie = await cookieFor(owner);
});

function post(fn: Fn, path: string, form: Record<string, string>, params: Record<string, string> = {}) {
  return routeCall(fn, {
    request: makeRequest(path, { method: "POST", body: new URLSearchParams(form), headers: { cookie } }),
    params,
    context: {},
  });
}

function get(fn: Fn, path: string, params: Record<string, string> = {}) {
  return routeCall(fn, { request: makeRequest(path, { headers: { cookie } }), params, context: {} });
}

/** A data() result or a Response: its status and body. */
// biome-ignore lint/suspicious/noExplicitAny: route results are checked field by field
function unwrap(result: unknown): { status: number; data: any; response?: Response } {
  if (result instanceof Response) return { status: result.status, data: null, response: result };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const r = result as { init?: ResponseInit; data: unknown };
    return { status: r.init?.status ?? 200, data: r.data };
  }
  return { status: 200, data: result };
}

async function instructorId() {
  const { db } = await getTestDb();
  return String((await db.select().from(schema.instructors).limit(1))[0]!.id);
}

async function newest() {
  const { db } = await getTestDb();
  const [row] = await db.select().from(schema.products).orderBy(desc(schema.products.id)).limit(1);
  return row!;
}

async function productCount() {
  const { db } = await getTestDb();
  return db.$count(schema.products);
}

/** The Add New form as sent by the browser (an unticked box is simply absent; no status: a draft). */
async function createForm(fields: Record<string, string>) {
  return {
    intent: "create",
    kind: "note",
    name: "Accountancy Revision Cards",
    instructor: await instructorId(),
    category: "accountancy",
    classLevel: "12",
    price: "",
    description: "",
    ...fields,
  };
}

/** The editor's Details form of `product` as sent by the browser. */
function saveForm(product: typeof schema.products.$inferSelect, fields: Record<string, string>) {
  return {
    intent: "save",
    title: product.title,
    instructor: String(product.instructorId),
    category: product.subject,
    classLevel: product.classLevel,
    status: product.status,
    price: product.pricePaise > 0 ? (product.pricePaise / 100).toFixed(2) : "",
    description: product.description,
    modules: product.modules.join("\n"),
    ...(product.isFree ? { free: "on" } : {}),
    ...fields,
  };
}

describe("Add New: a new item is a draft, and publishing it at once follows the rule", () => {
  it("creates a draft by default, with its class and price, and says what it still needs to go live", async () => {
    const done = unwrap(
      await post(courses.action, "/admin/courses?kind=course", {
        ...(await createForm({ kind: "course", name: "English Core Class 12", classLevel: "both", price: "" })),
      }),
    );
    expect(done.status).toBe(302);
    expect(await flashOf(done.response!)).toBe(
      '"English Core Class 12" was created as Draft. To publish, add: a price (or mark it free), at least one lesson.',
    );
    // Issue 32: Save opens the new course's editor; no filled-in Add New form is left to be saved twice.
    expect(done.response!.headers.get("location")).toBe(`/admin/courses/${(await newest()).id}`);
    expect(await newest()).toMatchObject({
      title: "English Core Class 12",
      status: "draft",
      classLevel: "both",
      pricePaise: 0,
      isFree: false,
    });
  });

  it("asks for the class: nothing is stored without one", async () => {
    const before = await productCount();
    const refused = unwrap(await post(courses.action, "/admin/courses", await createForm({ classLevel: "" })));
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.classLevel).toBe("Choose Class 11, Class 12 or both.");
    expect(await productCount()).toBe(before);
  });

  it("refuses to create a course published (it has no lesson yet) and a note at ₹0 not marked free", async () => {
    const before = await productCount();
    const course = unwrap(
      await post(
        courses.action,
        "/admin/courses?kind=course",
        await createForm({ kind: "course", name: "Live Course", price: "999", status: "published" }),
      ),
    );
    expect(course.status).toBe(400);
    expect(course.data.formError).toBe("To publish, add: at least one lesson.");
    expect(course.data.values).toMatchObject({ name: "Live Course", price: "999" });
    for (const price of ["", "0", "0.00"]) {
      const note = unwrap(
        await post(courses.action, "/admin/courses", await createForm({ price, status: "published" })),
      );
      expect(note.status, price).toBe(400);
      expect(note.data.formError, price).toBe("To publish, add: a price (or mark it free).");
    }
    expect(await productCount()).toBe(before);
  });

  it("publishes a note at once with a price, or free when the Free box is ticked", async () => {
    const { db } = await getTestDb();
    const paid = unwrap(
      await post(courses.action, "/admin/courses", await createForm({ price: "149", status: "published" })),
    );
    expect(paid.status).toBe(302);
    expect(await newest()).toMatchObject({ status: "published", pricePaise: 14_900, isFree: false });
    const free = unwrap(
      await post(
        courses.action,
        "/admin/courses",
        await createForm({ name: "Free Formula Sheet", free: "on", status: "published" }),
      ),
    );
    expect(free.status).toBe(302);
    const row = await newest();
    expect(row).toMatchObject({ status: "published", pricePaise: 0, isFree: true });
    expect((await listPublishedProducts(db, "note")).map((n) => n.id)).toContain(row.id);
  });

  it("refuses a price together with the Free box", async () => {
    const refused = unwrap(await post(courses.action, "/admin/courses", await createForm({ price: "99", free: "on" })));
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.price).toBe("A free item has no price: clear it or untick Free.");
  });
});

describe("publishing a draft from the list and from the editor", () => {
  async function draftCourse() {
    await post(
      courses.action,
      "/admin/courses?kind=course",
      await createForm({ kind: "course", name: "Draft Course" }),
    );
    return newest();
  }

  it("the list's status change names everything missing and leaves the draft as it was", async () => {
    const draft = await draftCourse();
    const refused = unwrap(
      await post(courses.action, "/admin/courses?kind=course", {
        intent: "status",
        id: String(draft.id),
        status: "published",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.formError).toBe("To publish, add: a price (or mark it free), at least one lesson.");
    expect((await newest()).status).toBe("draft");
  });

  it("the editor shows what is missing, its Publish button refuses until the price and a lesson are there", async () => {
    const { db } = await getTestDb();
    const draft = await draftCourse();
    const params = { id: String(draft.id) };
    const path = `/admin/courses/${draft.id}`;
    const loaded = unwrap(await get(courseEdit.loader, path, params));
    expect(loaded.data.missing).toEqual(["a price (or mark it free)", "at least one lesson"]);

    const publish = { intent: "status", status: "published" };
    const first = unwrap(await post(courseEdit.action, path, publish, params));
    expect(first.status).toBe(400);
    expect(first.data.formError).toBe("To publish, add: a price (or mark it free), at least one lesson.");
    // No "Archive instead" offer: that is only for a sold item that cannot be deleted.
    expect(first.data.canArchive).toBeUndefined();

    // A price alone is not enough for a course.
    expect(unwrap(await post(courseEdit.action, path, saveForm(draft, { price: "999" }), params)).status).toBe(302);
    // The audit log says what changed in words (catalog/changes.ts).
    const [audit] = await db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(audit!.description).toBe('Course "Draft Course" updated: price no price → ₹999.00');
    const second = unwrap(await post(courseEdit.action, path, publish, params));
    expect(second.data.formError).toBe("To publish, add: at least one lesson.");

    const module = await addModule(db, owner.id, draft.id, "Basics");
    await addLesson(db, owner.id, draft.id, {
      moduleId: module.id,
      title: "Welcome",
      type: "video",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(unwrap(await get(courseEdit.loader, path, params)).data.missing).toEqual([]);
    expect(unwrap(await post(courseEdit.action, path, publish, params)).status).toBe(302);
    expect((await newest()).status).toBe("published");
    expect((await listPublishedProducts(db, "course")).map((c) => c.id)).toContain(draft.id);
  });

  it("the editor's Save with Status = Published follows the same rule, and Free counts as a price", async () => {
    await post(courses.action, "/admin/courses", await createForm({ name: "Economics Diagrams" }));
    const draft = await newest();
    const params = { id: String(draft.id) };
    const path = `/admin/courses/${draft.id}`;
    const refused = unwrap(
      await post(courseEdit.action, path, saveForm(draft, { status: "published", price: "0" }), params),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.formError).toBe("To publish, add: a price (or mark it free).");
    expect((await newest()).status).toBe("draft");

    const saved = unwrap(
      await post(courseEdit.action, path, saveForm(draft, { status: "published", price: "", free: "on" }), params),
    );
    expect(saved.status).toBe(302);
    expect(await newest()).toMatchObject({ status: "published", pricePaise: 0, isFree: true });
  });

  it("a published item cannot be saved back to no price: unticking Free on a live item is refused", async () => {
    const { db } = await getTestDb();
    const [formulaSheet] = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.title, "Accountancy Formula Sheet"));
    // The seed's ₹0 items are free on purpose.
    expect(formulaSheet).toMatchObject({ status: "published", pricePaise: 0, isFree: true });
    const params = { id: String(formulaSheet!.id) };
    const path = `/admin/courses/${formulaSheet!.id}`;
    const { free: _free, ...unticked } = saveForm(formulaSheet!, {});
    const refused = unwrap(await post(courseEdit.action, path, unticked, params));
    expect(refused.status).toBe(400);
    expect(refused.data.formError).toBe("To publish, add: a price (or mark it free).");
    // Kept free, it saves.
    expect(unwrap(await post(courseEdit.action, path, saveForm(formulaSheet!, {}), params)).status).toBe(302);
  });
});

describe("a published course keeps a lesson", () => {
  it("removing its last lesson or the module holding it is refused and changes nothing; as a draft it may", async () => {
    const { db } = await getTestDb();
    const [course] = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.kind, "course"))
      .orderBy(schema.products.id)
      .limit(1);
    expect(course!.status).toBe("published");
    const outline = await db.select().from(schema.lessons).where(eq(schema.lessons.productId, course!.id));
    expect(outline.length).toBeGreaterThan(1);
    const [last, ...others] = outline;
    for (const lesson of others) await deleteLesson(db, owner.id, course!.id, lesson.id);
    await expect(deleteLesson(db, owner.id, course!.id, last!.id)).rejects.toThrow(LAST_LESSON_MESSAGE);
    await expect(deleteModule(db, owner.id, course!.id, last!.moduleId)).rejects.toThrow(LAST_LESSON_MESSAGE);
    expect(await db.$count(schema.lessons, eq(schema.lessons.productId, course!.id))).toBe(1);
    await db.update(schema.products).set({ status: "draft" }).where(eq(schema.products.id, course!.id));
    await deleteLesson(db, owner.id, course!.id, last!.id);
    expect(await db.$count(schema.lessons, eq(schema.lessons.productId, course!.id))).toBe(0);
  });
});
