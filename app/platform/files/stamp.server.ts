/**
 * Stamps every page of a PDF with the buyer's name and email, to discourage
 * passing copies around.
 */
import { degrees, PDFDocument, rgb } from "pdf-lib";
import { istDateStamp } from "~/lib/dates";
import { embedPdfFonts } from "~/lib/pdf-font.server";
import { drawPdfText, needsDevanagari, pdfTextWidth, toDrawable } from "./pdf-text";

export interface Buyer {
  name: string;
  email: string;
}

/** Longest name or email a stamp prints: more does not fit a page's footer at the smallest size. */
const STAMP_FIELD_MAX = 200;
const clip = (text: string) => (text.length > STAMP_FIELD_MAX ? `${text.slice(0, STAMP_FIELD_MAX - 1)}…` : text);

export function stampLine(buyer: Buyer): string {
  return `Licensed to ${clip(buyer.name)} (${clip(buyer.email)}) - for personal use only - Commerce Academy`;
}

/**
 * Maps a point of the page as displayed (after its /Rotate) to user space, so
 * the stamp reads left to right at the visual bottom of scanned, rotated pages too.
 */
export function displayToUser(rotation: number, width: number, height: number) {
  const angle = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  const visual = angle === 90 || angle === 270 ? { width: height, height: width } : { width, height };
  const toUser = (vx: number, vy: number): { x: number; y: number } => {
    if (angle === 90) return { x: width - vy, y: vx };
    if (angle === 180) return { x: width - vx, y: height - vy };
    if (angle === 270) return { x: vy, y: height - vx };
    return { x: vx, y: vy };
  };
  return { angle, visual, toUser };
}

export interface StampInput {
  bytes: Uint8Array;
  buyer: Buyer;
  /** The download date printed in the footer. */
  now?: Date;
}

/** A pure job of the PDF pool (server/pdf-worker.ts): callers run it with runPdfJob, off the main thread. */
export async function stampPdf({ bytes, buyer, now = new Date() }: StampInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: false });
  const font = (await embedPdfFonts(doc, { devanagari: needsDevanagari(buyer) })).regular;
  const line = toDrawable(stampLine(buyer), font);
  const date = istDateStamp(now); // the day in India
  const footer = `${line} - downloaded ${date}`;
  const watermark = toDrawable(clip(buyer.email), font);

  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const { angle, visual, toUser } = displayToUser(page.getRotation().angle, width, height);
    let size = 7.5;
    while (size > 4 && pdfTextWidth(footer, font, size) > visual.width - 40) size -= 0.5;
    page.drawRectangle({
      ...toUser(0, 0),
      width: visual.width,
      height: 18,
      color: rgb(1, 1, 1),
      opacity: 0.85,
      rotate: degrees(angle),
    });
    drawPdfText(page, footer, { ...toUser(20, 6), size, font, color: rgb(0.35, 0.38, 0.45), rotate: degrees(angle) });
    // A faint diagonal watermark survives cropping the footer away.
    const wmSize = Math.min(28, (Math.hypot(visual.width, visual.height) * 0.6) / Math.max(1, watermark.length) / 0.5);
    const wmWidth = pdfTextWidth(watermark, font, wmSize);
    const diagonal = Math.atan2(visual.height, visual.width);
    drawPdfText(page, watermark, {
      ...toUser(
        visual.width / 2 - (Math.cos(diagonal) * wmWidth) / 2,
        visual.height / 2 - (Math.sin(diagonal) * wmWidth) / 2,
      ),
      size: wmSize,
      font,
      color: rgb(0.55, 0.6, 0.7),
      opacity: 0.12,
      rotate: degrees((diagonal * 180) / Math.PI + angle),
    });
  }
  doc.setSubject(toDrawable(stampLine(buyer), font));
  return doc.save();
}
