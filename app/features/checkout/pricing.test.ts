import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STATE_CODES } from "~/features/gst/states";
import { line } from "../../../tests/helpers/priced-line";
import {
  type CouponRule,
  computeTotals,
  couponDiscount,
  couponMessage,
  couponProblem,
  droppedCouponMessage,
  type PricedLine,
  totalsByPlace,
  totalsFor,
} from "./pricing";

const coupon = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: "SAVE10",
  kind: "percent",
  value: 10,
  productKind: null,
  minSubtotalPaise: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  usedCount: 0,
  active: true,
  ...over,
});

const inter = { supplierStateCode: "08", placeOfSupply: "27" };

describe("computeTotals", () => {
  it("adds 18% GST rounded half-up to the paisa after discount", () => {
    // 99,999 paise × 18% = 17,999.82 → 18,000
    expect(computeTotals([line(99_999)], 0, { supply: inter })).toMatchObject({
      subtotalPaise: 99_999,
      discountPaise: 0,
      taxablePaise: 99_999,
      gstPaise: 18_000,
      totalPaise: 117_999,
      intraState: false,
    });
    // 25 paise × 18% = 4.5 → 5 (half goes up); 24 × 18% = 4.32 → 4
    expect(computeTotals([line(25)], 0, { supply: inter }).gstPaise).toBe(5);
    expect(computeTotals([line(24)], 0, { supply: inter }).gstPaise).toBe(4);
    expect(computeTotals([line(2499), line(1499)], 1000, { supply: inter })).toMatchObject({
      subtotalPaise: 3998,
      taxablePaise: 2998,
      gstPaise: 540, // 539.64
      totalPaise: 3538,
    });
    expect(computeTotals([], 0, { supply: inter })).toMatchObject({ totalPaise: 0, gstPaise: 0 });
  });

  it("has no total without the buyer's state, but for a cart with nothing taxable", () => {
    expect(() => computeTotals([line(99_015)])).toThrow(/place of supply/);
    expect(computeTotals([line(0)])).toMatchObject({ totalPaise: 0, gstPaise: 0, intraState: null });
    expect(computeTotals([line(99_015)], 99_015)).toMatchObject({ totalPaise: 0, discountPaise: 99_015 });
  });

  it("holds total = subtotal − discount + GST with GST within half a paisa of 18% for any amounts", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 8 }), fc.nat(), (prices, d) => {
        const lines = prices.map((p, i) => line(p, "course", i));
        const subtotal = prices.reduce((a, b) => a + b, 0);
        const t = computeTotals(lines, d % (subtotal + 1), { supply: inter });
        expect(t.totalPaise).toBe(t.subtotalPaise - t.discountPaise + t.gstPaise);
        expect(Math.abs(t.gstPaise - t.taxablePaise * 0.18)).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(t.gstPaise)).toBe(true);
      }),
    );
  });
});

