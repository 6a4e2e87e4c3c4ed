/** Admin features called directly (roles, analytics, reports, ledger, search, settings, notifications). */

import { desc, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { grantAdmin, listAdmins, ROLE_MESSAGES, removeAdmin } from "~/features/accounts/roles.server";
import { changeUserRole, getUserDetail, grantAccess, listUsers, revokeAccess } from "~/features/accounts/users.server";
import { listNotifications, markAllNotificationsRead, NO_NOTIFICATIONS } from "~/features/admin/notifications.server";
import { userStats } from "~/features/analytics/metrics.server";
import { analyticsPdf, quarterReport, quarterReportPdf } from "~/features/analytics/reports.server";
import {
  createAdminProduct,
  deleteAdminProduct,
  listAdminProducts,
  listPublishedProducts,
  productReport,
  setProductStatus,
  updateAdminProduct,
} from "~/features/catalog/catalog.server";
import { addLesson, addModule } from "~/features/learning/outline.server";
import { LEDGER_HEADER, salesLedgerStream } from "~/features/orders/sales.server";
import { closeAttemptsWithoutAccess } from "~/features/practice/marking.server";
import { assertScopeKept } from "~/features/practice/tests.server";
import { SETTINGS_FIELDS } from "~/features/settings/changes";
import {
  isMaintenanceOn,
  refreshMaintenanceMode,
  refusedForMaintenance,
  rememberMaintenanceMode,
} from "~/features/settings/maintenance.server";
import {
  forgetStoreSettings,
  getSettings,
  getStoreSettings,
  refreshStoreSettings,
  settingsSchema,
  updateSettings,
} from "~/features/settings/settings.server";
import { csvField } from "~/lib/csv";
import { HttpError } from "~/lib/errors";
import { adminSearch } from "~/platform/search/search.server";
import { cookieFor, createTestUser } from "../helpers/auth";
import { getTestDb } from "../helpers/db";
import { createUser, removeSampleReviewers } from "../helpers/factories";
import { createOrder } from "../helpers/orders";
import { extractPdfText } from "./../helpers/pdf-text";

async function admin(overrides: Partial<typeof schema.users.$inferInsert> = {}) {
  return createUser({ role: "admin", name: "Asha Admin", ...overrides });
}

async function auditTrail() {
  const { db } = await getTestDb();
  return db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id));
}

