/**
 * The one Drizzle schema for the whole product. Money is always integer paise.
 * Every foreign key and every column a list filters on has an index.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const productKind = pgEnum("product_kind", ["course", "note", "pyq", "test", "bundle"]);
export const productStatus = pgEnum("product_status", ["draft", "published", "archived"]);
export const subject = pgEnum("subject", ["accountancy", "economics", "business_studies", "english"]);
/** An item is for Class 11, Class 12 or both. */
export const classLevel = pgEnum("class_level", ["11", "12", "both"]);
export const userRole = pgEnum("user_role", ["student", "instructor", "guest", "admin"]);
export const orderStatus = pgEnum("order_status", ["pending", "paid", "fulfilled", "failed", "cancelled", "refunded"]);
export const enrolmentSource = pgEnum("enrolment_source", ["purchase", "free", "grant"]);

/* ------------------------------------------------------------------ accounts */
// Column set follows Better Auth's core schema plus its admin plugin, so the
// accounts feature can mount Better Auth's Drizzle adapter on these tables.

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
    isSample: boolean("is_sample").notNull().default(false),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: userRole("role").notNull().default("student"),
    /** The owner: exactly one, never demoted or removed. */
    isPrimary: boolean("is_primary").notNull().default(false),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    /** The buyer's state or union territory by GST state code ("27"): the place of supply of their orders. */
    stateCode: text("state_code"),
    /** Defaults for checkout (issue 30): a business buyer's GSTIN and registered name, and the buyer's address. */
    gstin: text("gstin"),
    legalName: text("legal_name"),
    address: text("address"),
    /** Announcements by email (issue 36): off after the one-click unsubscribe, on again from /account. */
    announcementEmails: boolean("announcement_emails").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("users_role_idx").on(t.role),
    index("users_created_at_idx").on(t.createdAt, t.id),
    // Contains-search of the admin lists (pg_trgm).
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    // Prefix search of the admin lists for queries shaped like an email or a login (LIKE 'q%').
    index("users_email_prefix_idx").using("btree", sql`lower(${t.email}) text_pattern_ops`),
    uniqueIndex("users_one_primary_idx").on(t.isPrimary).where(sql`${t.isPrimary}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Shared rate-limit counters (one store for every app instance). */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/* ------------------------------------------------------------------- catalog */

/** People named on courses (instructors) and notes (authors). May later link to a user. */
export const instructors = pgTable(
  "instructors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
    isSample: boolean("is_sample").notNull().default(false),
    name: text("name").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("instructors_user_id_idx").on(t.userId)],
);

export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
    isSample: boolean("is_sample").notNull().default(false),
    kind: productKind("kind").notNull(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    subject: subject("subject").notNull(),
    classLevel: classLevel("class_level").notNull(),
    status: productStatus("status").notNull().default("draft"),
    pricePaise: integer("price_paise").notNull(),
    /**
     * Offered free on purpose (the editor's "Free" box): publishing needs a price above ₹0 or this
     * (catalog/publishing.server.ts), so nothing goes live at ₹0 by accident. Its price is 0.
     */
    isFree: boolean("is_free").notNull().default(false),
    instructorId: integer("instructor_id")
      .notNull()
      .references(() => instructors.id, { onDelete: "restrict" }),
    image: text("image").notNull(),
    description: text("description").notNull(),
    /** "What you'll learn": the list of topic titles of spec §3. */
    modules: jsonb("modules").$type<string[]>().notNull().default([]),
    /** Storage key of the PDF for notes and PYQ papers (never a public path). */
    fileKey: text("file_key"),
    /** Display order inside the store lists (the spec's "1st to 3rd entries"). */
    position: integer("position").notNull().default(0),
    /**
     * Access period (issue 36): until the end of this day in India ("till the March 2027 board exams"),
     * or `accessMonths` from the purchase; neither is lifetime. At most one is set (lib/access-period.ts).
     */
    accessUntil: date("access_until", { mode: "string" }),
    accessMonths: smallint("access_months"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_listing_idx").on(t.kind, t.status, t.classLevel, t.position),
    index("products_subject_idx").on(t.subject),
    index("products_instructor_id_idx").on(t.instructorId),
    index("products_updated_at_idx").on(t.updatedAt),
    index("products_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    check("products_price_non_negative", sql`${t.pricePaise} >= 0`),
    check("products_access_one_rule", sql`${t.accessUntil} is null or ${t.accessMonths} is null`),
    check("products_access_months_range", sql`${t.accessMonths} is null or ${t.accessMonths} between 1 and 36`),
  ],
);

/**
 * The items of a bundle (issue 36): several products sold together at the bundle's own price (below
 * their sum). A bundle never contains a bundle (catalog/bundles.server.ts refuses it when saving).
 */
export const bundleItems = pgTable(
  "bundle_items",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // No action (checked at the end of the statement): a bundle and its items may go in one delete.
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.productId] }),
    index("bundle_items_product_id_idx").on(t.productId),
    check("bundle_items_not_itself", sql`${t.bundleId} <> ${t.productId}`),
  ],
);

/* ----------------------------------------------------------- cart and orders */

export const cartItems = pgTable(
  "cart_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("cart_items_product_id_idx").on(t.productId)],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Human order number, e.g. CA-000123. */
    number: text("number").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: orderStatus("status").notNull().default("pending"),
    subtotalPaise: integer("subtotal_paise").notNull(),
    discountPaise: integer("discount_paise").notNull().default(0),
    /** cgst + sgst + igst exactly (each the sum of the lines' components). */
    gstPaise: integer("gst_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull().default(0),
    /** SGST, or UTGST when the supplier is in a union territory without a legislature. */
    sgstPaise: integer("sgst_paise").notNull().default(0),
    igstPaise: integer("igst_paise").notNull().default(0),
    /** Snapshot at checkout: the buyer's state (GST state code) and the supplier's state then. */
    placeOfSupply: text("place_of_supply"),
    supplierStateCode: text("supplier_state_code"),
    /**
     * Snapshot at checkout: a registered (B2B) buyer's GSTIN, registered name and address; the address
     * alone for an unregistered buyer's invoice of ₹50,000 or more (GST rule 46(f)); null otherwise.
     */
    buyerGstin: text("buyer_gstin"),
    buyerLegalName: text("buyer_legal_name"),
    buyerAddress: text("buyer_address"),
    totalPaise: integer("total_paise").notNull(),
    couponCode: text("coupon_code"),
    gateway: text("gateway").notNull(),
    gatewayOrderId: text("gateway_order_id").unique(),
    gatewayPaymentId: text("gateway_payment_id"),
    invoiceNumber: text("invoice_number").unique(),
    /**
     * The tax invoice as issued: everything it prints (orders.server.ts StoredTaxDocument), written in
     * the transaction that takes invoice_number and never changed; downloads and emails read it.
     */
    invoiceDocument: jsonb("invoice_document").$type<Record<string, unknown>>(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** The confirmation email (with the invoice) was written; null = still owed to the buyer. */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** Lease of the instance now sending it, so two reconcilers never send it twice at once. */
    confirmationClaimedAt: timestamp("confirmation_claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_id_idx").on(t.userId, t.createdAt),
    index("orders_status_created_at_idx").on(t.status, t.createdAt),
    index("orders_created_at_idx").on(t.createdAt, t.id),
    index("orders_paid_at_idx").on(t.paidAt),
    index("orders_number_trgm_idx").using("gin", sql`${t.number} gin_trgm_ops`),
    // Prefix search for queries shaped like an order number (CA-000123).
    index("orders_number_prefix_idx").using("btree", sql`lower(${t.number}) text_pattern_ops`),
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotalPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.gstPaise} >= 0 and ${t.totalPaise} >= 0`,
    ),
    // A B2B order names its buyer in full, and its GSTIN is registered in the place of supply.
    check(
      "orders_buyer_gstin_complete",
      sql`${t.buyerGstin} is null or (${t.placeOfSupply} is not null and left(${t.buyerGstin}, 2) = ${t.placeOfSupply} and ${t.buyerLegalName} is not null and ${t.buyerAddress} is not null)`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    /** Snapshot of the title and price at purchase time. */
    title: text("title").notNull(),
    pricePaise: integer("price_paise").notNull(),
    /**
     * Snapshot of the line's SAC at purchase time (the settings' code for the product's kind). The
     * default only fills rows written before the column (the migration then sets the settings' code).
     */
    sacCode: text("sac_code").notNull().default("999293"),
    /** Price less this line's share of the coupon discount, and its tax (null on orders placed before the split). */
    taxablePaise: integer("taxable_paise"),
    cgstPaise: integer("cgst_paise"),
    sgstPaise: integer("sgst_paise"),
    igstPaise: integer("igst_paise"),
    /** Refunded on its own or with the rest of the order: its access ended, its credit note issued. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    creditNoteId: uuid("credit_note_id").references((): AnyPgColumn => creditNotes.id, { onDelete: "restrict" }),
    /**
     * A bundle's line (issue 36): the items it supplies, snapshot at checkout (the bundle's items the
     * buyer did not own then). Fulfilment grants them, a refund of the line revokes them, the invoice
     * lists them ("Includes: A; B"). Null on every other line.
     */
    includes: jsonb("includes").$type<{ productId: number; title: string }[]>(),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    uniqueIndex("order_items_order_product_idx").on(t.orderId, t.productId),
  ],
);

