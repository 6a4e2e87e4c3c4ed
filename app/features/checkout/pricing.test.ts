import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CouponRule,
  computeTotals,
  couponDiscount,
  couponMessage,
  couponProblem,
  droppedCouponMessage,
  type PricedLine,
} from "./pricing";

const line = (pricePaise: number, kind: PricedLine["kind"] = "course", productId = 1): PricedLine => ({
  productId,
  title: "Item",
  kind,
  image: "/x.svg",
  pricePaise,
});

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

describe("computeTotals", () => {
  it("adds 18% GST (one figure while the buyer's state is unknown) rounded half-up to the paisa after discount", () => {
    // 99,999 paise × 18% = 17,999.82 → 18,000
    expect(computeTotals([line(99_999)])).toMatchObject({
      subtotalPaise: 99_999,
      discountPaise: 0,
      taxablePaise: 99_999,
      gstPaise: 18_000,
      totalPaise: 117_999,
      intraState: null,
    });
    // 25 paise × 18% = 4.5 → 5 (half goes up); 24 × 18% = 4.32 → 4
    expect(computeTotals([line(25)]).gstPaise).toBe(5);
    expect(computeTotals([line(24)]).gstPaise).toBe(4);
    expect(computeTotals([line(2499), line(1499)], 1000)).toMatchObject({
      subtotalPaise: 3998,
      taxablePaise: 2998,
      gstPaise: 540, // 539.64
      totalPaise: 3538,
    });
    expect(computeTotals([])).toMatchObject({ totalPaise: 0, gstPaise: 0 });
  });

  it("holds total = subtotal − discount + GST with GST within half a paisa of 18% for any amounts", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 8 }), fc.nat(), (prices, d) => {
        const lines = prices.map((p, i) => line(p, "course", i));
        const subtotal = prices.reduce((a, b) => a + b, 0);
        const t = computeTotals(lines, d % (subtotal + 1));
        expect(t.totalPaise).toBe(t.subtotalPaise - t.discountPaise + t.gstPaise);
        expect(Math.abs(t.gstPaise - t.taxablePaise * 0.18)).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(t.gstPaise)).toBe(true);
      }),
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