describe("catalog management", () => {
  it("a test made in Course Management gets its subject's Practice Test cover, not the papers' one", async () => {
    const { db } = await getTestDb();
    const actor = await admin();
    const item = await createAdminProduct(db, actor.id, {
      kind: "test",
      title: "Business Studies Class 12 — Chapter Test",
      newInstructor: "Kiran Rao",
      subject: "business_studies",
      classLevel: "12",
      pricePaise: 9_900,
      isFree: false,
      description: "Planning, staffing and controlling.",
    });
    expect(item.image).toBe("/images/covers/business-studies-test.svg");
    const fs = await import("node:fs");
    expect(fs.readFileSync(`public${item.image}`, "utf8")).toContain(">Practice Test</text>");
  });

  it("creates a draft with a new instructor, hidden from the store until published, audited", async () => {
    const { db } = await getTestDb();
    const actor = await admin();
    const item = await createAdminProduct(db, actor.id, {
      kind: "course",
      title: "English Core Class 12",
      newInstructor: "Kiran Rao",
      subject: "english",
      classLevel: "12",
      pricePaise: 49_900,
      isFree: false,
      description: "Reading, writing and literature.",
    });
    expect(item.status).toBe("draft");
    const [instructor] = await db.select().from(schema.instructors).where(eq(schema.instructors.name, "Kiran Rao"));
    expect(item.instructorId).toBe(instructor!.id);
    expect((await listPublishedProducts(db, "course")).map((c) => c.id)).not.toContain(item.id);
    // A course goes live with its first lesson (catalog/publishing.server.ts).
    await expect(setProductStatus(db, actor.id, item.id, "published")).rejects.toThrow(
      "To publish, add: at least one lesson.",
    );
    const module = await addModule(db, actor.id, item.id, "Reading");
    await addLesson(db, actor.id, item.id, {
      moduleId: module.id,
      title: "Unseen passages",
      type: "video",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    });
    await setProductStatus(db, actor.id, item.id, "published");
    expect((await listPublishedProducts(db, "course")).map((c) => c.id)).toContain(item.id);
    await setProductStatus(db, actor.id, item.id, "archived");
    expect((await listPublishedProducts(db, "course")).map((c) => c.id)).not.toContain(item.id);
    const trail = await auditTrail();
    expect(trail.map((t) => t.description)).toEqual([
      'Course "English Core Class 12" Published → Archived',
      'Course "English Core Class 12" Draft → Published',
      'Lesson "Unseen passages" added to "English Core Class 12"',
      'Module "Reading" added to "English Core Class 12"',
      'Course "English Core Class 12" created as Draft',
    ]);
    expect(trail.every((t) => t.actorId === actor.id && t.type === "Course Update")).toBe(true);
  });

  it("refuses an unknown instructor or an empty new-instructor name and stores nothing", async () => {
    const { db } = await getTestDb();
    const actor = await admin();
    const before = await db.$count(schema.products);
    const base = {
      kind: "note" as const,
      title: "X",
      subject: "economics" as const,
      classLevel: "12" as const,
      pricePaise: 0,
      isFree: false,
      description: "",
    };
    await expect(createAdminProduct(db, actor.id, { ...base, instructorId: 9999 })).rejects.toThrow(HttpError);
    await expect(createAdminProduct(db, actor.id, { ...base, newInstructor: "  " })).rejects.toThrow(
      "Enter the new instructor's name.",
    );
    expect(await db.$count(schema.products)).toBe(before);
    expect(await auditTrail()).toEqual([]);
  });

  it("filters by category and search, and edits every field", async () => {
    const { db } = await getTestDb();
    const actor = await admin();
    const econ = await listAdminProducts(db, { kind: "course", subject: "economics" });
    expect(econ.map((r) => r.title).sort()).toEqual(["Economics Class 11", "Economics Class 12"]);
    expect(await listAdminProducts(db, { kind: "course", subject: "english" })).toEqual([]);
    expect((await listAdminProducts(db, { kind: "course", q: "business" })).length).toBe(2);
    expect(await listAdminProducts(db, { kind: "course", q: "100%_" })).toEqual([]);
    const target = econ[0]!;
    const updated = await updateAdminProduct(
      db,
      actor.id,
      target.id,
      {
        title: "Economics Class 12 (2027 edition)",
        subject: "economics",
        classLevel: "both",
        status: "published",
        pricePaise: 49_900,
        isFree: false,
        newInstructor: "Dr. Sen",
        description: "New description",
        modules: ["Unit 1", "Unit 2"],
        image: "/files/images/new.png",
      },
      assertScopeKept,
    );
    expect(updated).toMatchObject({
      pricePaise: 49_900,
      classLevel: "both",
      modules: ["Unit 1", "Unit 2"],
    });
    const store = await listPublishedProducts(db, "course");
    expect(store.find((c) => c.id === target.id)).toMatchObject({
      title: "Economics Class 12 (2027 edition)",
      pricePaise: 49_900,
      instructor: "Dr. Sen",
    });
  });

  it("deletes an item never sold, but only archives one that was sold", async () => {
    const { db } = await getTestDb();
    const actor = await admin();
    const draft = await createAdminProduct(db, actor.id, {
      kind: "pyq",
      title: "Accountancy 2025 paper",
      instructorId: (await db.select().from(schema.instructors))[0]!.id,
      subject: "accountancy",
      classLevel: "12",
      pricePaise: 0,
      isFree: false,
      description: "",
    });
    await deleteAdminProduct(db, actor.id, draft.id);
    expect(await db.select().from(schema.products).where(eq(schema.products.id, draft.id))).toEqual([]);

    const [course] = await listAdminProducts(db, { kind: "course", q: "Accountancy Class 12" });
    const buyer = await createUser();
    await createOrder({
      userId: buyer.id,
      products: [{ id: course!.id, title: course!.title, pricePaise: 99_999 }],
      status: "fulfilled",
    });
    await expect(deleteAdminProduct(db, actor.id, course!.id)).rejects.toMatchObject({ status: 409 });
    expect(await db.$count(schema.products, eq(schema.products.id, course!.id))).toBe(1);
    await expect(deleteAdminProduct(db, actor.id, 999_999)).rejects.toMatchObject({ status: 404 });

    const report = await productReport(db, course!.id);
    expect(report.sales).toEqual({ sold: 1, refunded: 0, revenuePaise: 99_999 });
    expect(report.enrolments).toMatchObject({ active: 1, purchase: 1 });
  });
});