export const enrolments = pgTable(
  "enrolments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    source: enrolmentSource("source").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The instant access ends (null: lifetime), set at grant from the product's access period
     * (accounts/access-period.server.ts). Past it the enrolment stays live (the unique index below)
     * but gives no access; a renewal or an admin's extension moves it.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    // One live enrolment per user and product; revoked ones stay as history.
    uniqueIndex("enrolments_active_idx").on(t.userId, t.productId).where(sql`${t.revokedAt} is null`),
    index("enrolments_product_id_idx").on(t.productId),
    index("enrolments_order_id_idx").on(t.orderId),
    index("enrolments_granted_at_idx").on(t.grantedAt),
    index("enrolments_user_id_idx").on(t.userId),
  ],
);

/* ---------------------------------------------------------------------- site */

/** Single-row table of site settings (id is always 1). */
export const settings = pgTable(
  "settings",
  {
    id: smallint("id").primaryKey().default(1),
    siteContactEmail: text("site_contact_email").notNull(),
    defaultAccessLevel: userRole("default_access_level").notNull().default("student"),
    maintenanceMode: boolean("maintenance_mode").notNull().default(false),
    whatsappNumber: text("whatsapp_number").notNull(),
    sellerName: text("seller_name").notNull(),
    sellerAddress: text("seller_address").notNull(),
    sellerGstin: text("seller_gstin").notNull(),
    /** The supplier's state by GST state code: CGST + SGST for buyers there, IGST for the rest. */
    sellerStateCode: text("seller_state_code").notNull().default("08"),
    /** SAC of courses' invoice lines (999293: commercial training and coaching services; gst/sac.ts). */
    sacCode: text("sac_code").notNull().default("999293"),
    /** The authorised signatory printed on invoices and credit notes ("" = none). */
    signatoryName: text("signatory_name").notNull().default(""),
    /** Storage key of the signature image (signatures/<sha256>.png|jpg): content-addressed, never overwritten. */
    signatureImageKey: text("signature_image_key"),
    /** SAC of notes' and PYQ papers' invoice lines. */
    sacCodeNotes: text("sac_code_notes").notNull().default("999293"),
    /** SAC of practice tests' invoice lines. */
    sacCodeTests: text("sac_code_tests").notNull().default("999293"),
    updatedAt: updatedAt(),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`)],
);

export const banners = pgTable("banners", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
  isSample: boolean("is_sample").notNull().default(false),
  name: text("name").notNull(),
  image: text("image").notNull(),
  position: integer("position").notNull().default(0),
});

export const testimonials = pgTable("testimonials", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
  isSample: boolean("is_sample").notNull().default(false),
  quote: text("quote").notNull(),
  name: text("name").notNull(),
  /** A label such as a class or a student description. */
  university: text("university").notNull(),
  avatar: text("avatar").notNull(),
  position: integer("position").notNull().default(0),
});

export const toppers = pgTable(
  "toppers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
    isSample: boolean("is_sample").notNull().default(false),
    subject: subject("subject").notNull(),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull(),
    /** The score as text, e.g. "100". Shown with "Out of 100". */
    rank: text("rank").notNull(),
    badge: text("badge"),
    badgeColor: text("badge_color"),
    borderColor: text("border_color"),
    courseDescription: text("course_description"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("toppers_subject_idx").on(t.subject, t.position)],
);

export const subjectServices = pgTable(
  "subject_services",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
    isSample: boolean("is_sample").notNull().default(false),
    subject: subject("subject").notNull(),
    classLevel: classLevel("class_level").notNull(),
    name: text("name").notNull(),
    instructor: text("instructor").notNull(),
    image: text("image").notNull(),
    services: jsonb("services").$type<string[]>().notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("subject_services_subject_idx").on(t.subject, t.classLevel)],
);

export const courseHighlights = pgTable("course_highlights", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
  isSample: boolean("is_sample").notNull().default(false),
  title: text("title").notNull(),
  subject: text("subject").notNull(),
  instructor: text("instructor").notNull(),
  image: text("image").notNull(),
  services: jsonb("services").$type<string[]>().notNull(),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** File names of the attachments (the files themselves are not kept). */
    attachments: jsonb("attachments").$type<string[]>().notNull().default([]),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created_at_idx").on(t.createdAt)],
);

/** Audit log of admin and store events; feeds "recent activity" and notifications. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** e.g. "Refund", "Course Update", "Order", "Sign-up", "Contact". */
    type: text("type").notNull(),
    description: text("description").notNull(),
    /** Pending, Success, Complete or New (spec §4). */
    status: text("status").notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_actor_id_idx").on(t.actorId),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    // The admin notifications list payment alerts (PAYMENT_ALERT, audit.server.ts) newest first: bounded by this index.
    index("audit_log_payment_alert_idx").on(t.createdAt).where(sql`${t.type} = 'Payment alert'`),
  ],
);

/** Key/value facts about this install (e.g. which seed version ran). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** Per-admin read mark of the notifications dropdown: events after `readThrough` are unread. */
export const adminNotificationReads = pgTable("admin_notification_reads", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  readThrough: timestamp("read_through", { withTimezone: true }).notNull(),
});

/* ---------------------------------------------------- checkout and payments */
// Added by the checkout issue: coupons, per-financial-year invoice counters and
// the log of payment gateway events (webhooks, redirects).

export const couponKind = pgEnum("coupon_kind", ["percent", "fixed"]);

export const coupons = pgTable(
  "coupons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case; customers may type it in any case. */
    code: text("code").notNull().unique(),
    kind: couponKind("kind").notNull(),
    /** Percent (1–100) for "percent", paise for "fixed". */
    value: integer("value").notNull(),
    /** Only for this kind of item (null = any item). */
    productKind: productKind("product_kind"),
    /** The cart's eligible subtotal must reach this amount. */
    minSubtotalPaise: integer("min_subtotal_paise").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** null = unlimited. */
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("coupons_value_positive", sql`${t.value} > 0`),
    check("coupons_percent_range", sql`${t.kind} <> 'percent' or ${t.value} <= 100`),
    check("coupons_uses_within_max", sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
    check("coupons_used_non_negative", sql`${t.usedCount} >= 0`),
  ],
);

/** One row per order that uses a coupon; a user redeems a coupon once. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId)],
);

/** Last invoice number issued in each Indian financial year ("2026-27"). */
export const invoiceCounters = pgTable("invoice_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/** Credit notes: one per refunded order, reversing its invoice (numbers CN/26-27/000001, no gaps per FY). */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    /** An order has one per refund: a partial refund credits some lines, a later one the rest. */
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The invoice it reverses (snapshot of the order's number). */
    invoiceNumber: text("invoice_number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    /** The credit note as issued (like orders.invoice_document), written with its number, never changed. */
    document: jsonb("document").$type<Record<string, unknown>>(),
    /** The gateway's id of the refund it records (a redelivered refund webhook is recognised by it). */
    gatewayRefundId: text("gateway_refund_id").unique(),
    /** The credit note email was written; null = still owed to the buyer. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
  },
  (t) => [
    index("credit_notes_issued_at_idx").on(t.issuedAt),
    index("credit_notes_order_id_idx").on(t.orderId, t.issuedAt),
  ],
);

/** Last credit-note number issued in each Indian financial year ("2026-27"). */
export const creditNoteCounters = pgTable("credit_note_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/** Every gateway event we received (webhook or redirect), for audit and replay. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gateway: text("gateway").notNull(),
    /** The gateway's own event id (Razorpay's X-Razorpay-Event-Id), unique when present. */
    eventId: text("event_id").unique(),
    type: text("type").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("payment_events_order_id_idx").on(t.orderId), index("payment_events_created_at_idx").on(t.createdAt)],
);

/** Order numbers CA-000001, CA-000002… (gaps are fine; invoice numbers have none). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1 });

/* ------------------------------------------------------------------ learning */

/** A course's player outline: modules in order, each with its lessons. */
export const courseModules = pgTable(
  "course_modules",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("course_modules_product_idx").on(t.productId, t.position)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    /** The course, kept beside the module so progress counts need no join. */
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    /**
     * A video lesson's normalised embed URL: https://www.youtube-nocookie.com/embed/ID or
     * https://player.vimeo.com/video/ID. Null for a lesson of type test, and for a video lesson that
     * plays only its uploaded video (lesson_videos; issue 32).
     */
    videoUrl: text("video_url"),
    /** A lesson of type test (issue 23): the practice test it opens. At most one of video_url and this is set. */
    testProductId: integer("test_product_id").references((): AnyPgColumn => practiceTests.productId, {
      onDelete: "restrict",
    }),
    durationSeconds: integer("duration_seconds"),
    /**
     * A free preview lesson (issue 36): anyone, signed in or not, may watch it from the course page
     * (/courses/:id/preview/:lessonId) while the course is published; its video key is handed to them
     * (features/video/playback.server.ts watchableVideo).
     */
    isPreview: boolean("is_preview").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lessons_module_idx").on(t.moduleId, t.position),
    index("lessons_product_idx").on(t.productId),
    index("lessons_test_idx").on(t.testProductId),
    // The tests a user's courses include (learning/access.server.ts ownedProductsSql).
    index("lessons_test_course_idx").on(t.productId).where(sql`${t.testProductId} is not null`),
    // A lesson is a video (an embed link, an uploaded video, or both) or a test, never both.
    check("lessons_link_not_test", sql`${t.videoUrl} is null or ${t.testProductId} is null`),
    check(
      "lessons_video_url_embed",
      sql`${t.videoUrl} ~ '^https://(www\\.youtube-nocookie\\.com/embed/|player\\.vimeo\\.com/video/)'`,
    ),
  ],
);

/**
 * A lesson's own hosted video (issue 21): the uploaded original, its HLS renditions in file storage
 * under `hls_prefix`, and the AES-128 key of its segments, which lives only here and is served by
 * the key endpoint to owners. When `status` is `ready` the player plays it instead of `video_url`.
 */
export const lessonVideos = pgTable(
  "lesson_videos",
  {
    lessonId: integer("lesson_id")
      .primaryKey()
      .references(() => lessons.id, { onDelete: "cascade" }),
    /** uploading → queued → processing → ready | failed */
    status: text("status").notNull().default("uploading"),
    /** Transcoding progress, 0–100. */
    progress: smallint("progress").notNull().default(0),
    error: text("error"),
    /** The uploaded original in file storage, and its size. */
    sourceKey: text("source_key"),
    sourceBytes: bigint("source_bytes", { mode: "number" }),
    sourceName: text("source_name"),
    /** Storage prefix of the current renditions (a new one per transcode). */
    hlsPrefix: text("hls_prefix"),
    /** The AES-128 key of the segments, 32 hex characters. */
    keyHex: text("key_hex"),
    /** [{ name: "360p", width, height, bandwidth }] of the ready renditions. */
    renditions: jsonb("renditions").$type<{ name: string; width: number; height: number; bandwidth: number }[]>(),
    durationSeconds: integer("duration_seconds"),
    posterKey: text("poster_key"),
    /** WebVTT captions of the video in file storage (the sample lecture has them; issue 32). */
    captionsKey: text("captions_key"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * The chunk upload (PUT) appending to the file now, and when it last said it was alive: the
     * claim that makes "check the offset, append" one step, so a second writer gets a 409.
     */
    uploadWriter: text("upload_writer"),
    uploadClaimedAt: timestamp("upload_claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("lesson_videos_status", sql`${t.status} in ('uploading', 'queued', 'processing', 'ready', 'failed')`),
    check("lesson_videos_progress", sql`${t.progress} between 0 and 100`),
  ],
);

/** Where a student stopped in a hosted video, kept per user so any device resumes there. */
export const videoPositions = pgTable(
  "video_positions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    positionSeconds: integer("position_seconds").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index("video_positions_lesson_idx").on(t.lessonId)],
);

/** One row per lesson a user has completed. */
export const lessonCompletions = pgTable(
  "lesson_completions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index("lesson_completions_user_product_idx").on(t.userId, t.productId),
    index("lesson_completions_lesson_idx").on(t.lessonId),
    index("lesson_completions_product_idx").on(t.productId),
  ],
);

/** Where a user left each course: the player resumes at this lesson. */
export const courseProgress = pgTable(
  "course_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    lastLessonId: integer("last_lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("course_progress_product_idx").on(t.productId),
    index("course_progress_last_lesson_idx").on(t.lastLessonId),
  ],
);

/* ------------------------------------------------------------------- rollups */
// Pre-aggregated figures for the admin screens, kept exact by triggers in the same
// transaction as every change to orders, enrolments and users (drizzle/*_scale_rollups.sql,
// which also backfills them). Read by app/features/analytics/rollups.server.ts; never written by app code.

/** One figure per IST calendar day: sales, revenue, enrolments, new users per role, free learners, conversions. */
export const statsDaily = pgTable(
  "stats_daily",
  {
    metric: text("metric").notNull(),
    /** The day in India Standard Time. */
    day: date("day", { mode: "string" }).notNull(),
    value: bigint("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day] })],
);

/** Running totals that have no date: live enrolments, learners with at least one live enrolment. */
export const statsTotals = pgTable("stats_totals", {
  metric: text("metric").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull().default(0),
});

/** Live enrolments per item (the dashboard's top courses). */
export const productStats = pgTable("product_stats", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  liveEnrolments: integer("live_enrolments").notNull().default(0),
});

/** Per learner: first free item, first paid order, live enrolments (free→paid conversion). */
export const learnerStats = pgTable(
  "learner_stats",
  {
    userId: text("user_id").primaryKey(),
    firstFreeAt: timestamp("first_free_at", { withTimezone: true }),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
    liveEnrolments: integer("live_enrolments").notNull().default(0),
  },
  (t) => [index("learner_stats_first_free_idx").on(t.firstFreeAt)],
);

/* ------------------------------------------------------------------- reviews */
// Ratings come from the reviews of students who own the item (issue 22). The figures per item
// (product_ratings) are kept exact by row triggers in the same transaction as every write to
// reviews, and the reviews' `owner_active` follows the author's enrolments (a refund revokes it):
// see the hand-written part of drizzle/*_reviews.sql. App code never writes product_ratings.

export const reviewStatus = pgEnum("review_status", ["visible", "hidden"]);

export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 to 5 stars. */
    rating: smallint("rating").notNull(),
    title: text("title"),
    body: text("body"),
    /** The reviewer's class as they gave it ("11" or "12"), shown beside their name. */
    reviewerClass: text("reviewer_class"),
    status: reviewStatus("status").notNull().default("visible"),
    /** Why an admin hid it (shown to its author). */
    hiddenReason: text("hidden_reason"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** False while the author holds no live enrolment of the item (refunded): not shown, not counted. */
    ownerActive: boolean("owner_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_user_product_idx").on(t.userId, t.productId),
    index("reviews_product_created_idx").on(t.productId, t.createdAt, t.id),
    index("reviews_created_at_idx").on(t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    // The form's limits (features/reviews/schema.ts), held by the database too.
    check("reviews_title_length", sql`char_length(${t.title}) <= 100`),
    check("reviews_body_length", sql`char_length(${t.body}) <= 2000`),
    check("reviews_reviewer_class", sql`${t.reviewerClass} in ('11', '12')`),
  ],
);

/** A student's report of a review (once per student and review); reported reviews are flagged to admins. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index("review_reports_user_idx").on(t.userId),
    // The admin notifications list reports newest first: bounded by this index.
    index("review_reports_created_at_idx").on(t.createdAt),
  ],
);

/** Per item: the count and sum of the counted reviews (visible, author still owns it) and the 5-to-1 breakdown. */
export const productRatings = pgTable("product_ratings", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  reviewCount: integer("review_count").notNull().default(0),
  ratingSum: integer("rating_sum").notNull().default(0),
  stars1: integer("stars_1").notNull().default(0),
  stars2: integer("stars_2").notNull().default(0),
  stars3: integer("stars_3").notNull().default(0),
  stars4: integer("stars_4").notNull().default(0),
  stars5: integer("stars_5").notNull().default(0),
});

/* ----------------------------------------------------------- practice tests */
// Issue 23: a question bank per class, subject and chapter; tests sold as products of kind "test";
// students' attempts with their answers saved on the server. See app/features/practice/.

export const questionType = pgEnum("question_type", [
  "mcq",
  "assertion_reason",
  "case_based",
  "short_answer",
  "long_answer",
  "numeric",
  "journal",
]);
export const questionDifficulty = pgEnum("question_difficulty", ["easy", "medium", "hard"]);

/** The chapters of the syllabus, per class (11 or 12) and subject, editable by admins. */
export const practiceChapters = pgTable(
  "practice_chapters",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subject: subject("subject").notNull(),
    classLevel: classLevel("class_level").notNull(),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("practice_chapters_title_idx").on(t.subject, t.classLevel, t.title),
    check("practice_chapters_class", sql`${t.classLevel} in ('11', '12')`),
  ],
);

/**
 * One question. A case-based set is a row of type case_based (its prompt is the passage) whose
 * sub-questions are rows with parent_id set; a test lists only top-level rows. Objective questions
 * (mcq, assertion_reason) have options and the index of the correct one; written ones a model answer
 * and marking points, marked by the student against them.
 */
export const practiceQuestions = pgTable(
  "practice_questions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Sample content from the seed (issue 32): marked in the admin and removed by "Remove sample content". */
    isSample: boolean("is_sample").notNull().default(false),
    chapterId: integer("chapter_id")
      .notNull()
      .references(() => practiceChapters.id, { onDelete: "restrict" }),
    parentId: integer("parent_id").references((): AnyPgColumn => practiceQuestions.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    type: questionType("type").notNull(),
    prompt: text("prompt").notNull(),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    correctOption: smallint("correct_option"),
    modelAnswer: text("model_answer"),
    markingPoints: jsonb("marking_points").$type<string[]>().notNull().default([]),
    /** Numeric questions (issue 35): the expected number (₹ amount, ratio) and how far off still counts. */
    answerNumber: doublePrecision("answer_number"),
    answerTolerance: doublePrecision("answer_tolerance").notNull().default(0),
    /** Written answers: the word limit printed with the question ("50–75 words"); null = none. */
    minWords: smallint("min_words"),
    maxWords: smallint("max_words"),
    /** Journal entries (issue 35): the expected lines, marked line by line (features/practice/journal.ts). */
    journalLines: jsonb("journal_lines").$type<JournalLine[]>().notNull().default([]),
    marks: smallint("marks").notNull(),
    difficulty: questionDifficulty("difficulty").notNull().default("medium"),
    explanation: text("explanation").notNull().default(""),
    source: text("source").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("practice_questions_chapter_idx").on(t.chapterId, t.type, t.difficulty),
    index("practice_questions_parent_idx").on(t.parentId),
    // The question bank's pages, newest first (keyset on created_at, id).
    index("practice_questions_created_idx").on(t.createdAt, t.id),
    check("practice_questions_marks", sql`${t.marks} between 0 and 20`),
    check(
      "practice_questions_numeric",
      sql`${t.answerTolerance} >= 0 and (${t.type}::text <> 'numeric' or ${t.answerNumber} is not null)`,
    ),
    check(
      "practice_questions_journal",
      sql`${t.type}::text <> 'journal' or jsonb_array_length(${t.journalLines}) >= 2`,
    ),
    check(
      "practice_questions_words",
      sql`(${t.minWords} is null or ${t.minWords} > 0) and (${t.maxWords} is null or ${t.maxWords} >= coalesce(${t.minWords}, 1))`,
    ),
  ],
);

/** The settings of a product of kind "test": its paper (chosen questions or rules), time and marking. */
export const practiceTests = pgTable(
  "practice_tests",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    timeLimitMinutes: integer("time_limit_minutes").notNull().default(60),
    /** Marks taken off for a wrong objective answer, as a percentage of its marks (25 = a quarter). */
    negativePercent: smallint("negative_percent").notNull().default(0),
    /** Rules instead of chosen questions: dealt afresh for each attempt. */
    rules: jsonb("rules").$type<PracticeRule[]>().notNull().default([]),
    instructions: text("instructions").notNull().default(""),
    /** A board paper's sections, part options and internal choices over the chosen questions (issue 35); null: a plain list. */
    layout: jsonb("layout").$type<PaperLayout>(),
    /** The board pattern a paper follows and its year, shown on its detail page ("CBSE … 2025–26: 80 marks, 3 hours"); null: none. */
    pattern: text("pattern"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("practice_tests_time", sql`${t.timeLimitMinutes} between 1 and 600`),
    check("practice_tests_negative", sql`${t.negativePercent} between 0 and 100`),
  ],
);

/** See app/features/practice/journal.ts. */
export interface JournalLine {
  side: "dr" | "cr";
  accounts: string[];
  amount: number;
}

/** See app/features/practice/layout.ts. */
export interface PaperSection {
  title: string;
  instructions: string;
  group: string | null;
  items: number[][];
}
export interface PaperLayout {
  sections: PaperSection[];
}

export interface PracticeRule {
  chapterId: number | null;
  type: "mcq" | "assertion_reason" | "case_based" | "short_answer" | "long_answer" | "numeric" | "journal" | null;
  difficulty: "easy" | "medium" | "hard" | null;
  count: number;
}

/** The chosen questions of a test, in order. */
export const practiceTestQuestions = pgTable(
  "practice_test_questions",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => practiceTests.productId, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => practiceQuestions.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.questionId] }),
    index("practice_test_questions_q_idx").on(t.questionId),
  ],
);

/**
 * One sitting of a test by a student. The paper dealt (top-level question ids) is kept, the deadline
 * is fixed by the server at the start; once submitted (by the student or at the deadline) nothing
 * changes but the self-marks of written answers.
 */
export const practiceAttempts = pgTable(
  "practice_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    questionIds: jsonb("question_ids").$type<number[]>().notNull(),
    /** Set when the attempt practises one chapter of the test ("Practise again"), not the whole paper. */
    chapterId: integer("chapter_id").references(() => practiceChapters.id, { onDelete: "restrict" }),
    /** The test's layout when this paper was dealt (sections and choices); null for a plain paper. */
    layout: jsonb("layout").$type<PaperLayout>(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    autoSubmitted: boolean("auto_submitted").notNull().default(false),
    /** Objective score in hundredths of a mark (negative marking makes quarters), set at submission. */
    scoreCenti: integer("score_centi"),
    maxMarks: integer("max_marks").notNull(),
  },
  (t) => [
    index("practice_attempts_user_idx").on(t.userId, t.startedAt),
    index("practice_attempts_product_idx").on(t.productId, t.submittedAt),
    // One open attempt per student, test and kind (the whole paper, or one chapter's practice).
    uniqueIndex("practice_attempts_one_open_idx")
      .on(t.userId, t.productId, sql`coalesce(${t.chapterId}, 0)`)
      .where(sql`${t.submittedAt} is null`),
  ],
);

/** A student's answer to one answerable question of an attempt (a sub-question of a case set included). */
export const practiceAnswers = pgTable(
  "practice_answers",
  {
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => practiceAttempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => practiceQuestions.id, { onDelete: "restrict" }),
    choice: smallint("choice"),
    text: text("text"),
    markedForReview: boolean("marked_for_review").notNull().default(false),
    /** Objective: marks earned ×100 at submission. Written: the student's self-marks ×100. */
    awardedCenti: integer("awarded_centi"),
    correct: boolean("correct"),
    /** False when the student answered the other side of a choice (issue 35): shown, not scored. */
    counted: boolean("counted").notNull().default(true),
    /**
     * The teacher's marking of a written answer (issue 35): awarded_centi then holds the teacher's marks,
     * which replace the student's self-marks in the score and the chapter report.
     */
    markedBy: text("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp("marked_at", { withTimezone: true }),
    teacherComment: text("teacher_comment"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index("practice_answers_question_idx").on(t.questionId),
    // The teacher's marking queue: written answers not marked yet.
    index("practice_answers_unmarked_idx").on(t.attemptId).where(sql`${t.markedAt} is null and ${t.text} is not null`),
  ],
);

/**
 * Photos or a PDF of a handwritten written answer (issue 35), uploaded while the attempt is open and
 * shown to the teacher who marks it. Stored privately (`answers/<uuid>.<ext>`), served only to the
 * attempt's student and admins.
 */
export const practiceAnswerFiles = pgTable(
  "practice_answer_files",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => practiceAttempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => practiceQuestions.id, { onDelete: "restrict" }),
    fileKey: text("file_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("practice_answer_files_answer_idx").on(t.attemptId, t.questionId)],
);

/* ------------------------------------------------------------------ announcements (issue 36) */

/**
 * A short message from the owner to the students of one course, of a class (11 or 12: a live
 * enrolment in a product of that class or of both) or to every student account. My Courses shows
 * it to whoever is in its audience now; the email goes once, to the subscribed students of the
 * audience when it was sent (announcement_emails).
 */
export const announcements = pgTable(
  "announcements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** "course", "class" or "everyone". */
    audience: text("audience").notNull(),
    /** The course of a "course" announcement (removing the course removes its announcements). */
    productId: integer("product_id").references(() => products.id, { onDelete: "cascade" }),
    /** "11" or "12" for a "class" announcement. */
    classLevel: text("class_level"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Students in the audience when it was sent. */
    recipientsCount: integer("recipients_count").notNull().default(0),
    /** Of those, the ones subscribed to announcement emails: one email each. */
    sentCount: integer("sent_count").notNull().default(0),
  },
  (t) => [
    index("announcements_created_at_idx").on(t.createdAt),
    index("announcements_product_id_idx").on(t.productId),
    index("announcements_created_by_idx").on(t.createdBy),
    check(
      "announcements_audience",
      sql`(${t.audience} = 'course' and ${t.productId} is not null and ${t.classLevel} is null)
        or (${t.audience} = 'class' and ${t.classLevel} in ('11', '12') and ${t.productId} is null)
        or (${t.audience} = 'everyone' and ${t.productId} is null and ${t.classLevel} is null)`,
    ),
  ],
);

/**
 * The emails an announcement owes: one row per subscribed recipient, written with the announcement
 * and sent by the queue's announcement job (features/marketing/announcements.server.ts), which records
 * the outbox row it wrote (or that it skipped a student who unsubscribed meanwhile) in done_at.
 */
export const announcementEmails = pgTable(
  "announcement_emails",
  {
    announcementId: integer("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Taken by a job run (a lease: a run that died is taken over after 10 minutes). */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    outboxId: integer("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index("announcement_emails_user_id_idx").on(t.userId),
    index("announcement_emails_outbox_id_idx").on(t.outboxId),
    index("announcement_emails_pending_idx").on(t.announcementId).where(sql`${t.doneAt} is null`),
  ],
);

/* ------------------------------------------------------------------ doubts (issue 36) */

export const doubtStatus = pgEnum("doubt_status", ["open", "answered"]);

/**
 * A student's question under a lesson of a course they own, or under a practice question of a test
 * they took (product_id is then the test). Admins answer and hide (features/doubts). The course's
 * other students see answered, non-hidden doubts with the asker's first name only.
 */
export const doubts = pgTable(
  "doubts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "cascade" }),
    practiceQuestionId: integer("practice_question_id").references(() => practiceQuestions.id, {
      onDelete: "cascade",
    }),
    body: text("body").notNull(),
    /** The optional photo: a private storage key (`doubts/<uuid>.<ext>`), served only by /doubts/:id/photo. */
    photoKey: text("photo_key"),
    status: doubtStatus("status").notNull().default("open"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    answer: text("answer"),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The admin queue: unanswered first, oldest first.
    index("doubts_status_created_idx").on(t.status, t.createdAt),
    index("doubts_lesson_idx").on(t.lessonId, t.createdAt),
    index("doubts_question_idx").on(t.practiceQuestionId, t.createdAt),
    index("doubts_product_idx").on(t.productId, t.createdAt),
    // The daily limit counts a student's doubts since midnight IST.
    index("doubts_user_created_idx").on(t.userId, t.createdAt),
    index("doubts_answered_by_idx").on(t.answeredBy),
    // The search under a lesson: contains-search of the words in the doubt and its answer (pg_trgm).
    index("doubts_body_trgm_idx").using("gin", sql`${t.body} gin_trgm_ops`),
    index("doubts_answer_trgm_idx").using("gin", sql`${t.answer} gin_trgm_ops`),
    check("doubts_one_place", sql`(${t.lessonId} is null) <> (${t.practiceQuestionId} is null)`),
    check("doubts_body_length", sql`char_length(${t.body}) between 10 and 2000`),
    check("doubts_answer_length", sql`char_length(${t.answer}) <= 4000`),
    check(
      "doubts_answered",
      sql`(${t.status} = 'open' and ${t.answer} is null) or (${t.status} = 'answered' and ${t.answer} is not null and ${t.answeredAt} is not null)`,
    ),
  ],
);
