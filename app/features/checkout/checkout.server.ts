/**
 * Checkout: the signed-in user's server cart priced from the database (client
 * prices are never read), coupons, and order creation. Paying and fulfilment
 * live in app/features/orders/fulfilment.server.ts.
 */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/client.server";
import { cartItems, orderItems, orders, products, settings, users } from "~/db/schema";
import { duplicateInCart, priceBundleLines } from "~/features/catalog/bundles.server";
import { BUYER_MESSAGES, type BuyerDetails, buyerDetailsProblems, needsB2cAddress } from "~/features/gst/buyer";
import { sacForKind } from "~/features/gst/sac";
import { assertLivePaymentsAllowed } from "~/features/gst/setup.server";
import { stateByCode } from "~/features/gst/states";
import { isOwned, ownedProductIds, ownedProductsSql } from "~/features/learning/access.server";
import { releaseCoupon } from "~/features/orders/coupon-uses.server";
import { confirmPayment } from "~/features/orders/fulfilment.server";
import { getSettings } from "~/features/settings/settings.server";
import { HttpError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { formatPaise } from "~/lib/money";
import { recordEvent } from "~/platform/audit/audit.server";
import { getPaymentGateway } from "~/platform/gateway/gateway.server";
import { type Coupon, couponRefusal, findCoupon, findRedemption, redeemCoupon } from "./coupons.server";
import {
  type CouponProblem,
  computeTotals,
  couponDiscount,
  couponMessage,
  couponProblem,
  droppedCouponMessage,
  normaliseCouponCode,
  type PricedLine,
  type ProductKind,
  type Supply,
  type Totals,
  type TotalsByPlace,
  totalsByPlace,
  totalsFor,
} from "./pricing";

export const CHOOSE_STATE = "Choose your state or union territory: it decides how GST is charged.";

/**
 * The buyer's saved state (null: not asked yet) and business details (the checkout's defaults, kept on
 * the account), and the supplier's state from the settings.
 */
export async function supplyFor(db: DbOrTx, userId: string, stateCode?: string | null) {
  const [row] = await db
    .select({
      stateCode: users.stateCode,
      gstin: users.gstin,
      legalName: users.legalName,
      address: users.address,
      supplierStateCode: settings.sellerStateCode,
    })
    .from(users)
    .leftJoin(settings, eq(settings.id, 1))
    .where(eq(users.id, userId));
  const supplierStateCode = row?.supplierStateCode ?? "08";
  const placeOfSupply = stateCode ?? row?.stateCode ?? null;
  return {
    savedStateCode: row?.stateCode ?? null,
    savedBuyer: {
      gstin: row?.gstin ?? undefined,
      legalName: row?.legalName ?? undefined,
      address: row?.address ?? undefined,
    } satisfies BuyerDetails,
    supplierStateCode,
    supply: placeOfSupply ? ({ supplierStateCode, placeOfSupply } satisfies Supply) : null,
  };
}

/**
 * The buyer on the order: a GSTIN with its registered name and address (B2B), or for an unregistered
 * buyer the address alone when the invoice is of ₹50,000 or more (rule 46(f)). Refuses what
 * buyerDetailsProblems finds, and a missing address, with a 400 on the field.
 */
function orderBuyer(details: BuyerDetails, placeOfSupply: string, totalPaise: number) {
  const [problem] = Object.entries(buyerDetailsProblems(details, placeOfSupply));
  if (problem) throw new HttpError(400, problem[1], { field: problem[0] });
  if (details.gstin) {
    return { buyerGstin: details.gstin, buyerLegalName: details.legalName!, buyerAddress: details.address! };
  }
  if (!needsB2cAddress(totalPaise)) return { buyerGstin: null, buyerLegalName: null, buyerAddress: null };
  if (!details.address) throw new HttpError(400, BUYER_MESSAGES.address, { field: "address" });
  return { buyerGstin: null, buyerLegalName: null, buyerAddress: details.address };
}

export interface CartContents {
  /** Items that will be bought. */
  lines: PricedLine[];
  /** Items in the cart the user already owns: not sold again. */
  owned: PricedLine[];
  /** Items no longer on sale (draft or archived). */
  unavailable: PricedLine[];
  /** An item that is also part of a bundle in the cart: why checkout refuses (catalog/bundles.server.ts). */
  duplicate?: string;
}

/** The user's server cart, split into what can be bought, what is owned and what is off sale. */
/** A product as a line of the cart and of an order (a PricedLine). */
const lineColumns = {
  productId: products.id,
  title: products.title,
  kind: products.kind,
  image: products.image,
  pricePaise: products.pricePaise,
};

export async function readCart(db: DbOrTx, userId: string): Promise<CartContents> {
  const rows = await db
    .select({
      ...lineColumns,
      status: products.status,
      owned: sql<boolean>`${products.id} in ${ownedProductsSql(userId)}`.mapWith(Boolean),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(products.id));
  // A bundle's line is priced for this buyer (catalog/bundles.ts): less what they own of it; one they
  // own entirely is with the owned lines, not sold.
  const priced = await priceBundleLines(db, rows, (ids) => ownedProductIds(db, userId, ids));
  const contents: CartContents = { lines: [], owned: [], unavailable: [] };
  for (const { status, owned, bundle, ...line } of priced) {
    const withIncludes = bundle ? { ...line, includes: bundle.includes } : line;
    if (owned || bundle?.offer.allOwned) contents.owned.push(withIncludes);
    else if (status !== "published") contents.unavailable.push(withIncludes);
    else contents.lines.push(withIncludes);
  }
  const duplicate = duplicateInCart(priced.filter((l) => !l.owned && l.status === "published"));
  return duplicate ? { ...contents, duplicate } : contents;
}

export interface CheckoutSummary extends CartContents {
  /**
   * What the order will charge a buyer in their saved state; null while their state is not known
   * (and the cart costs something): the tax depends on it.
   */
  totals: Totals | null;
  /** The totals in the supplier's state and in any other, as charged: the page shows the chosen state's. */
  byPlace: TotalsByPlace;
  /** The buyer's saved state (GST state code), null until asked; and the supplier's. */
  stateCode: string | null;
  supplierStateCode: string;
  /** The buyer's saved business details, to fill the form. */
  buyer: BuyerDetails;
  /** An unregistered buyer's address is asked: the invoice will be of ₹50,000 or more. */
  asksAddress: boolean;
  coupon: { code: string; discountPaise: number } | null;
  /** Why the coupon the buyer typed does not apply (shown on the coupon field). */
  couponError: string | null;
  /** The coupon kept from the last unpaid checkout no longer applies: why, and that it was dropped. */
  couponNotice: string | null;
}

/** How long the coupon of an unpaid checkout (a failed or abandoned payment) is offered again. */
export const KEEP_COUPON_MS = 24 * 60 * 60 * 1000;

/**
 * The coupon of the user's last checkout, when that checkout was not paid (the payment failed, was
 * abandoned, or expired) and was placed within KEEP_COUPON_MS; null otherwise. A later paid order,
 * or a checkout placed without a coupon, ends it.
 */
export async function lastUnpaidCoupon(db: DbOrTx, userId: string, now = new Date()): Promise<string | null> {
  const [last] = await db
    .select({ status: orders.status, couponCode: orders.couponCode })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, new Date(now.getTime() - KEEP_COUPON_MS))))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(1);
  if (!last || !["pending", "failed", "cancelled"].includes(last.status)) return null;
  return last.couponCode;
}

