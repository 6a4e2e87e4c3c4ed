/**
 * Stamps every page of a PDF with the buyer's name and email, to discourage
 * passing copies around.
 */
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { toDrawable } from "./pdf-text";

export interface Buyer {
  name: string;
  email: string;
}

export function stampLine(buyer: Buyer): string {
  return `Licensed to ${buyer.name} (${buyer.email}) - for personal use only - Commerce Academy`;
}

export async function stampPdf(bytes: Uint8Array, buyer: Buyer, now = new Date()): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const line = toDrawable(stampLine(buyer), font);
  const date = now.toISOString().slice(0, 10);
  const footer = `${line} - downloaded ${date}`;
  const watermark = toDrawable(buyer.email, font);

  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    let size = 7.5;
    while (size > 4 && font.widthOfTextAtSize(footer, size) > width - 40) size -= 0.5;
    page.drawRectangle({ x: 0, y: 0, width, height: 18, color: rgb(1, 1, 1), opacity: 0.85 });
    page.drawText(footer, { x: 20, y: 6, size, font, color: rgb(0.35, 0.38, 0.45) });
    // A faint diagonal watermark survives cropping the footer away.
    const wmSize = Math.min(28, (Math.hypot(width, height) * 0.6) / Math.max(1, watermark.length) / 0.5);
    const wmWidth = font.widthOfTextAtSize(watermark, wmSize);
    const angle = Math.atan2(height, width);
    page.drawText(watermark, {
      x: width / 2 - (Math.cos(angle) * wmWidth) / 2,
      y: height / 2 - (Math.sin(angle) * wmWidth) / 2,
      size: wmSize,
      font,
      color: rgb(0.55, 0.6, 0.7),
      opacity: 0.12,
      rotate: degrees((angle * 180) / Math.PI),
    });
  }
  doc.setSubject(toDrawable(stampLine(buyer), font));
  return doc.save();
}
