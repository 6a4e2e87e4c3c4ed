import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("the CSV writer of every export", () => {
  it("defuses a cell a spreadsheet would run, however it starts", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+91 98290 00000")).toBe("'+91 98290 00000");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\t=1")).toBe('"\'\t=1"');
    expect(csvField("\uFF1D1+1")).toBe("'\uFF1D1+1");
    expect(csvField('=cmd|" "A"')).toBe(`"'=cmd|"" ""A"""`);
  });

  it("quotes a cell with a separator of any locale, so `;=` stays text in one cell (the probe's name)", () => {
    expect(csvField(';=HYPERLINK("http://evil.example")')).toBe('";=HYPERLINK(""http://evil.example"")"');
    expect(csvField("Riya;=1+1")).toBe('"Riya;=1+1"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("writes numbers, plain numeric text, dates and nothing as they are", () => {
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField("1179.99")).toBe("1179.99");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(new Date("2026-11-24T18:56:00Z"))).toBe("2026-11-25 00:26:00 +05:30");
    expect(csvField("CA/26-27/000042")).toBe("CA/26-27/000042");
    expect(csvLine(["OE", "27-Maharashtra", 18, "1000.00"])).toBe("OE,27-Maharashtra,18,1000.00\r\n");
  });
});