describe("users", () => {
  it("lists with course count and total spent, searches and paginates", async () => {
    const { db } = await getTestDb();
    const [course] = await listAdminProducts(db, { kind: "course", q: "Economics Class 12" });
    await removeSampleReviewers(); // counts every account: only the ones made here
    const buyer = await createUser({ name: "Meena Buyer", email: "meena@example.com" });
    await createOrder({
      userId: buyer.id,
      products: [{ id: course!.id, title: course!.title, pricePaise: 98_999 }],
      status: "fulfilled",
    });
    for (let i = 0; i < 21; i++) await createUser({ name: `Filler ${i}` });
    const found = await listUsers(db, { q: "MEENA" });
    expect(found.users).toHaveLength(1);
    expect(found.users[0]).toMatchObject({ email: "meena@example.com", courses: 1, totalSpentPaise: 98_999 + 17_820 });
    const page1 = await listUsers(db, { page: 1 });
    const page2 = await listUsers(db, { page: 2 });
    expect(page1.users).toHaveLength(20);
    expect(page1.hasNext).toBe(true);
    expect(page2.users).toHaveLength(2);
    expect(page2.hasNext).toBe(false);
    // The Next link's keyset cursor reads the same page as the offset, and a bad cursor is ignored.
    expect(page1.nextCursor).toBeTruthy();
    const byCursor = await listUsers(db, { page: 2, after: page1.nextCursor! });
    expect(byCursor.users.map((u) => u.id)).toEqual(page2.users.map((u) => u.id));
    expect((await listUsers(db, { page: 1, after: "not-a-cursor" })).users).toEqual(page1.users);
    expect(page2.nextCursor).toBeNull();
    const stats = await userStats(db);
    // Instructors are accounts with that role (none here), not the seeded names on courses.
    expect(stats).toMatchObject({ totalUsers: 22, instructors: 0, averageCourseLoad: 1 });
  });

  it("changes roles, never demotes the primary admin, grants and revokes access by hand — all audited", async () => {
    const { db } = await getTestDb();
    const owner = await admin({ isPrimary: true, email: "owner@example.com" });
    const student = await createUser({ name: "Ravi" });
    await changeUserRole(db, owner.id, student.id, "instructor");
    await expect(changeUserRole(db, owner.id, owner.id, "student")).rejects.toMatchObject({ status: 409 });
    await expect(changeUserRole(db, owner.id, "nobody", "student")).rejects.toMatchObject({ status: 404 });
    const [course] = await listAdminProducts(db, { kind: "course", q: "Accountancy Class 11" });
    const granted = await grantAccess(db, owner.id, student.id, course!.id);
    expect(granted.source).toBe("grant");
    await expect(grantAccess(db, owner.id, student.id, course!.id)).rejects.toThrow(
      'Ravi already has access to "Accountancy Class 11".',
    );
    await expect(grantAccess(db, owner.id, student.id, 999_999)).rejects.toMatchObject({ status: 400 });
    let detail = await getUserDetail(db, student.id);
    expect(detail.user.role).toBe("instructor");
    expect(detail.enrolments).toHaveLength(1);
    expect(detail.grantable.map((p) => p.id)).not.toContain(course!.id);
    await revokeAccess(db, owner.id, student.id, granted.id, closeAttemptsWithoutAccess);
    await expect(revokeAccess(db, owner.id, student.id, granted.id, closeAttemptsWithoutAccess)).rejects.toMatchObject({
      status: 409,
    });
    detail = await getUserDetail(db, student.id);
    expect(detail.enrolments[0]!.revokedAt).not.toBeNull();
    expect((await auditTrail()).map((a) => a.type)).toEqual(["Access", "Access", "Role"]);
    const owner2 = await db.select().from(schema.users).where(eq(schema.users.id, owner.id));
    expect(owner2[0]!.role).toBe("admin");
  });
});