describe("what checkout shows is what the order charges", () => {
  it("shows ₹990.15's GST and total only once the state is known: ₹178.22 / ₹1,168.37 in Rajasthan, ₹178.23 / ₹1,168.38 elsewhere", () => {
    const byPlace = totalsByPlace([line(99_015)], 0, { supplierStateCode: "08" });
    expect(totalsFor(byPlace, null)).toBeNull();
    expect(totalsFor(byPlace, "08")).toMatchObject({ cgstPaise: 8_911, sgstPaise: 8_911, totalPaise: 116_837 });
    expect(totalsFor(byPlace, "27")).toMatchObject({ igstPaise: 17_823, totalPaise: 116_838 });
  });

  it("for any cart, coupon, seller's state and buyer's state: the figures shown equal the figures charged", () => {
    const stateCodes = fc.constantFrom(...STATE_CODES);
    const kind = fc.constantFrom<PricedLine["kind"]>("course", "note", "pyq", "test");
    fc.assert(
      fc.property(
        fc.array(fc.record({ pricePaise: fc.integer({ min: 0, max: 5_000_000 }), kind }), { maxLength: 6 }),
        fc.record({
          kind: fc.constantFrom<CouponRule["kind"]>("percent", "fixed"),
          value: fc.integer({ min: 1, max: 100_000 }),
          productKind: fc.option(kind, { nil: null }),
        }),
        fc.boolean(),
        stateCodes,
        fc.option(stateCodes, { nil: null }),
        (items, c, withCoupon, supplierStateCode, placeOfSupply) => {
          const lines = items.map((item, i) => line(item.pricePaise, item.kind, i));
          const rule = { ...c, value: c.kind === "percent" ? (c.value % 100) + 1 : c.value };
          const discount = withCoupon ? couponDiscount(rule, lines) : 0;
          const discountKind = withCoupon ? rule.productKind : null;
          // What checkout shows for the state chosen (or not yet chosen)…
          const shown = totalsFor(totalsByPlace(lines, discount, { discountKind, supplierStateCode }), placeOfSupply);
          // …and what placeOrder charges for it.
          const supply = placeOfSupply ? { supplierStateCode, placeOfSupply } : null;
          const taxable = lines.reduce((s, l) => s + l.pricePaise, 0) - discount;
          if (!supply && taxable > 0) {
            expect(shown).toBeNull(); // placeOrder refuses without a state: nothing is shown either
            return;
          }
          expect(shown).toEqual(computeTotals(lines, discount, { discountKind, supply }));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("coupons", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  it("percent discounts round half-up and fixed discounts never exceed the eligible amount", () => {
    expect(couponDiscount(coupon({ value: 10 }), [line(99_999)])).toBe(10_000); // 9,999.9
    expect(couponDiscount(coupon({ value: 100 }), [line(99_999)])).toBe(99_999);
    expect(couponDiscount(coupon({ kind: "fixed", value: 50_000 }), [line(20_000)])).toBe(20_000);
    expect(couponDiscount(coupon({ productKind: "note", value: 50 }), [line(99_999), line(2_000, "note")])).toBe(1_000);
  });

  it("names each problem: not started, expired, exhausted, not applicable, inactive", () => {
    const lines = [line(99_999)];
    expect(couponProblem(coupon(), lines, now)).toBeNull();
    expect(couponProblem(coupon({ startsAt: new Date("2026-07-01") }), lines, now)).toBe("not_started");
    expect(couponProblem(coupon({ endsAt: new Date("2026-05-31") }), lines, now)).toBe("expired");
    expect(couponProblem(coupon({ maxUses: 5, usedCount: 5 }), lines, now)).toBe("exhausted");
    expect(couponProblem(coupon({ productKind: "pyq" }), lines, now)).toBe("not_applicable");
    expect(couponProblem(coupon({ minSubtotalPaise: 100_000 }), lines, now)).toBe("not_applicable");
    expect(couponProblem(coupon({ active: false }), lines, now)).toBe("unknown");
    expect(couponProblem(coupon(), [line(0)], now)).toBe("not_applicable");
  });

  it("has a clear message for each problem", () => {
    expect(couponMessage("unknown", "NOPE")).toMatch(/does not exist/);
    expect(couponMessage("expired", "OLD")).toBe('The coupon "OLD" has expired.');
    expect(couponMessage("exhausted", "X")).toMatch(/fully redeemed/);
    expect(couponMessage("already_used", "X")).toMatch(/already used/);
    expect(couponMessage("not_applicable", "X", { productKind: "pyq", minSubtotalPaise: 0 })).toMatch(
      /only to PYQ papers/,
    );
    expect(couponMessage("not_applicable", "X", { productKind: null, minSubtotalPaise: 50_000 })).toMatch(/₹500\.00/);
  });

  it("says why a coupon kept from an unpaid checkout was dropped", () => {
    expect(droppedCouponMessage("expired", "SAVE20")).toBe('The coupon "SAVE20" has expired. It is no longer applied.');
    expect(droppedCouponMessage("unknown", "SAVE20")).toBe(
      'The coupon "SAVE20" has been withdrawn. It is no longer applied.',
    );
    expect(droppedCouponMessage("exhausted", "X")).toMatch(
      /fully redeemed: no uses are left\. It is no longer applied\.$/,
    );
  });
});
