import { describe, expect, it } from "vitest";
import { formatPaise, formatPaiseForPdf, formatPrice, gstPaise, paiseToDecimal } from "./money";

describe("money", () => {
  it("formats paise as rupees with en-IN grouping and 2 decimals", () => {
    expect(formatPaise(99_999)).toBe("₹999.99");
    expect(formatPaise(10_000_000)).toBe("₹1,00,000.00");
    expect(formatPaise(2_499)).toBe("₹24.99");
    expect(formatPaise(5)).toBe("₹0.05");
  });

  it("writes Rs. for the PDF fonts and plain decimals for exports", () => {
    expect(formatPaiseForPdf(10_000_000)).toBe("Rs. 1,00,000.00");
    expect(paiseToDecimal(99_900)).toBe("999.00");
  });

  it('shows "Free" for a price of 0 and rupees otherwise', () => {
    expect(formatPrice(0)).toBe("Free");
    expect(formatPrice(999)).toBe("₹9.99");
  });

  it("computes GST at 18% rounded half-up to the paisa", () => {
    expect(gstPaise(100)).toBe(18);
    expect(gstPaise(99_999)).toBe(18_000); // 17999.82 → 18000
    expect(gstPaise(25)).toBe(5); // 4.5 → 5 (half up)
    expect(gstPaise(0)).toBe(0);
    for (let p = 0; p < 5000; p += 7) expect(gstPaise(p)).toBe(Math.round((p * 18) / 100 + 1e-9));
  });
});