describe("admin roles (spec §4/§5/§8 messages)", () => {
  it("grants by trimmed, lower-cased email with every message of the spec", async () => {
    const { db } = await getTestDb();
    const owner = await admin({ isPrimary: true, name: "Owner", email: "owner@example.com" });
    await createUser({ name: "Sita Rao", email: "sita@example.com" });
    await expect(grantAdmin(db, owner.id, "   ")).rejects.toMatchObject({
      status: 400,
      field: "email",
      message: "Email field cannot be empty.",
    });
    expect(await grantAdmin(db, owner.id, "  SITA@Example.com ")).toBe(
      "Sita Rao has been successfully added as an admin.",
    );
    await expect(grantAdmin(db, owner.id, "sita@example.com")).rejects.toMatchObject({
      status: 409,
      message: 'User with email "sita@example.com" is already an admin.',
    });
    await expect(grantAdmin(db, owner.id, "ghost@example.com")).rejects.toMatchObject({
      status: 422,
      message: ROLE_MESSAGES.noAccount("ghost@example.com"),
    });
    const admins = await listAdmins(db);
    expect(admins.map((a) => [a.name, a.isPrimary])).toEqual([
      ["Owner", true],
      ["Sita Rao", false],
    ]);
    expect((await auditTrail())[0]!.description).toContain("full system administrator permissions");
  });

  it("removes a non-primary admin, refuses the primary, and reports a database failure", async () => {
    const { db } = await getTestDb();
    const owner = await admin({ isPrimary: true, name: "Owner" });
    const staff = await admin({ name: "Staff Person" });
    await expect(removeAdmin(db, staff.id, owner.id)).rejects.toMatchObject({
      status: 409,
      message: "Cannot remove the primary administrator role.",
    });
    expect(await removeAdmin(db, owner.id, staff.id)).toBe("Staff Person's admin role has been removed.");
    await expect(removeAdmin(db, owner.id, staff.id)).rejects.toMatchObject({
      status: 409,
      message: "Failed to remove admin role. Please try again.",
    });
    const failing = { transaction: () => Promise.reject(new Error("connection lost")) } as unknown as typeof db;
    await expect(removeAdmin(failing, owner.id, staff.id)).rejects.toMatchObject({
      status: 503,
      message: "Failed to remove admin role. Please try again.",
    });
    await expect(grantAdmin(failing, owner.id, "a@b.c")).rejects.toMatchObject({
      status: 503,
      message: "Failed to add admin role. Please try again.",
    });
  });
});

