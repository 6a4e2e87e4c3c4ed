import { describe, expect, it } from "vitest";
import {
  amountInWords,
  formatPaise,
  formatPrice,
  formatRupeesPlain,
  gstPaise,
  numberInWords,
  paiseToDecimal,
} from "./money";

describe("money", () => {
  it("formats paise as rupees with en-IN grouping and 2 decimals", () => {
    expect(formatPaise(99_999)).toBe("₹999.99");
    expect(formatPaise(10_000_000)).toBe("₹1,00,000.00");
    expect(formatPaise(2_499)).toBe("₹24.99");
    expect(formatPaise(5)).toBe("₹0.05");
  });

  it("writes plain rupees for invoice columns and plain decimals for exports", () => {
    expect(formatRupeesPlain(10_000_000)).toBe("1,00,000.00");
    expect(paiseToDecimal(99_900)).toBe("999.00");
  });

  it('shows "Free" for a price of 0 and rupees otherwise', () => {
    expect(formatPrice(0)).toBe("Free");
    expect(formatPrice(999)).toBe("₹9.99");
    // Whole rupees without ".00", the way the store writes prices
    expect(formatPrice(99_900)).toBe("₹999");
    expect(formatPrice(1_49_900)).toBe("₹1,499");
    expect(formatPrice(1_00_00_000)).toBe("₹1,00,000");
    expect(formatPrice(2_450)).toBe("₹24.50");
  });

  it("computes GST at 18% rounded half-up to the paisa", () => {
    expect(gstPaise(100)).toBe(18);
    expect(gstPaise(99_999)).toBe(18_000); // 17999.82 → 18000
    expect(gstPaise(25)).toBe(5); // 4.5 → 5 (half up)
    expect(gstPaise(0)).toBe(0);
    for (let p = 0; p < 5000; p += 7) expect(gstPaise(p)).toBe(Math.round((p * 18) / 100 + 1e-9));
  });
});

describe("amountInWords", () => {
  it("writes an invoice total in words, the Indian way", () => {
    expect(amountInWords(190_214)).toBe("Rupees One Thousand Nine Hundred Two and Fourteen Paise Only");
    expect(amountInWords(117_882)).toBe("Rupees One Thousand One Hundred Seventy Eight and Eighty Two Paise Only");
    expect(amountInWords(100_000)).toBe("Rupees One Thousand Only");
    expect(amountInWords(50)).toBe("Rupees Zero and Fifty Paise Only");
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(amountInWords(1_001)).toBe("Rupees Ten and One Paise Only");
  });

  it("groups by crore, lakh, thousand and hundred", () => {
    expect(numberInWords(12_34_56_789)).toBe(
      "Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine",
    );
    expect(numberInWords(1_00_000)).toBe("One Lakh");
    expect(numberInWords(1_00_00_000)).toBe("One Crore");
    expect(numberInWords(10_05_010)).toBe("Ten Lakh Five Thousand Ten");
    expect(numberInWords(250_00_00_000)).toBe("Two Hundred Fifty Crore");
    expect(numberInWords(19)).toBe("Nineteen");
    expect(numberInWords(90)).toBe("Ninety");
    expect(numberInWords(101)).toBe("One Hundred One");
  });
});