/**
 * What /checkout shows: the server's prices, with the coupon applied when it can be. `couponInput`
 * is the code the buyer typed (null or empty: none). With `keepLastCoupon` and no code typed, the
 * coupon of the last unpaid checkout (lastUnpaidCoupon) is applied again when it still applies under
 * the normal rules; when it no longer does, `couponNotice` says why and nothing is applied.
 */
export async function getCheckoutSummary(
  db: DbOrTx,
  userId: string,
  couponInput?: string | null,
  { keepLastCoupon = false }: { keepLastCoupon?: boolean } = {},
): Promise<CheckoutSummary> {
  const cart = await readCart(db, userId);
  const { savedStateCode, savedBuyer, supplierStateCode } = await supplyFor(db, userId);
  const priced = (discountPaise: number, discountKind: ProductKind | null) => {
    const byPlace = totalsByPlace(cart.lines, discountPaise, { discountKind, supplierStateCode });
    const totals = totalsFor(byPlace, savedStateCode);
    // Before the state is known the address is asked if either way of taxing reaches the threshold.
    const invoicePaise = totals?.totalPaise ?? Math.max(byPlace.intraState.totalPaise, byPlace.interState.totalPaise);
    return { byPlace, totals, asksAddress: needsB2cAddress(invoicePaise) };
  };
  const none = {
    ...cart,
    ...priced(0, null),
    stateCode: savedStateCode,
    supplierStateCode,
    buyer: savedBuyer,
    coupon: null,
    couponError: null,
    couponNotice: null,
  };
  let code = couponInput ? normaliseCouponCode(couponInput) : "";
  const kept = !code && keepLastCoupon && cart.lines.length > 0;
  if (kept) code = (await lastUnpaidCoupon(db, userId)) ?? "";
  if (!code) return none;
  const verdict = await checkCoupon(db, userId, code, cart.lines);
  if (verdict.problem) {
    const { problem, coupon } = verdict;
    return kept
      ? { ...none, couponNotice: droppedCouponMessage(problem, code, coupon) }
      : { ...none, couponError: couponMessage(problem, code, coupon) };
  }
  const discountPaise = couponDiscount(verdict.coupon, cart.lines);
  return { ...none, ...priced(discountPaise, verdict.coupon.productKind), coupon: { code, discountPaise } };
}