describe("settings and maintenance mode", () => {
  const valid = {
    siteContactEmail: " Help@Commerce-Academy.in ",
    defaultAccessLevel: "guest",
    maintenanceMode: true,
    whatsappNumber: "+91 98765 43210",
    sellerName: "Commerce Academy LLP",
    sellerAddress: "Jaipur",
    sellerGstin: "08aaaaa0000a1z5",
    sellerStateCode: "08",
    sacCode: "999293",
    sacCodeNotes: "999293",
    sacCodeTests: "999293",
  };

  it("validates, normalises, saves and audits", async () => {
    const { db } = await getTestDb();
    const actor = await admin();
    const parsed = settingsSchema.parse(valid);
    expect(parsed).toMatchObject({
      siteContactEmail: "help@commerce-academy.in",
      whatsappNumber: "919876543210",
      sellerGstin: "08AAAAA0000A1Z5",
    });
    await updateSettings(db, actor.id, parsed);
    expect(await getSettings(db)).toMatchObject({
      defaultAccessLevel: "guest",
      maintenanceMode: true,
      sellerName: "Commerce Academy LLP",
    });
    // The audit log says what changed in words (features/settings/changes.ts), not field names.
    expect((await auditTrail())[0]!.description).toBe(
      "Site contact email changed to help@commerce-academy.in; Default access level for new sign-ups changed to Guest; " +
        "Maintenance mode turned on; WhatsApp number changed to 919876543210; Seller name on invoices changed to Commerce Academy LLP; " +
        "Seller address on invoices changed",
    );
    await updateSettings(db, actor.id, { ...parsed, maintenanceMode: false });
    expect((await auditTrail())[0]!.description).toBe("Maintenance mode turned off");
  });

  it("keeps what store pages read in memory once a server has read it, and a save updates it", async () => {
    const { db } = await getTestDb();
    const actor = await admin();
    try {
      // Not read yet (no server following the content version): straight from the database.
      await db.update(schema.settings).set({ whatsappNumber: "919000000001" });
      expect((await getStoreSettings(db)).whatsappNumber).toBe("919000000001");
      expect(await refreshStoreSettings(db)).toEqual({ whatsappNumber: "919000000001", maintenanceMode: false });
      // In memory now: a write that bypasses the save is not seen until the next refresh...
      await db.update(schema.settings).set({ whatsappNumber: "919000000002" });
      expect((await getStoreSettings(db)).whatsappNumber).toBe("919000000001");
      expect((await refreshStoreSettings(db)).whatsappNumber).toBe("919000000002");
      // ...while a save on this instance takes effect at once, maintenance mode included.
      await updateSettings(db, actor.id, settingsSchema.parse({ ...valid, whatsappNumber: "919000000003" }));
      expect(await getStoreSettings(db)).toEqual({ whatsappNumber: "919000000003", maintenanceMode: true });
      expect(isMaintenanceOn()).toBe(true);
    } finally {
      forgetStoreSettings();
      rememberMaintenanceMode(false);
    }
  });

  it("has words in the audit log for every field of the settings form", () => {
    expect([...SETTINGS_FIELDS].sort()).toEqual(Object.keys(settingsSchema.shape).sort());
  });

  it("rejects bad input field by field", () => {
    const bad = settingsSchema.safeParse({
      ...valid,
      siteContactEmail: "nope",
      defaultAccessLevel: "admin",
      whatsappNumber: "12",
      sellerName: " ",
      sellerGstin: "123",
    });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((i) => i.path[0]));
    expect([...fields].sort()).toEqual([
      "defaultAccessLevel",
      "sellerGstin",
      "sellerName",
      "siteContactEmail",
      "whatsappNumber",
    ]);
  });

  it("checks the GSTIN's check character and that it belongs to the seller's state", () => {
    const message = (input: object) =>
      settingsSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(message({ sellerGstin: "27AAPFU0939F1ZV", sellerStateCode: "27" })).toBeUndefined();
    expect(message({ sellerGstin: "27AAPFU0939F1ZW", sellerStateCode: "27" })).toEqual([
      ["sellerGstin", "This GSTIN's last character does not match: check it for a typing mistake."],
    ]);
    expect(message({ sellerGstin: "27AAPFU0939F1ZV" })).toEqual([
      [
        "sellerStateCode",
        "A GSTIN starting with 27 is registered in another state: choose that state, or correct the GSTIN.",
      ],
    ]);
    expect(message({ sellerStateCode: "28", sacCode: "99x" })?.map((m) => m[0])).toEqual([
      "sellerStateCode",
      "sacCode",
    ]);
  });

  it("refuses everyone but signed-in admins while it is on, except log-in, the payment webhook and health checks", async () => {
    const { db } = await getTestDb();
    const owner = await createTestUser({ role: "admin" });
    const student = await createTestUser();
    const [adminCookie, studentCookie] = [await cookieFor(owner), await cookieFor(student)];
    const req = (p: string, cookie?: string) =>
      new Request(`http://localhost${p}`, cookie ? { headers: { cookie } } : undefined);
    // As server/app.ts asks: the visitor is looked up by accounts' guard.
    const isRefused = (request: Request) => refusedForMaintenance(request, () => getOptionalUser(db, request));
    try {
      rememberMaintenanceMode(false);
      expect(await isRefused(req("/"))).toBe(false);
      // Saving the settings takes effect in this instance at once.
      await updateSettings(db, owner.id, settingsSchema.parse(valid));
      expect(isMaintenanceOn()).toBe(true);
      const refused = [
        "/",
        "/_root.data",
        "/courses.data",
        "/checkout",
        "/checkout/pay/x.data",
        "/signup",
        "/contact.data",
        "/api/cart",
        "/api/auth/sign-up/email",
        "/downloads/1",
        "/account/orders/x/invoice",
        "/admin/settings",
        "/loginx",
        "/login/x",
      ];
      for (const p of refused) {
        expect(await isRefused(req(p)), `anonymous ${p}`).toBe(true);
        expect(await isRefused(req(p, studentCookie)), `student ${p}`).toBe(true);
        expect(await isRefused(req(p, adminCookie)), `admin ${p}`).toBe(false);
      }
      const open = [
        "/login?redirectTo=/admin",
        "/login.data",
        "/LOGIN",
        "/api/auth/sign-in/email",
        "/api/payments/razorpay/webhook",
        "/healthz",
        "/readyz",
      ];
      for (const p of open) expect(await isRefused(req(p)), p).toBe(false);
      // Another instance's save reaches this one through the content version: the database is the truth.
      await db.update(schema.settings).set({ maintenanceMode: false });
      expect(await refreshMaintenanceMode(db)).toBe(false);
      expect(await isRefused(req("/", studentCookie))).toBe(false);
    } finally {
      rememberMaintenanceMode(false);
    }
  });
});

