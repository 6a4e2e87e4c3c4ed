import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTotals } from "~/features/checkout/pricing";
import { line } from "../../../tests/helpers/priced-line";
import { allocateDiscount, lineTaxes, stateTaxName, taxOn, taxRows } from "./tax";

const intra = { supplierStateCode: "08", placeOfSupply: "08" };
const inter = { supplierStateCode: "08", placeOfSupply: "27" };

describe("taxOn", () => {
  it("charges CGST 9% + SGST 9% within the state and IGST 18% across, each rounded half-up to the paisa", () => {
    // ₹999: 9% = 89.91, 18% = 179.82
    expect(taxOn(99_900, true)).toEqual({ cgstPaise: 8_991, sgstPaise: 8_991, igstPaise: 0 });
    expect(taxOn(99_900, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 17_982 });
    expect(taxOn(0, true)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it("rounds each component on its own: the halves can add up to a paisa more than 18% rounded once", () => {
    // 50 paise: 9% = 4.5 → 5 each (10 in all), 18% = 9 exactly
    expect(taxOn(50, true)).toEqual({ cgstPaise: 5, sgstPaise: 5, igstPaise: 0 });
    expect(taxOn(50, false).igstPaise).toBe(9);
    // ₹1,611.11: 9% = 144.9999 → 145.00 each (290.00), 18% = 289.9998 → 290.00
    expect(taxOn(161_111, true)).toEqual({ cgstPaise: 14_500, sgstPaise: 14_500, igstPaise: 0 });
    // 117 paise: 9% = 10.53 → 11 each (22), 18% = 21.06 → 21
    expect(taxOn(117, true).cgstPaise + taxOn(117, true).sgstPaise).toBe(22);
    expect(taxOn(117, false).igstPaise).toBe(21);
    // 105 paise: 9% = 9.45 → 9 each (18), 18% = 18.9 → 19: the halves come to a paisa less
    expect(taxOn(105, true).cgstPaise * 2).toBe(18);
    expect(taxOn(105, false).igstPaise).toBe(19);
  });

  it("names the state half UTGST in a union territory without a legislature", () => {
    expect(stateTaxName("08")).toBe("SGST");
    expect(stateTaxName("07")).toBe("SGST"); // Delhi has a legislature
    expect(stateTaxName("04")).toBe("UTGST"); // Chandigarh
    expect(taxRows({ cgstPaise: 5, sgstPaise: 5, igstPaise: 0 }, true, "04").map((r) => r.label)).toEqual([
      "CGST (9%)",
      "UTGST (9%)",
    ]);
    expect(taxRows({ cgstPaise: 0, sgstPaise: 0, igstPaise: 9 }, false, "08")).toEqual([
      { label: "IGST (18%)", paise: 9 },
    ]);
  });
});

describe("allocateDiscount", () => {
  it("spreads a discount over the lines by price, to the paisa, only over the lines it applies to", () => {
    expect(allocateDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(allocateDiscount([99_900, 4_900], 10_000)).toEqual([9_532, 468]);
    expect(allocateDiscount([99_900, 4_900], 1_000, [false, true])).toEqual([0, 1_000]);
    expect(allocateDiscount([500], 900)).toEqual([500]);
    expect(allocateDiscount([0, 0], 100)).toEqual([0, 0]);
  });

  it("always adds up to the discount (capped at the eligible amount) with no line below zero", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2_000_000 }), fc.boolean()), { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 20_000_000 }),
        (rows, discount) => {
          const prices = rows.map((r) => r[0]);
          const eligible = rows.map((r) => r[1]);
          const shares = allocateDiscount(prices, discount, eligible);
          const base = prices.reduce((s, p, i) => (eligible[i] ? s + p : s), 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(discount, base));
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(prices[i]!);
            if (!eligible[i]) expect(share).toBe(0);
          });
        },
      ),
    );
  });
});