/**
 * The coupon rules for this user and cart. The use held by the user's own pending order does not
 * count (against the user's one use, nor against the coupon's uses left): placing the next order
 * cancels that one and gives its use back first.
 */
async function checkCoupon(
  db: DbOrTx,
  userId: string,
  code: string,
  lines: PricedLine[],
): Promise<{ coupon: Coupon; problem: null } | { coupon: Coupon | undefined; problem: CouponProblem }> {
  const coupon = await findCoupon(db, code);
  if (!coupon?.active) return { coupon: undefined, problem: "unknown" };
  const redemption = await findRedemption(db, coupon.id, userId);
  const heldByPending = redemption?.orderStatus === "pending";
  const rule = heldByPending ? { ...coupon, usedCount: Math.max(coupon.usedCount - 1, 0) } : coupon;
  const problem = couponProblem(rule, lines, new Date()) ?? (redemption && !heldByPending ? "already_used" : null);
  return problem ? { coupon, problem } : { coupon, problem: null };
}

/** The order placed, and what comes next: pay at the gateway, or nothing (a ₹0 order is enrolled at once). */
export interface PlacedOrder {
  orderId: string;
  next: "pay" | "done";
}

export const PAYMENT_SERVICE_DOWN =
  "We could not reach the payment service. Nothing was charged; please try again in a minute.";

async function nextOrderNumber(tx: Tx) {
  const result = await tx.execute<{ n: string | number }>(sql`select nextval('order_number_seq') as n`);
  return `CA-${String(result.rows[0]!.n).padStart(6, "0")}`;
}

/**
 * Creates the order from the server cart: snapshot lines, totals in paise, the
 * coupon's use taken. A ₹0 order is fulfilled at once; otherwise the payment
 * gateway's order is created and the caller sends the buyer to pay. `buyer` is the business details
 * of the form (left out: those saved on the account); they are snapshot on the order and remembered
 * on the account, like the state. Refusals are HttpErrors: a coupon that does not apply (400, on the
 * coupon field), a GSTIN not of the place of supply or an address missing (400, on the field), a cart
 * with nothing to buy (409), the payment service unreachable (503; the order is failed and its coupon
 * use given back).
 */