describe("notifications and search", () => {
  it("shows orders, refunds, contact messages and sign-ups, with unread marks and mark-all-read", async () => {
    const { db } = await getTestDb();
    await removeSampleReviewers(); // their sign-ups and reviews are events too: only the ones made here
    const actor = await admin({ createdAt: new Date("2026-01-01T00:00:00Z") });
    await markAllNotificationsRead(db, actor.id, new Date("2026-01-02T00:00:00Z"));
    const quiet = await listNotifications(db, actor.id);
    expect(quiet.unread).toBe(0);
    expect(quiet.items.map((i) => [i.title, i.isNew])).toEqual([["Asha Admin signed up", false]]);
    expect(NO_NOTIFICATIONS).toBe("No new notifications.");
    const buyer = await createUser({ name: "Nisha", createdAt: new Date("2026-02-01T00:00:00Z") });
    const [course] = await listAdminProducts(db, { kind: "course", q: "Economics Class 11" });
    const order = await createOrder({
      userId: buyer.id,
      products: [{ id: course!.id, title: course!.title, pricePaise: 100 }],
      status: "refunded",
      paidAt: new Date("2026-02-02T00:00:00Z"),
      refundedAt: new Date("2026-02-03T00:00:00Z"),
    });
    await db
      .insert(schema.contactMessages)
      .values({ name: "Parent", email: "p@example.com", message: "Hi", createdAt: new Date("2026-02-04T00:00:00Z") });
    const list = await listNotifications(db, actor.id);
    expect(list.items.map((i) => i.title)).toEqual([
      "Message from Parent",
      `Order ${order.number} refunded`,
      `New order ${order.number} by Nisha`,
      "Nisha signed up",
      "Asha Admin signed up",
    ]);
    expect(list.unread).toBe(4);
    await markAllNotificationsRead(db, actor.id, new Date("2026-02-03T12:00:00Z"));
    const after = await listNotifications(db, actor.id);
    expect(after.items.map((i) => i.isNew)).toEqual([true, false, false, false, false]);
    expect(after.unread).toBe(1);
  });

  it("finds courses, notes, PYQ, users and orders", async () => {
    const { db } = await getTestDb();
    const u = await createUser({ name: "Accountancy Fan", email: "fan@example.com" });
    const [course] = await listAdminProducts(db, { kind: "course", q: "Accountancy Class 12" });
    const order = await createOrder({
      userId: u.id,
      products: [{ id: course!.id, title: course!.title, pricePaise: 100 }],
      status: "paid",
    });
    const hits = await adminSearch(db, "accountancy");
    const groups = new Set(hits.map((h) => h.group));
    expect(groups).toEqual(new Set(["Courses", "Notes", "PYQ", "Users"]));
    expect((await adminSearch(db, order.number)).map((h) => h.group)).toEqual(["Orders"]);
    expect((await adminSearch(db, "fan@example.com")).map((h) => h.group)).toEqual(["Users", "Orders"]);
    expect(await adminSearch(db, "   ")).toEqual([]);
  });
});

