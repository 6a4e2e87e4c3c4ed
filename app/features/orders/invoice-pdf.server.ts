/**
 * The GST tax invoice PDF, made with pdf-lib from data the caller has read (orders.server.ts
 * buildInvoiceData); numbers come from invoice.server.ts.
 *
 * SAC 999293 is "Commercial training and coaching services", the GST code for
 * the coaching this business sells (courses, notes and papers for board exams).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatPaiseForPdf, GST_RATE_PERCENT } from "~/lib/money";

export const SAC_CODE = "999293";

export interface InvoiceData {
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  seller: { name: string; address: string; gstin: string };
  buyer: { name: string; email: string };
  lines: { title: string; pricePaise: number }[];
  subtotalPaise: number;
  discountPaise: number;
  couponCode: string | null;
  gstPaise: number;
  totalPaise: number;
  paymentId: string | null;
}

/** "01/04/2026": the invoice date in India Standard Time. */
export function invoiceDateText(date: Date) {
  const ist = new Date(date.getTime() + 5.5 * 60 * 60 * 1000);
  const day = String(ist.getUTCDate()).padStart(2, "0");
  const month = String(ist.getUTCMonth() + 1).padStart(2, "0");
  return `${day}/${month}/${ist.getUTCFullYear()}`;
}

/** Standard fonts only encode WinAnsi: replace anything else so a title can never break the PDF. */
function safe(text: string) {
  return text
    .replace(/[–—]/g, "-")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7e]/g, "?");
}

function wrap(text: string, font: PDFFont, size: number, width: number) {
  const words = safe(text).split(/\s+/);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

/** A pure job of the PDF pool (server/pdf-worker.ts): callers run it with runPdfJob, off the main thread. */
export async function renderInvoicePdf(invoice: InvoiceData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tax Invoice ${invoice.invoiceNumber}`);
  pdf.setAuthor(safe(invoice.seller.name));
  pdf.setCreationDate(invoice.invoiceDate);
  const A4: [number, number] = [595.28, 841.89];
  let page: PDFPage = pdf.addPage(A4);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const dark = rgb(0.1, 0.1, 0.15);
  const grey = rgb(0.4, 0.4, 0.45);
  const left = 50;
  const right = 545;
  let y = 790;

  const text = (value: string, x: number, opts: { font?: PDFFont; size?: number; color?: typeof dark } = {}) =>
    page.drawText(safe(value), { x, y, font: opts.font ?? regular, size: opts.size ?? 10, color: opts.color ?? dark });
  const textRight = (value: string, xRight: number, opts: { font?: PDFFont; size?: number } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    page.drawText(safe(value), { x: xRight - font.widthOfTextAtSize(safe(value), size), y, font, size, color: dark });
  };
  const rule = () =>
    page.drawLine({ start: { x: left, y: y + 4 }, end: { x: right, y: y + 4 }, thickness: 0.5, color: grey });

  text("TAX INVOICE", left, { font: bold, size: 18 });
  textRight(`Invoice No: ${invoice.invoiceNumber}`, right, { font: bold });
  y -= 16;
  textRight(`Invoice Date: ${invoiceDateText(invoice.invoiceDate)}`, right);
  y -= 14;
  textRight(`Order: ${invoice.orderNumber}`, right);
  y -= 30;

  text("Seller", left, { font: bold, color: grey });
  text("Bill to", 320, { font: bold, color: grey });
  y -= 15;
  text(invoice.seller.name, left, { font: bold, size: 11 });
  text(invoice.buyer.name, 320, { font: bold, size: 11 });
  y -= 14;
  const addressLines = wrap(invoice.seller.address, regular, 10, 250);
  const buyerLines = [invoice.buyer.email];
  for (let i = 0; i < Math.max(addressLines.length, buyerLines.length); i++) {
    if (addressLines[i]) text(addressLines[i]!, left);
    if (buyerLines[i]) text(buyerLines[i]!, 320);
    y -= 13;
  }
  text(`GSTIN: ${invoice.seller.gstin}`, left, { font: bold });
  y -= 34;

  // Items table
  text("#", left, { font: bold });
  text("Description", left + 20, { font: bold });
  text("SAC", 360, { font: bold });
  textRight("Amount", right, { font: bold });
  y -= 6;
  rule();
  y -= 14;
  invoice.lines.forEach((line, i) => {
    const titleLines = wrap(line.title, regular, 10, 280);
    // Long orders continue on a new page, leaving room for the totals on the last one.
    if (y - titleLines.length * 13 < 60) {
      page = pdf.addPage(A4);
      y = 790;
    }
    text(String(i + 1), left);
    text(SAC_CODE, 360);
    textRight(formatPaiseForPdf(line.pricePaise), right);
    for (const t of titleLines) {
      text(t, left + 20);
      y -= 13;
    }
    y -= 4;
  });
  rule();
  y -= 14;
  if (y < 200) {
    page = pdf.addPage(A4);
    y = 790;
  }

  const totalRow = (label: string, value: string, font = regular) => {
    textRight(label, 420, { font });
    textRight(value, right, { font });
    y -= 16;
  };
  totalRow("Subtotal", formatPaiseForPdf(invoice.subtotalPaise));
  if (invoice.discountPaise > 0) {
    totalRow(
      `Discount${invoice.couponCode ? ` (${invoice.couponCode})` : ""}`,
      `- ${formatPaiseForPdf(invoice.discountPaise)}`,
    );
  }
  totalRow("Taxable value", formatPaiseForPdf(invoice.subtotalPaise - invoice.discountPaise));
  totalRow(`GST (${GST_RATE_PERCENT}%)`, formatPaiseForPdf(invoice.gstPaise));
  y -= 2;
  rule();
  y -= 12;
  totalRow("Total", formatPaiseForPdf(invoice.totalPaise), bold);
  y -= 20;

  text(`SAC ${SAC_CODE}: commercial training and coaching services. All amounts in Indian rupees.`, left, {
    size: 9,
    color: grey,
  });
  y -= 13;
  if (invoice.paymentId) {
    text(`Paid online. Payment reference: ${invoice.paymentId}.`, left, { size: 9, color: grey });
    y -= 13;
  }
  text("This is a computer-generated invoice and needs no signature.", left, { size: 9, color: grey });
  return pdf.save();
}
