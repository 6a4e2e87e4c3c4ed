import { describe, expect, it } from "vitest";
import { attachment, attachmentHeader } from "./attachment.server";

describe("attachment", () => {
  it("names the file in ASCII and in UTF-8, and keeps quotes and backslashes out of the header", () => {
    expect(attachmentHeader("invoice-CA-26-27-000001.pdf")).toBe(
      `attachment; filename="invoice-CA-26-27-000001.pdf"; filename*=UTF-8''invoice-CA-26-27-000001.pdf`,
    );
    expect(attachmentHeader('नोट्स "1"\\.pdf')).toBe(
      `attachment; filename="_____ _1__.pdf"; filename*=UTF-8''${encodeURIComponent('नोट्स "1"\\.pdf')}`,
    );
  });

  it("sends bytes with their length, private and unsniffed; a stream without a length", async () => {
    const pdf = attachment(new Uint8Array([37, 80, 68, 70]), "a.pdf", "application/pdf");
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Length")).toBe("4");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect([...new Uint8Array(await pdf.arrayBuffer())]).toEqual([37, 80, 68, 70]);

    const csv = attachment(new Blob(["a,b\n"]).stream(), "ledger.csv", "text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Length")).toBeNull();
    expect(await csv.text()).toBe("a,b\n");
  });
});