describe("exports", () => {
  it("streams the sales ledger in batches, every order once, with figures in rupees", async () => {
    const { db } = await getTestDb();
    const [course] = await listAdminProducts(db, { kind: "course", q: "Accountancy Class 12" });
    const created: { number: string }[] = [];
    const same = new Date("2026-03-01T10:00:00.000Z");
    for (let i = 0; i < 7; i++) {
      // The probe's names: a formula, and one hidden behind a separator of a `;` locale.
      const u = await createUser({ name: i === 0 ? '=cmd|" "A"' : i === 2 ? ";=1+1" : `Buyer ${i}` });
      created.push(
        await createOrder({
          userId: u.id,
          products: [{ id: course!.id, title: course!.title, pricePaise: 99_999 }],
          status: "fulfilled",
          createdAt: i < 4 ? same : undefined,
        }),
      );
    }
    const bytes = new Uint8Array(await new Response(salesLedgerStream(db, { batchSize: 3 })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: Excel opens it as UTF-8
    const csv = new TextDecoder().decode(bytes);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(LEDGER_HEADER.join(","));
    expect(lines).toHaveLength(8);
    const numbers = lines.slice(1).map((l) => l.split(",")[0]);
    expect(new Set(numbers)).toEqual(new Set(created.map((o) => o.number)));
    // place of supply, subtotal, discount, taxable, CGST, SGST, IGST, GST, total
    expect(lines.find((l) => l.includes(created[1]!.number))).toContain(
      ",27-Maharashtra,999.99,0.00,999.99,0.00,0.00,180.00,180.00,1179.99,",
    );
    // Times are India Standard Time with the zone: 10:00 UTC is 15:30 in India.
    expect(lines.find((l) => l.includes(created[1]!.number))).toContain(",2026-03-01 15:30:00 +05:30,");
    expect(csvField(new Date("2026-11-24T18:56:00Z"))).toBe("2026-11-25 00:26:00 +05:30");
    expect(csv).toContain(`"'=cmd|"" ""A"""`);
    expect(csv).toContain(`,";=1+1",`);
    expect(csvField("a,b")).toBe('"a,b"');
  });

  it("builds the analytics PDF and the quarterly report for a chosen quarter", async () => {
    const { db } = await getTestDb();
    const [course] = await listAdminProducts(db, { kind: "course", q: "Accountancy Class 12" });
    const u = await createUser();
    const v = await createUser();
    await createOrder({
      userId: u.id,
      products: [{ id: course!.id, title: course!.title, pricePaise: 99_999 }],
      status: "fulfilled",
      paidAt: new Date("2025-10-05T05:00:00Z"),
    });
    await createOrder({
      userId: v.id,
      products: [{ id: course!.id, title: course!.title, pricePaise: 99_999 }],
      status: "paid",
      paidAt: new Date("2025-12-20T05:00:00Z"),
    });
    await createOrder({
      userId: v.id,
      products: [{ id: course!.id + 1, title: "Other", pricePaise: 50_000 }],
      status: "paid",
      paidAt: new Date("2026-01-20T05:00:00Z"),
    });
    const q3 = await quarterReport(db, 2025, 3);
    expect(q3.figures.revenuePaise).toBe(2 * 117_999);
    expect(q3.gstPaise).toBe(2 * 18_000);
    expect(q3.byMonth).toEqual([
      { label: "Oct 2025", revenuePaise: 117_999, orders: 1 },
      { label: "Dec 2025", revenuePaise: 117_999, orders: 1 },
    ]);
    expect(q3.topItems).toEqual([{ title: "Accountancy Class 12", sold: 2, revenuePaise: 199_998 }]);
    const pdf = await quarterReportPdf(db, 2025, 3);
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
    expect((await PDFDocument.load(pdf)).getTitle()).toBe("Quarterly report Q3 FY 2025–26 (Oct–Dec 2025)");
    const quarterText = extractPdfText(pdf).replace(/\s+/g, " ");
    expect(quarterText).toContain("Revenue (incl. GST) ₹2,359.98");
    expect(quarterText).toMatch(/Generated \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d [ap]m IST/);
    const analytics = await analyticsPdf(db, new Date("2026-01-24T19:02:00Z"));
    expect((await PDFDocument.load(analytics)).getPageCount()).toBeGreaterThanOrEqual(1);
    // "Generated" in India Standard Time, never a UTC ISO string: 19:02 UTC is 00:32 the next day in India.
    const analyticsText = extractPdfText(analytics).replace(/\s+/g, " ");
    expect(analyticsText).toContain("Generated 25 Jan 2026, 12:32 am IST");
    expect(analyticsText).toContain("₹");
  });
});
