/**
 * Hostile input for every admin action: settings, admin roles, catalog create/status/delete and
 * edit (uploads, modules, lessons), users (role, grant, revoke), coupons, refunds, notifications,
 * review moderation.
 * Signed in as an admin, so every run reaches the feature code. Never a 5xx; a refusal is a 4xx
 * with a message and stores nothing (files included); a form missing a required field is refused.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import * as announcementsRoute from "~/routes/admin/announcements";
import * as bundleEditRoute from "~/routes/admin/bundle-edit";
import * as couponsRoute from "~/routes/admin/coupons";
import * as courseEditRoute from "~/routes/admin/course-edit";
import * as coursesRoute from "~/routes/admin/courses";
import * as doubtsRoute from "~/routes/admin/doubts";
import * as notificationsRoute from "~/routes/admin/notifications";
import * as reviewsRoute from "~/routes/admin/reviews";
import * as salesRoute from "~/routes/admin/sales";
import * as settingsRoute from "~/routes/admin/settings";
import * as rolesRoute from "~/routes/admin/settings-role";
import * as userRoute from "~/routes/admin/user";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { createCoupon } from "../helpers/checkout";
import { createProduct } from "../helpers/factories";
import {
  type Answer,
  describeSubmission,
  expectRefusalStoresNothing,
  hostileFile,
  invoke,
  requestFor,
  run,
  type Submission,
  submission,
  urlencoded,
} from "../helpers/hostile";
import { createOrder } from "../helpers/orders";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type RouteFn = (args: any) => unknown;

let admin: TestUser;
let cookie: string;
let student: TestUser;

beforeEach(async () => {
  admin = await createTestUser({ role: "admin", isPrimary: true, name: "Owner" });
  cookie = await cookieFor(admin);
  student = await createTestUser({ name: "Sam Student" });
});

function cannotBeValid(s: Submission, required: string[]) {
  if (s.encoding === "json" || s.encoding === "garbage" || s.encoding === "empty") return true;
  return required.some((f) => s.fields[f] === undefined);
}

async function check(
  action: RouteFn,
  path: string,
  s: Submission,
  opts: { params?: Record<string, string>; required?: string[] } = {},
): Promise<Answer> {
  const label = `POST ${path} ${describeSubmission(s)}`;
  const { answer } = await expectRefusalStoresNothing(label, () =>
    invoke(action, requestFor(path, s, { cookie }), opts.params ?? {}),
  );
  if (cannotBeValid(s, opts.required ?? [])) expect(answer.status, label).toBeGreaterThanOrEqual(400);
  if (answer.status >= 300 && answer.status < 400) expect(answer.location, label).toMatch(/^\/admin\//);
  return answer;
}

const ids = fc.constantFrom("1", "2", "19", "999999", "2147483647", "2147483648", "99999999999");

describe("admin settings and roles", () => {
  it("POST /admin/settings", async () => {
    const body = submission({
      siteContactEmail: fc.constantFrom("support@example.com"),
      defaultAccessLevel: fc.constantFrom("student", "instructor", "guest"),
      maintenanceMode: fc.constantFrom("on", "off"),
      whatsappNumber: fc.constantFrom("919876543210", "+91 98765 43210"),
      sellerName: fc.constantFrom("Commerce Academy"),
      sellerAddress: fc.constantFrom("12 MG Road, Jaipur"),
      sellerGstin: fc.constantFrom("08AAAAA0000A1Z5"),
      sellerStateCode: fc.constantFrom("08"),
      sacCode: fc.constantFrom("999293"),
      sacCodeNotes: fc.constantFrom("998431", "1234"),
      sacCodeTests: fc.constantFrom("999293"),
    });
    const required = [
      "siteContactEmail",
      "defaultAccessLevel",
      "whatsappNumber",
      "sellerName",
      "sellerAddress",
      "sellerStateCode",
      "sacCode",
      "sacCodeNotes",
      "sacCodeTests",
    ];
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(settingsRoute.action, "/admin/settings", s, { required: [...required, "sellerGstin"] });
      }),
      run(),
    );
  });

  it("POST /admin/settings (the authorised signatory: name and signature image)", async () => {
    const body = submission({
      intent: fc.constantFrom("signatory"),
      signatoryName: fc.constantFrom("Ramesh Kumar Sharma", ""),
      removeSignatureImage: fc.constantFrom("on"),
    });
    await fc.assert(
      fc.asyncProperty(body, hostileFile, async (s, file) => {
        // A hostile file where the image goes: none is a real PNG or JPEG (an empty one means "none chosen").
        const upload: Submission =
          s.encoding === "multipart" ? { ...s, fields: { ...s.fields, signatureImage: file } } : s;
        const answer = await check(settingsRoute.action, "/admin/settings", upload, {
          required: ["intent", "signatoryName"],
        });
        if (upload.encoding === "multipart" && file.size > 0)
          expect(answer.status, describeSubmission(upload)).toBe(400);
      }),
      run(),
    );
  });

  it("POST /admin/settings/role (grant and remove)", async () => {
    const body = submission({
      intent: fc.constantFrom("grant", "remove"),
      email: fc.constantFrom(student.email, "nobody@example.com", admin.email),
      userId: fc.constantFrom(student.id, admin.id, "no-such-user"),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(rolesRoute.action, "/admin/settings/role", s, { required: ["intent"] });
      }),
      run(),
    );
    const [owner] = await (await getDb()).select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(owner?.role).toBe("admin");
  });
});

describe("admin catalog", () => {
  it("POST /admin/courses (create, status, delete)", async () => {
    const body = submission({
      intent: fc.constantFrom("create", "status", "delete"),
      kind: fc.constantFrom("course", "note", "pyq"),
      name: fc.constantFrom("Hostile Course", "नया कोर्स"),
      instructor: fc.constantFrom("1", "new", "99999999999"),
      newInstructor: fc.constantFrom("Dr. New Teacher"),
      category: fc.constantFrom("accountancy", "economics"),
      status: fc.constantFrom("draft", "published", "archived"),
      description: fc.constantFrom("A description."),
      id: ids,
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(coursesRoute.action, "/admin/courses?kind=course", s, { required: ["intent"] });
      }),
      run(),
    );
  });

  it("POST /admin/courses/:id (save, status, delete, uploads, modules, lessons)", async () => {
    const course = await createProduct({ title: "Edit Me", kind: "course", pricePaise: 99_900 });
    const note = await createProduct({ title: "Edit Note", kind: "note", pricePaise: 4_900 });
    const db = await getDb();
    const [mod] = await db
      .insert(schema.courseModules)
      .values({ productId: course.id, title: "Module 1", position: 1 })
      .returning();
    const body = submission({
      intent: fc.constantFrom("save", "status", "delete", "add-module", "add-lesson", "delete-lesson", "delete-module"),
      title: fc.constantFrom("Edited title"),
      instructor: fc.constantFrom("1", "new", "99999999999"),
      newInstructor: fc.constantFrom("Ms. Someone"),
      category: fc.constantFrom("accountancy", "english"),
      classLevel: fc.constantFrom("11", "12", "both"),
      status: fc.constantFrom("draft", "published"),
      price: fc.constantFrom("999", "999.99", "0"),
      description: fc.constantFrom("Updated."),
      modules: fc.constantFrom("Intro\nPartnership", ""),
      image: fc.constantFrom("", "/images/x.svg", "https://cdn.example.com/x.png"),
      moduleTitle: fc.constantFrom("Module 2"),
      moduleId: fc.constantFrom(String(mod!.id), "99999999999"),
      lessonTitle: fc.constantFrom("Lesson A"),
      videoUrl: fc.constantFrom("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://vimeo.com/76979871"),
      targetId: fc.constantFrom(String(mod!.id), "99999999999", "1"),
    });
    const target = fc.constantFrom(String(course.id), String(note.id), "99999999999", "0");
    await fc.assert(
      fc.asyncProperty(body, target, async (s, id) => {
        await check(courseEditRoute.action, `/admin/courses/${id}`, s, { params: { id }, required: ["intent"] });
      }),
      run(),
    );
  });

  it("uploads that are HTML or SVG in disguise are refused and nothing is stored", async () => {
    const course = await createProduct({ title: "Upload Target", kind: "note", pricePaise: 4_900 });
    await fc.assert(
      fc.asyncProperty(hostileFile, fc.constantFrom("imageFile", "pdfFile"), async (file, field) => {
        const s: Submission = {
          encoding: "multipart",
          fields: {
            intent: "save",
            title: "Upload Target",
            instructor: "1",
            category: "accountancy",
            classLevel: "12",
            status: "draft",
            price: "49",
            [field]: file,
          },
        };
        const answer = await check(courseEditRoute.action, `/admin/courses/${course.id}`, s, {
          params: { id: String(course.id) },
        });
        // None of the generated files is a real PNG or PDF (or it is empty, which means "no file chosen").
        if (file.size > 0) expect(answer.status).toBe(400);
      }),
      run(20),
    );
  });
});

describe("admin users, coupons, sales, notifications", () => {
  it("POST /admin/users/:id (role, grant, revoke, extend, lifetime)", async () => {
    const course = await createProduct({ title: "Grantable", kind: "course", pricePaise: 9_900 });
    const order = await createOrder({ userId: student.id, products: [course], status: "paid" });
    const [enrolment] = await (await getDb())
      .select()
      .from(schema.enrolments)
      .where(eq(schema.enrolments.orderId, order.id));
    const body = submission({
      intent: fc.constantFrom("role", "grant", "revoke", "extend", "lifetime"),
      role: fc.constantFrom("student", "instructor", "guest", "admin"),
      productId: fc.constantFrom(String(course.id), "1", "99999999999"),
      enrolmentId: fc.constantFrom(String(enrolment!.id), "99999999999"),
      until: fc.constantFrom("2099-12-31", "2001-01-01", "2027-02-30", "31/12/2099", ""),
    });
    const userIds = fc.constantFrom(student.id, admin.id, "no-such-user", "a\u0000b", "x".repeat(5000));
    await fc.assert(
      fc.asyncProperty(body, userIds, async (s, id) => {
        await check(userRoute.action, `/admin/users/${encodeURIComponent(id)}`, s, {
          params: { id },
          required: ["intent"],
        });
      }),
      run(),
    );
    const [owner] = await (await getDb()).select().from(schema.users).where(eq(schema.users.id, admin.id));
    expect(owner?.role).toBe("admin");
  });

  it("granting the same item twice gives one enrolment", async () => {
    const course = await createProduct({ title: "Twice Granted", kind: "course", pricePaise: 9_900 });
    for (let i = 0; i < 2; i++) {
      const answer = await invoke(
        userRoute.action,
        requestFor(`/admin/users/${student.id}`, urlencoded({ intent: "grant", productId: String(course.id) }), {
          cookie,
        }),
        { id: student.id },
      );
      expect(answer.status).toBeLessThan(500);
    }
    const rows = await (await getDb())
      .select()
      .from(schema.enrolments)
      .where(eq(schema.enrolments.productId, course.id));
    expect(rows.filter((r) => r.userId === student.id && r.revokedAt === null)).toHaveLength(1);
  });

  it("POST /admin/coupons (create, update, toggle)", async () => {
    const coupon = await createCoupon({ code: "SAVE10" });
    const body = submission({
      intent: fc.constantFrom("create", "update", "toggle"),
      id: fc.constantFrom(String(coupon.id), "99999999999"),
      active: fc.constantFrom("true", "false"),
      code: fc.constantFrom("NEW20", "save10", "DIWALI-2026"),
      kind: fc.constantFrom("percent", "fixed"),
      value: fc.constantFrom("20", "100", "499.50"),
      productKind: fc.constantFrom("any", "course", "note", "pyq"),
      minSubtotal: fc.constantFrom("0", "999"),
      startsAt: fc.constantFrom("", "2026-01-01", "2026-02-30"),
      endsAt: fc.constantFrom("", "2026-12-31", "2025-01-01"),
      maxUses: fc.constantFrom("", "100", "0"),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(couponsRoute.action, "/admin/coupons", s, { required: ["intent"] });
      }),
      run(),
    );
  });

  it("creating the same coupon twice is refused the second time", async () => {
    const post = () =>
      invoke(
        couponsRoute.action,
        requestFor("/admin/coupons", urlencoded({ intent: "create", code: "ONCE", kind: "percent", value: "10" }), {
          cookie,
        }),
      );
    expect((await post()).status).toBe(302);
    const second = await expectRefusalStoresNothing("second coupon", post);
    expect(second.answer.status).toBe(409);
  });

  it("POST /admin/sales (refund)", async () => {
    const course = await createProduct({ title: "Refundable", kind: "course", pricePaise: 9_900 });
    const order = await createOrder({ userId: student.id, products: [course], status: "paid" });
    const body = submission({
      intent: fc.constantFrom("refund"),
      orderId: fc.constantFrom(order.id, "00000000-0000-0000-0000-000000000000", "1"),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(salesRoute.action, "/admin/sales", s, { required: ["intent", "orderId"] });
      }),
      run(),
    );
  });

  it("POST /admin/reviews (hide with a reason, restore)", async () => {
    const body = submission({
      intent: fc.constantFrom("hide", "restore"),
      reviewId: fc.constantFrom("1", "2", "150", "999999", "99999999999", "x"),
      reason: fc.constantFrom("Off-topic", "<b>spam</b>", "r".repeat(301)),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const answer = await check(reviewsRoute.action, "/admin/reviews", s, { required: ["intent", "reviewId"] });
        if (s.encoding === "urlencoded" && s.fields.intent === "hide" && s.fields.reason === undefined)
          expect(answer.status).toBe(400);
      }),
      run(),
    );
  });

  it("POST /admin/doubts (answer, hide, unhide)", async () => {
    const db = await getDb();
    const [lesson] = await db.select().from(schema.lessons).limit(1);
    const [doubt] = await db
      .insert(schema.doubts)
      .values({ userId: student.id, productId: lesson!.productId, lessonId: lesson!.id, body: "What is goodwill?" })
      .returning();
    const body = submission({
      intent: fc.constantFrom("answer", "hide", "unhide"),
      doubtId: fc.constantFrom(String(doubt!.id), "999999", "99999999999", "x"),
      answer: fc.constantFrom("Purchased goodwill only.", "a", "", "<b>bold</b>", "z".repeat(4001)),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const answer = await check(doubtsRoute.action, "/admin/doubts", s, { required: ["intent", "doubtId"] });
        if (s.encoding === "urlencoded" && s.fields.intent === "answer" && s.fields.answer === undefined)
          expect(answer.status).toBe(400);
      }),
      run(),
    );
  });

  it("POST /admin/announcements (preview and send to a course, a class or everyone)", async () => {
    const course = await createProduct({ title: "Announced", kind: "course", classLevel: "12" });
    const body = submission({
      intent: fc.constantFrom("preview", "send"),
      audience: fc.constantFrom("course", "class", "everyone", "admins"),
      productId: fc.constantFrom(String(course.id), "", "99999999999", "x"),
      classLevel: fc.constantFrom("11", "12", "both", ""),
      title: fc.constantFrom("Test on Sunday", "", "t".repeat(121), "<b>bold</b>"),
      body: fc.constantFrom("Bring a pen.\nAnd paper.", "", "b".repeat(2001)),
    });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        const answer = await check(announcementsRoute.action, "/admin/announcements", s, {
          required: ["intent", "audience", "title", "body"],
        });
        if (s.encoding === "urlencoded" && (s.fields.title === "" || s.fields.body === ""))
          expect(answer.status).toBe(400);
      }),
      run(),
    );
  });

  it("POST /admin/bundles/new and /admin/bundles/:id (a bundle of existing items)", async () => {
    const a = await createProduct({ title: "Bundle item A", kind: "course", pricePaise: 50_000 });
    const b = await createProduct({ title: "Bundle item B", kind: "note", pricePaise: 5_000 });
    const draft = await createProduct({ title: "Bundle draft", kind: "note", status: "draft", pricePaise: 1_000 });
    const body = submission({
      title: fc.constantFrom("Pair", "", "t".repeat(201)),
      category: fc.constantFrom("accountancy", "physics"),
      classLevel: fc.constantFrom("12", "13", ""),
      status: fc.constantFrom("draft", "published", "gone"),
      price: fc.constantFrom("499", "550", "0", "-1", "abc", "99999999"),
      [`item_${a.id}`]: fc.constantFrom("on"),
      [`item_${b.id}`]: fc.constantFrom("on"),
      [`item_${draft.id}`]: fc.constantFrom("on"),
      item_99999999999: fc.constantFrom("on"),
      item_2147483647: fc.constantFrom("on"),
    });
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(undefined, "1", "2147483647", "x"), async (s, id) => {
        const path = id === undefined ? "/admin/bundles/new" : `/admin/bundles/${id}`;
        await check(bundleEditRoute.action, path, s, {
          params: id === undefined ? {} : { id },
          required: ["title", "category", "classLevel", "status", "price"],
        });
      }),
      run(),
    );
  });

  it("POST /admin/notifications", async () => {
    const body = submission({ intent: fc.constantFrom("mark-all-read") });
    await fc.assert(
      fc.asyncProperty(body, async (s) => {
        await check(notificationsRoute.action, "/admin/notifications", s, { required: ["intent"] });
      }),
      run(),
    );
  });
});