export async function placeOrder(
  db: DbOrTx,
  userId: string,
  input: { couponCode?: string | null; stateCode?: string | null; buyer?: BuyerDetails } = {},
): Promise<PlacedOrder> {
  const code = input.couponCode ? normaliseCouponCode(input.couponCode) : "";
  if (input.stateCode && !stateByCode(input.stateCode)) throw new HttpError(400, CHOOSE_STATE, { field: "state" });
  const gateway = getPaymentGateway();
  const created = await db.transaction(async (tx) => {
    // One checkout at a time per user: a double submit waits for the first.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    await cancelPendingOrders(tx, userId);
    const cart = await readCart(tx, userId);
    if (cart.duplicate) throw new HttpError(409, cart.duplicate);
    if (cart.lines.length === 0) {
      throw new HttpError(
        409,
        cart.owned.length > 0
          ? "Everything in your cart is already yours: see My Courses."
          : "Your cart is empty. Add a course, notes or a paper first.",
      );
    }
    const coupon = code ? await findCoupon(tx, code) : null;
    let discountPaise = 0;
    if (code) {
      if (!coupon?.active) throw couponRefusal("unknown", code);
      const problem = couponProblem(coupon, cart.lines, new Date());
      if (problem) throw couponRefusal(problem, code, coupon);
      discountPaise = couponDiscount(coupon, cart.lines);
    }
    const { savedStateCode, savedBuyer, supply } = await supplyFor(tx, userId, input.stateCode);
    // A ₹0 cart needs no state (no invoice); anything else is taxed by the buyer's state.
    const free = cart.lines.reduce((sum, l) => sum + l.pricePaise, 0) - discountPaise <= 0;
    if (!supply && !free) throw new HttpError(400, CHOOSE_STATE, { field: "state" });
    const totals = computeTotals(cart.lines, discountPaise, { discountKind: coupon?.productKind ?? null, supply });
    const details = input.buyer ?? savedBuyer;
    const buyer = free || !supply ? null : orderBuyer(details, supply.placeOfSupply, totals.totalPaise);
    // Asked once: the state chosen at checkout is remembered on the account (editable in /account),
    // and so are the business details given with it.
    const remembered = {
      ...(supply && supply.placeOfSupply !== savedStateCode ? { stateCode: supply.placeOfSupply } : {}),
      ...(buyer && !sameBuyerDetails(details, savedBuyer)
        ? { gstin: details.gstin ?? null, legalName: details.legalName ?? null, address: details.address ?? null }
        : {}),
    };
    if (Object.keys(remembered).length > 0) await tx.update(users).set(remembered).where(eq(users.id, userId));
    // No tax invoice with the sample or an invalid GSTIN: live payments wait for the setup (the test gateway does not).
    if (totals.totalPaise > 0) await assertLivePaymentsAllowed(tx, gateway.name);
    const order = await insertPendingOrder(tx, {
      userId,
      lines: cart.lines,
      totals,
      supply,
      buyer,
      couponCode: coupon ? coupon.code : null,
      gateway: totals.totalPaise === 0 ? "free" : gateway.name,
      note: "",
    });
    if (coupon) await redeemCoupon(tx, coupon, userId, order.id);
    return order;
  });

  if (created.totalPaise === 0) return fulfilFree(db, created.id);
  try {
    const { gatewayOrderId } = await gateway.createOrder({
      orderId: created.id,
      number: created.number,
      totalPaise: created.totalPaise,
    });
    await db.update(orders).set({ gatewayOrderId }).where(eq(orders.id, created.id));
  } catch (error) {
    log.warn(
      { err: error, orderId: created.id },
      `[checkout] creating the ${gateway.name} order for ${created.number} failed`,
    );
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ status: "failed" })
        .where(and(eq(orders.id, created.id), eq(orders.status, "pending")));
      await releaseCoupon(tx, created.id);
    });
    throw new HttpError(503, PAYMENT_SERVICE_DOWN);
  }
  return { orderId: created.id, next: "pay" };
}

function sameBuyerDetails(a: BuyerDetails, b: BuyerDetails) {
  return a.gstin === b.gstin && a.legalName === b.legalName && a.address === b.address;
}

export const CLAIM_NOT_FREE = "This item is not free: add it to your cart to buy it.";
export const CLAIM_OWNED = "It is already yours: open it from My Courses.";
export const CLAIM_TEST = "A free test needs no order: take it from its page.";

/**
 * "Get it free" (issue 32): a free published item (₹0; not a test, which opens without an order)
 * taken in one step, through what a ₹0 checkout does: an order of that one line at ₹0, enrolled at
 * once by the fulfilment (`confirmPayment`, gateway "free"). The cart and any order waiting for
 * payment are left alone. Refusals: 404 not on sale, 400 not free or a test, 409 already owned.
 */