describe("computeTotals with a place of supply", () => {
  it("splits GST within the state, and the total is exactly taxable value + CGST + SGST", () => {
    const t = computeTotals([line(99_900, "course", 1), line(4_900, "note", 2)], 0, { supply: intra });
    expect(t).toMatchObject({
      subtotalPaise: 104_800,
      taxablePaise: 104_800,
      cgstPaise: 8_991 + 441,
      sgstPaise: 8_991 + 441,
      igstPaise: 0,
      gstPaise: 18_864,
      totalPaise: 123_664,
      intraState: true,
    });
    expect(t.lineTaxes).toEqual([
      { taxablePaise: 99_900, cgstPaise: 8_991, sgstPaise: 8_991, igstPaise: 0 },
      { taxablePaise: 4_900, cgstPaise: 441, sgstPaise: 441, igstPaise: 0 },
    ]);
  });

  it("charges IGST across states", () => {
    const t = computeTotals([line(99_900)], 0, { supply: inter });
    expect(t).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 17_982, gstPaise: 17_982, totalPaise: 117_882 });
    expect(t.intraState).toBe(false);
  });

  it("rounds each component once on the order and spreads it over the lines to the paisa, after a coupon", () => {
    // ₹999 course + ₹49 note, ₹100 off the whole cart → 95.32 + 4.68 off (by price, to the paisa)
    const lines = [line(99_900, "course", 1), line(4_900, "note", 2)];
    const t = computeTotals(lines, 10_000, { supply: intra });
    expect(t.lineTaxes).toEqual([
      // 90,368 × 9% = 8,133.12 → 8,133
      { taxablePaise: 90_368, cgstPaise: 8_133, sgstPaise: 8_133, igstPaise: 0 },
      // 4,432 × 9% = 398.88 → 399
      { taxablePaise: 4_432, cgstPaise: 399, sgstPaise: 399, igstPaise: 0 },
    ]);
    expect(t).toMatchObject({ taxablePaise: 94_800, cgstPaise: 8_532, sgstPaise: 8_532, gstPaise: 17_064 });
    expect(t.totalPaise).toBe(94_800 + 17_064);
    // The same order across states: IGST per line, 16,266.24 → 16,266 and 797.76 → 798
    const across = computeTotals(lines, 10_000, { supply: inter });
    expect(across.lineTaxes.map((l) => l.igstPaise)).toEqual([16_266, 798]);
    expect(across.gstPaise).toBe(17_064);
    // ₹0.60 less 10 paise: 50 paise taxable; 9% = 4.5 → 5 twice (10), 18% = 9: the split decides the total
    expect(computeTotals([line(60)], 10, { supply: intra })).toMatchObject({ gstPaise: 10, totalPaise: 60 });
    expect(computeTotals([line(60)], 10, { supply: inter })).toMatchObject({ gstPaise: 9, totalPaise: 59 });
  });

  it("puts a coupon for one kind only on the lines of that kind", () => {
    const t = computeTotals([line(99_900, "course", 1), line(4_900, "note", 2)], 2_450, {
      discountKind: "note",
      supply: inter,
    });
    expect(t.lineTaxes.map((l) => l.taxablePaise)).toEqual([99_900, 2_450]);
    expect(t.lineTaxes.map((l) => l.igstPaise)).toEqual([17_982, 441]);
  });

  it("keeps total = taxable + CGST + SGST + IGST and the order's figures the sums of its lines, for any cart", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.boolean(),
        (prices, d, sameState) => {
          const lines = prices.map((p, i) => line(p, "course", i));
          const subtotal = prices.reduce((a, b) => a + b, 0);
          const t = computeTotals(lines, d % (subtotal + 1), { supply: sameState ? intra : inter });
          expect(t.gstPaise).toBe(t.cgstPaise + t.sgstPaise + t.igstPaise);
          expect(t.totalPaise).toBe(t.taxablePaise + t.gstPaise);
          expect(t.taxablePaise).toBe(t.subtotalPaise - t.discountPaise);
          const sum = (k: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise") =>
            t.lineTaxes.reduce((s, l) => s + l[k], 0);
          expect([sum("taxablePaise"), sum("cgstPaise"), sum("sgstPaise"), sum("igstPaise")]).toEqual([
            t.taxablePaise,
            t.cgstPaise,
            t.sgstPaise,
            t.igstPaise,
          ]);
          if (sameState) expect(t.igstPaise).toBe(0);
          else expect(t.cgstPaise + t.sgstPaise).toBe(0);
          // Within half a paisa per line and component of 18%
          expect(Math.abs(t.gstPaise - t.taxablePaise * 0.18)).toBeLessThanOrEqual(
            lines.length * (sameState ? 1 : 0.5),
          );
        },
      ),
    );
  });

  it("lineTaxes keeps the lines' order and gives a ₹0 line no tax", () => {
    expect(lineTaxes([100, 0], 0, false).map((l) => l.igstPaise)).toEqual([18, 0]);
    // 3 × 33 paise: 18% of 99 = 17.82 → 18 in all, 6 a line
    expect(lineTaxes([33, 33, 33], 0, false).map((l) => l.igstPaise)).toEqual([6, 6, 6]);
  });
});
