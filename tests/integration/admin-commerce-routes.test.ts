/** Admin routes that build on checkout (refunds, coupons) and learning (uploads, lessons). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { listPublishedProducts } from "~/features/catalog/catalog.server";
import { createLocalStorage, getBytes, setFileStorage } from "~/platform/files/storage.server";
import * as coupons from "~/routes/admin/coupons";
import * as courseEdit from "~/routes/admin/course-edit";
import * as sales from "~/routes/admin/sales";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { createOrder } from "../helpers/orders";
import { makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;
let owner: TestUser;
let cookie: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "ca-admin-upload-"));
const storage = createLocalStorage(root);

beforeEach(async () => {
  setFileStorage(storage);
  owner = await createTestUser({ role: "admin", isPrimary: true, name: "Owner Admin" });
  cookie = await cookieFor(owner);
});
afterAll(() => {
  setFileStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

function post(fn: Fn, p: string, body: URLSearchParams | FormData, params: Record<string, string> = {}) {
  return routeCall(fn, { request: makeRequest(p, { method: "POST", body, headers: { cookie } }), params, context: {} });
}
const form = (o: Record<string, string>) => new URLSearchParams(o);
// biome-ignore lint/suspicious/noExplicitAny: route results are checked field by field
function unwrap(result: unknown): { status: number; data: any } {
  if (result instanceof Response) return { status: result.status, data: null };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const r = result as { init?: ResponseInit; data: unknown };
    return { status: r.init?.status ?? 200, data: r.data };
  }
  return { status: 200, data: result };
}
async function product(title: string) {
  const { db } = await getTestDb();
  const [row] = await db.select().from(schema.products).where(eq(schema.products.title, title));
  return row!;
}

describe("refund from Sales & Reports", () => {
  it("refunds a paid order, revokes its access, audits it, and refuses a second refund", async () => {
    const { db } = await getTestDb();
    const buyer = await createTestUser();
    const course = await product("Economics Class 12");
    const order = await createOrder({ userId: buyer.id, products: [course], status: "fulfilled" });
    const ok = await post(sales.action, "/admin/sales", form({ intent: "refund", orderId: order.id }));
    expect((ok as Response).status).toBe(302);
    const [after] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(after!.status).toBe("refunded");
    const live = await db.select().from(schema.enrolments).where(eq(schema.enrolments.orderId, order.id));
    expect(live.every((e) => e.revokedAt !== null)).toBe(true);
    const [event] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.type, "Refund"));
    expect(event!.actorId).toBe(owner.id);
    expect(
      unwrap(await post(sales.action, "/admin/sales", form({ intent: "refund", orderId: order.id }))),
    ).toMatchObject({
      status: 409,
      data: { formError: `Order ${order.number} is already refunded.` },
    });
    expect(unwrap(await post(sales.action, "/admin/sales", form({ intent: "refund", orderId: "nope" }))).status).toBe(
      400,
    );
  });
});

describe("coupon management", () => {
  it("creates, validates, edits, disables and reports usage", async () => {
    const { db } = await getTestDb();
    const bad = unwrap(
      await post(
        coupons.action,
        "/admin/coupons",
        form({ intent: "create", code: "x", kind: "percent", value: "150", maxUses: "0" }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(["code", "maxUses"]);
    const pct = unwrap(
      await post(
        coupons.action,
        "/admin/coupons",
        form({ intent: "create", code: "BIG", kind: "percent", value: "150" }),
      ),
    );
    expect(pct).toMatchObject({
      status: 400,
      data: { fieldErrors: { value: "A percentage is a whole number from 1 to 100." } },
    });
    expect(await db.$count(schema.coupons)).toBe(0);
    expect(
      (
        (await post(
          coupons.action,
          "/admin/coupons",
          form({
            intent: "create",
            code: "board25",
            kind: "percent",
            value: "25",
            productKind: "course",
            maxUses: "100",
          }),
        )) as Response
      ).status,
    ).toBe(302);
    const dup = unwrap(
      await post(
        coupons.action,
        "/admin/coupons",
        form({ intent: "create", code: "BOARD25", kind: "fixed", value: "100" }),
      ),
    );
    expect(dup).toMatchObject({
      status: 409,
      data: { fieldErrors: { code: "A coupon with the code BOARD25 already exists." } },
    });
    const [c] = await db.select().from(schema.coupons);
    expect(c).toMatchObject({
      code: "BOARD25",
      kind: "percent",
      value: 25,
      productKind: "course",
      maxUses: 100,
      active: true,
    });
    await post(
      coupons.action,
      "/admin/coupons",
      form({
        intent: "update",
        id: String(c!.id),
        code: "BOARD25",
        kind: "fixed",
        value: "150.50",
        productKind: "any",
        minSubtotal: "500",
      }),
    );
    const [edited] = await db.select().from(schema.coupons);
    expect(edited).toMatchObject({
      kind: "fixed",
      value: 15_050,
      productKind: null,
      minSubtotalPaise: 50_000,
      maxUses: null,
    });
    await post(coupons.action, "/admin/coupons", form({ intent: "toggle", id: String(c!.id), active: "false" }));
    expect((await db.select().from(schema.coupons))[0]!.active).toBe(false);
    const list = unwrap(
      await routeCall(coupons.loader, {
        request: makeRequest("/admin/coupons", { headers: { cookie } }),
        params: {},
        context: {},
      } as never),
    );
    expect(list.data.coupons[0]).toMatchObject({ code: "BOARD25", usedCount: 0, redemptions: 0 });
    expect((await db.select().from(schema.auditLog).where(eq(schema.auditLog.type, "Coupon"))).length).toBe(3);
  });
});

describe("editor uploads and lessons", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  function editorForm(p: typeof schema.products.$inferSelect, extra: Record<string, string | File> = {}) {
    const fd = new FormData();
    const fields: Record<string, string> = {
      intent: "save",
      title: p.title,
      instructor: String(p.instructorId),
      category: p.subject,
      classLevel: p.classLevel,
      status: p.status,
      price: (p.pricePaise / 100).toFixed(2),
      description: p.description,
      modules: p.modules.join("\n"),
      image: p.image,
    };
    for (const [k, v] of Object.entries({ ...fields, ...extra })) fd.append(k, v);
    return fd;
  }

  it("stores an uploaded image and PDF, and refuses a fake one with nothing changed", async () => {
    const note = (await listPublishedProducts((await getTestDb()).db, "note"))[1]!;
    const row = await product(note.title);
    const params = { id: String(row.id) };
    const fake = unwrap(
      await post(
        courseEdit.action,
        `/admin/courses/${row.id}`,
        editorForm(row, { imageFile: new File(["<svg/>"], "x.png", { type: "image/png" }) }),
        params,
      ),
    );
    expect(fake.status).toBe(400);
    expect(fake.data.fieldErrors.imageFile).toBe("Images must be PNG, JPEG, WebP, GIF or AVIF files.");
    expect((await product(note.title)).image).toBe(row.image);

    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = await doc.save();
    const ok = await post(
      courseEdit.action,
      `/admin/courses/${row.id}`,
      editorForm(row, {
        imageFile: new File([PNG], "cover.png", { type: "image/png" }),
        pdfFile: new File([new Uint8Array(pdf)], "notes.pdf", { type: "application/pdf" }),
      }),
      params,
    );
    expect((ok as Response).status).toBe(302);
    const after = await product(note.title);
    expect(after.image).toMatch(/^\/media\/images\/[0-9a-f-]+\.png$/);
    expect(after.fileKey).toMatch(/^pdfs\/[0-9a-f-]+\.pdf$/);
    expect(Buffer.from((await getBytes(storage, after.image.replace("/media/", "")))!)).toEqual(PNG);
  });

  it("adds modules and lessons with normalised video links and rejects bad links", async () => {
    const { db } = await getTestDb();
    const course = await product("Accountancy Class 11");
    const params = { id: String(course.id) };
    const p = `/admin/courses/${course.id}`;
    expect(
      unwrap(await post(courseEdit.action, p, form({ intent: "add-module", moduleTitle: " " }), params)).status,
    ).toBe(400);
    await post(courseEdit.action, p, form({ intent: "add-module", moduleTitle: "Partnership basics" }), params);
    const [mod] = await db
      .select()
      .from(schema.courseModules)
      .where(eq(schema.courseModules.title, "Partnership basics"));
    const bad = unwrap(
      await post(
        courseEdit.action,
        p,
        form({
          intent: "add-lesson",
          moduleId: String(mod!.id),
          lessonTitle: "Intro",
          videoUrl: "https://evil.example/x",
        }),
        params,
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.videoUrl).toContain("YouTube or Vimeo");
    await post(
      courseEdit.action,
      p,
      form({
        intent: "add-lesson",
        moduleId: String(mod!.id),
        lessonTitle: "Intro",
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
      }),
      params,
    );
    const [lesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.title, "Intro"));
    expect(lesson!.videoUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    const loaded = unwrap(
      await routeCall(courseEdit.loader, {
        request: makeRequest(p, { headers: { cookie } }),
        params,
        context: {},
      } as never),
    );
    expect(loaded.data.outline.find((m: { id: number }) => m.id === mod!.id).lessons).toHaveLength(1);

    // Edit the lesson: a bad link is refused and changes nothing; a good one is normalised and audited.
    const badEdit = unwrap(
      await post(
        courseEdit.action,
        p,
        form({ intent: "update-lesson", targetId: String(lesson!.id), lessonTitle: "Intro", videoUrl: "ftp://x" }),
        params,
      ),
    );
    expect(badEdit.status).toBe(400);
    expect((await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson!.id)))[0]!.videoUrl).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    await post(
      courseEdit.action,
      p,
      form({
        intent: "update-lesson",
        targetId: String(lesson!.id),
        lessonTitle: "Introduction to partnership",
        videoUrl: "https://vimeo.com/76979871",
      }),
      params,
    );
    const [edited] = await db.select().from(schema.lessons).where(eq(schema.lessons.id, lesson!.id));
    expect(edited).toMatchObject({
      title: "Introduction to partnership",
      videoUrl: "https://player.vimeo.com/video/76979871",
    });
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.type, "Course Update"));
    expect(
      audit.some((e) => e.description.includes('"Introduction to partnership"') && /updated/.test(e.description)),
    ).toBe(true);
    await expect(
      post(
        courseEdit.action,
        p,
        form({
          intent: "update-lesson",
          targetId: "999999",
          lessonTitle: "X",
          videoUrl: "https://youtu.be/dQw4w9WgXcQ",
        }),
        params,
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
    await post(courseEdit.action, p, form({ intent: "delete-lesson", targetId: String(lesson!.id) }), params);
    expect(await db.$count(schema.lessons, eq(schema.lessons.id, lesson!.id))).toBe(0);
  });

  it("adds a lesson of type test from the tests the editor offers; a missing test or an unknown type is a field error", async () => {
    const { db } = await getTestDb();
    const course = await product("Business Studies Class 11");
    const mock = await product("Accountancy Class 12 — Mock Paper 1");
    const params = { id: String(course.id) };
    const p = `/admin/courses/${course.id}`;
    const loaded = unwrap(
      await routeCall(courseEdit.loader, {
        request: makeRequest(p, { headers: { cookie } }),
        params,
        context: {},
      } as never),
    );
    const offered = loaded.data.tests as { id: number; title: string }[];
    expect(offered.map((t) => t.id)).toContain(mock.id);
    const testProducts = await db.select().from(schema.products).where(eq(schema.products.kind, "test"));
    expect(offered).toHaveLength(testProducts.length);

    const [mod] = await db.select().from(schema.courseModules).where(eq(schema.courseModules.productId, course.id));
    const before = await db.$count(schema.lessons, eq(schema.lessons.productId, course.id));
    const add = (fields: Record<string, string>) =>
      post(
        courseEdit.action,
        p,
        form({ intent: "add-lesson", moduleId: String(mod!.id), lessonTitle: "Chapter test", ...fields }),
        params,
      );
    const missing = unwrap(await add({ lessonType: "test", testProductId: "", videoUrl: "" }));
    expect(missing.status).toBe(400);
    expect(missing.data.fieldErrors.testProductId).toBe("Choose a practice test.");
    const bogus = unwrap(await add({ lessonType: "quiz", videoUrl: "https://youtu.be/dQw4w9WgXcQ" }));
    expect(bogus.status).toBe(400);
    expect(bogus.data.fieldErrors.lessonType).toBe("Choose Video or Practice test.");
    expect(await db.$count(schema.lessons, eq(schema.lessons.productId, course.id))).toBe(before);

    // Without JavaScript the form sends both fields: the type decides.
    const ok = await add({ lessonType: "test", testProductId: String(mock.id), videoUrl: "not a link" });
    expect((ok as Response).status).toBe(302);
    const [lesson] = await db.select().from(schema.lessons).where(eq(schema.lessons.title, "Chapter test"));
    expect(lesson).toMatchObject({ productId: course.id, testProductId: mock.id, videoUrl: null });
  });
});