export async function claimFreeItem(db: DbOrTx, userId: string, productId: number): Promise<PlacedOrder> {
  const created = await db.transaction(async (tx) => {
    // One at a time per user, like a checkout: a double click waits for the first and finds it owned.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [item] = await tx
      .select(lineColumns)
      .from(products)
      .where(and(eq(products.id, productId), eq(products.status, "published")));
    if (!item) throw new HttpError(404, "This item is not on sale.");
    if (item.kind === "test") throw new HttpError(400, CLAIM_TEST);
    if (item.pricePaise !== 0) throw new HttpError(400, CLAIM_NOT_FREE);
    // Owned, or being enrolled by a claim a moment ago (its order committed, its fulfilment running).
    const [inFlight] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.gateway, "free"),
          inArray(orders.status, ["pending", "paid"]),
          eq(orderItems.productId, productId),
        ),
      )
      .limit(1);
    if (inFlight || (await isOwned(tx, userId, productId))) throw new HttpError(409, CLAIM_OWNED);
    return insertPendingOrder(tx, {
      userId,
      lines: [item],
      totals: computeTotals([item]),
      supply: null,
      buyer: null,
      couponCode: null,
      gateway: "free",
      note: ' ("Get it free")',
    });
  });
  return fulfilFree(db, created.id);
}

/** Fulfils an order that costs nothing at once (gateway "free"); the buyer goes straight to "done". */
async function fulfilFree(db: DbOrTx, orderId: string): Promise<PlacedOrder> {
  await confirmPayment(db, { orderId, gateway: "free", paymentId: null, amountPaise: 0, source: "checkout" });
  return { orderId, next: "done" };
}

/**
 * The one way an order is written: the pending order with its totals, place of supply and buyer, its
 * lines (title, price and the SAC of their kind as the settings say now, with their share of the
 * tax), and the audit entry. A checkout and "Get it free" both come here.
 */
async function insertPendingOrder(
  tx: Tx,
  o: {
    userId: string;
    lines: Pick<PricedLine, "productId" | "title" | "pricePaise" | "kind" | "includes">[];
    totals: Totals;
    supply: Supply | null;
    buyer: ReturnType<typeof orderBuyer> | null;
    couponCode: string | null;
    gateway: string;
    /** Said after the amount in the audit entry. */
    note: string;
  },
) {
  const { totals } = o;
  const [order] = await tx
    .insert(orders)
    .values({
      number: await nextOrderNumber(tx),
      userId: o.userId,
      status: "pending",
      subtotalPaise: totals.subtotalPaise,
      discountPaise: totals.discountPaise,
      gstPaise: totals.gstPaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      igstPaise: totals.igstPaise,
      placeOfSupply: o.supply?.placeOfSupply ?? null,
      supplierStateCode: o.supply?.supplierStateCode ?? null,
      ...o.buyer,
      totalPaise: totals.totalPaise,
      couponCode: o.couponCode,
      gateway: o.gateway,
    })
    .returning({ id: orders.id, number: orders.number, totalPaise: orders.totalPaise });
  const sacCodes = await getSettings(tx);
  await tx.insert(orderItems).values(
    o.lines.map((l, i) => ({
      orderId: order!.id,
      productId: l.productId,
      title: l.title,
      pricePaise: l.pricePaise,
      sacCode: sacForKind(sacCodes, l.kind),
      includes: l.includes ?? null,
      ...totals.lineTaxes[i]!,
    })),
  );
  await recordEvent(tx, {
    actorId: o.userId,
    type: "Order",
    description: `Order ${order!.number} placed for ${formatPaise(totals.totalPaise)}${o.note}`,
    status: "Pending",
    entityType: "order",
    entityId: order!.id,
  });
  return order!;
}

/** A new checkout replaces the user's unpaid ones (their coupon uses are given back). */
async function cancelPendingOrders(tx: Tx, userId: string) {
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancelled" })
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  for (const o of cancelled) await releaseCoupon(tx, o.id);
}
