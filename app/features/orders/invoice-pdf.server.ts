/**
 * The GST tax invoice and credit note PDFs, made with pdf-lib from data the caller has read
 * (orders.server.ts buildInvoiceData, credit-notes.server.ts); numbers come from invoice.server.ts.
 * They carry what GST rule 46 (invoice) and rule 53 (credit note) ask of a supplier of services:
 * the supplier's legal name, address, state and GSTIN; a serial number and date (India Standard
 * Time); the buyer's name, email and state, with a registered buyer's GSTIN, registered name and
 * address (B2B), or an unregistered buyer's address on an invoice of ₹50,000 or more; the place of
 * supply (state and code); per line the description, SAC, taxable value, and the rate and amount of
 * each tax; the totals, the total in words and whether tax is payable on reverse charge. Printed in Noto Sans
 * (lib/pdf-font.server.ts) so the rupee sign prints as ₹. With an authorised signatory (Settings) they
 * end with "For <seller>", the signature image and the name above "Authorised signatory"; with a
 * signing certificate (INVOICE_SIGNING_P12_FILE) the file is digitally signed (files/pdf-sign.server.ts).
 */
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { includesText } from "~/features/catalog/bundles";
import { DEFAULT_SAC, sacDescription } from "~/features/gst/sac";
import { stateLabel } from "~/features/gst/states";
import { GST_RATE_PERCENT, HALF_RATE_PERCENT, stateTaxName } from "~/features/gst/tax";
import { formatDateNumeric } from "~/lib/dates";
import { amountInWords, formatPaise, formatRupeesPlain } from "~/lib/money";
import { embedPdfFonts } from "~/lib/pdf-font.server";
import { saveSigned } from "~/platform/files/pdf-sign.server";
import { drawPdfText, needsDevanagari, pdfTextWidth } from "~/platform/files/pdf-text";
import type { PdfSigningKey } from "~/platform/files/signing-key.server";

export interface TaxDocumentLine {
  title: string;
  /** A bundle's line (issue 36): the titles of the items it supplies, printed "Includes: A; B; C". */
  includes?: string[];
  /** The line's SAC as snapshotted at checkout (documents made before it have only InvoiceData.sacCode). */
  sacCode?: string;
  /** Its official description (gst/sac.ts), as printed. */
  sacDescription?: string;
  /** The access it sells when not for life (issue 36): "Access till 31 Mar 2027". */
  access?: string;
  pricePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceData {
  kind: "invoice" | "credit-note";
  /** The invoice or credit note number (CA/26-27/000042, CN/26-27/000001). */
  number: string;
  date: Date;
  orderNumber: string;
  /** A credit note: the invoice it reverses. */
  original: { number: string; date: Date } | null;
  seller: { name: string; address: string; gstin: string; stateCode: string };
  /**
   * The buyer's account name and email; a registered buyer's (B2B) GSTIN and registered name; the
   * address of a B2B buyer, or of an unregistered one on an invoice of ₹50,000 or more (rule 46(f)).
   * Optional: documents stored before these fields render as B2C.
   */
  buyer: { name: string; email: string; gstin?: string; legalName?: string; address?: string };
  /** The buyer's state: the place of supply (GST state code). */
  placeOfSupply: string;
  intraState: boolean;
  /** The one SAC of documents made before each line had its own (lines[].sacCode). */
  sacCode?: string;
  lines: TaxDocumentLine[];
  subtotalPaise: number;
  discountPaise: number;
  couponCode: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  paymentId: string | null;
  /**
   * The authorised signatory (Settings) when the document was built; absent: none was set. The image
   * is a content-addressed storage key, so the document prints the signature it was issued with.
   */
  signatory?: { name: string; imageKey: string | null };
}

/** One job of the PDF pool: the document and what the caller loaded for it (the job reads nothing itself). */
export interface InvoicePdfInput {
  document: InvoiceData;
  /** The bytes of document.signatory.imageKey (PNG or JPEG, checked at upload). */
  signatureImage?: Uint8Array | null;
  /** Sign the file with this certificate (INVOICE_SIGNING_P12_FILE); absent: unsigned. */
  signingKey?: PdfSigningKey | null;
}

export const AUTHORISED_SIGNATORY = "Authorised signatory";

export const REVERSE_CHARGE_LINE = "Whether tax is payable on reverse charge: No";

/** "01/04/2026": the document date in India Standard Time. */
export function invoiceDateText(date: Date) {
  return formatDateNumeric(date);
}

function wrap(text: string, font: PDFFont, size: number, width: number) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (pdfTextWidth(next, font, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines.length ? lines : [""];
}

/** PNG starts with 0x89 "PNG"; anything else checked at upload is a JPEG. */
const isPng = (bytes: Uint8Array) => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;

/** A line's SAC: its own, else the document's (documents made before lines had one), else the default. */
function sacOf(line: TaxDocumentLine, doc: InvoiceData) {
  return line.sacCode ?? doc.sacCode ?? DEFAULT_SAC;
}

/** "SAC 999293: Commercial training and coaching services. " for each SAC of the lines, in order. */
function sacNotes(doc: InvoiceData) {
  const described = new Map<string, string | null>();
  for (const line of doc.lines) {
    const code = sacOf(line, doc);
    if (!described.has(code)) described.set(code, line.sacDescription ?? sacDescription(code));
  }
  return [...described].map(([code, description]) => `SAC ${code}${description ? `: ${description}` : ""}. `).join("");
}

/** A pure job of the PDF pool (server/pdf-worker.ts): callers run it with runPdfJob, off the main thread. */
export async function renderInvoicePdf({
  document: doc,
  signatureImage,
  signingKey,
}: InvoicePdfInput): Promise<Uint8Array> {
  const creditNote = doc.kind === "credit-note";
  const title = creditNote ? "Credit Note" : "Tax Invoice";
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${doc.number}`);
  pdf.setAuthor(doc.seller.name);
  pdf.setCreator("Commerce Academy");
  pdf.setProducer("Commerce Academy");
  pdf.setCreationDate(doc.date);
  pdf.setModificationDate(doc.date);
  const { regular, bold } = await embedPdfFonts(pdf, { devanagari: needsDevanagari(doc) });
  const A4: [number, number] = [595.28, 841.89];
  let page: PDFPage = pdf.addPage(A4);
  const dark = rgb(0.1, 0.1, 0.15);
  const grey = rgb(0.4, 0.4, 0.45);
  const left = 40;
  const right = 555;
  let y = 800;

  type Opts = { font?: PDFFont; size?: number; color?: typeof dark };
  const text = (value: string, x: number, opts: Opts = {}) => {
    const font = opts.font ?? regular;
    drawPdfText(page, value, { x, y, font, size: opts.size ?? 9.5, color: opts.color ?? dark });
  };
  const textRight = (value: string, xRight: number, opts: Opts = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 9.5;
    text(value, xRight - pdfTextWidth(value, font, size), opts);
  };
  const rule = () =>
    page.drawLine({ start: { x: left, y: y + 4 }, end: { x: right, y: y + 4 }, thickness: 0.5, color: grey });
  const newPage = () => {
    page = pdf.addPage(A4);
    y = 800;
    text(`${title} ${doc.number} (continued)`, left, { font: bold, size: 9, color: grey });
    y -= 20;
  };

  // Heading
  text(creditNote ? "CREDIT NOTE" : "TAX INVOICE", left, { font: bold, size: 18 });
  textRight(`${creditNote ? "Credit Note No" : "Invoice No"}: ${doc.number}`, right, { font: bold });
  y -= 14;
  textRight(`${creditNote ? "Credit Note Date" : "Invoice Date"}: ${invoiceDateText(doc.date)}`, right);
  y -= 13;
  if (doc.original) {
    textRight(`Against Invoice No: ${doc.original.number} dated ${invoiceDateText(doc.original.date)}`, right);
    y -= 13;
  }
  textRight(`Order: ${doc.orderNumber}`, right);
  y -= 26;

  // Supplier and buyer
  const col2 = 310;
  text("Supplier", left, { font: bold, color: grey });
  text(creditNote ? "Issued to" : "Bill to", col2, { font: bold, color: grey });
  y -= 14;
  // Each column's heading (the seller's legal name, the buyer's) wraps within its column, in its size.
  type PartyLine = { value: string; font?: PDFFont; size?: number };
  const [sellerHeading = "", ...sellerHeadingRest] = wrap(doc.seller.name, bold, 11, 250);
  const sellerLines: PartyLine[] = [
    ...sellerHeadingRest.map((value) => ({ value, font: bold, size: 11 })),
    ...wrap(doc.seller.address, regular, 9.5, 250).map((value) => ({ value })),
    { value: `State: ${stateLabel(doc.seller.stateCode)}` },
    { value: `GSTIN: ${doc.seller.gstin}` },
  ];
  // A registered buyer (B2B) is billed by its registered name, address and GSTIN, to the attention of
  // the account holder; an unregistered one by name, with the address when the invoice needs it.
  const { buyer } = doc;
  const addressLines = (buyer.address ?? "").split("\n").flatMap((l) => (l ? wrap(l, regular, 9.5, 245) : []));
  const [buyerHeading = "", ...headingRest] = wrap(
    buyer.gstin ? buyer.legalName || buyer.name : buyer.name,
    bold,
    11,
    245,
  );
  const buyerLines: PartyLine[] = [
    ...headingRest.map((value) => ({ value, font: bold, size: 11 })),
    ...addressLines.map((value) => ({ value })),
    ...(buyer.gstin ? [{ value: `Attn: ${buyer.name}` }] : []),
    { value: buyer.email },
    { value: `State: ${stateLabel(doc.placeOfSupply)}` },
    buyer.gstin ? { value: `GSTIN: ${buyer.gstin}`, font: bold } : { value: "GSTIN: Unregistered (B2C)" },
  ];
  text(sellerHeading, left, { font: bold, size: 11 });
  text(buyerHeading, col2, { font: bold, size: 11 });
  y -= 14;
  for (let i = 0; i < Math.max(sellerLines.length, buyerLines.length); i++) {
    const [seller, buyerLine] = [sellerLines[i], buyerLines[i]];
    if (seller?.value) text(seller.value, left, { font: seller.font, size: seller.size });
    if (buyerLine?.value) text(buyerLine.value, col2, { font: buyerLine.font, size: buyerLine.size });
    y -= seller?.size || buyerLine?.size ? 14 : 12.5;
  }
  y -= 6;
  text(`Place of supply: ${stateLabel(doc.placeOfSupply)}`, left, { font: bold });
  y -= 12.5;
  text(REVERSE_CHARGE_LINE, left);
  y -= 24;

  // Lines: taxable value, then the rate and amount of each tax charged.
  const size = 8.5;
  const stateTax = stateTaxName(doc.seller.stateCode);
  const taxCols = doc.intraState
    ? [
        { name: "CGST", rate: HALF_RATE_PERCENT, rateX: 338, amountRight: 405, key: "cgstPaise" as const },
        { name: stateTax, rate: HALF_RATE_PERCENT, rateX: 415, amountRight: 482, key: "sgstPaise" as const },
      ]
    : [{ name: "IGST", rate: GST_RATE_PERCENT, rateX: 360, amountRight: 460, key: "igstPaise" as const }];
  const descWidth = 150;
  const header = () => {
    for (const c of taxCols) {
      const groupWidth = c.amountRight - c.rateX;
      const label = `${c.name} (₹)`;
      text(label, c.rateX + (groupWidth - pdfTextWidth(label, bold, size)) / 2, { font: bold, size });
    }
    y -= 11;
    text("#", left, { font: bold, size });
    text("Description", left + 14, { font: bold, size });
    text("SAC", 212, { font: bold, size });
    textRight("Taxable value (₹)", 330, { font: bold, size });
    for (const c of taxCols) {
      text("Rate", c.rateX, { font: bold, size });
      textRight("Amount", c.amountRight, { font: bold, size });
    }
    textRight("Total (₹)", right, { font: bold, size });
    y -= 6;
    rule();
    y -= 12;
  };
  header();
  doc.lines.forEach((line, i) => {
    const titleLines = wrap(line.title, regular, size, descWidth);
    if (line.access) titleLines.push(...wrap(line.access, regular, size, descWidth));
    if (line.includes?.length) titleLines.push(...wrap(includesText(line.includes), regular, size, descWidth));
    if (line.taxablePaise !== line.pricePaise) {
      titleLines.push(
        `Price ${formatPaise(line.pricePaise)} less discount ${formatPaise(line.pricePaise - line.taxablePaise)}`,
      );
    }
    // Long orders continue on a new page, leaving room for the totals on the last one.
    if (y - titleLines.length * 11 < 60) {
      newPage();
      header();
    }
    text(String(i + 1), left, { size });
    text(sacOf(line, doc), 212, { size });
    textRight(formatRupeesPlain(line.taxablePaise), 330, { size });
    for (const c of taxCols) {
      text(`${c.rate}%`, c.rateX, { size });
      textRight(formatRupeesPlain(line[c.key]), c.amountRight, { size });
    }
    const lineTotal = line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise;
    textRight(formatRupeesPlain(lineTotal), right, { size });
    for (const t of titleLines) {
      text(t, left + 14, { size, color: t === titleLines[0] ? dark : grey });
      y -= 11;
    }
    y -= 3;
  });
  rule();
  y -= 14;

  // The signatory block: "For <seller>", the signature, the name, "Authorised signatory", centred in a
  // column at the right. Measured first, so the totals move to a new page with it when it does not fit.
  const signatory = doc.signatory;
  const image: PDFImage | null =
    signatory?.imageKey && signatureImage
      ? await (isPng(signatureImage) ? pdf.embedPng(signatureImage) : pdf.embedJpg(signatureImage))
      : null;
  const blockWidth = 200;
  const blockLeft = right - blockWidth;
  const forLines = signatory ? wrap(`For ${doc.seller.name}`, bold, 9.5, blockWidth) : [];
  const nameLines = signatory?.name ? wrap(signatory.name, regular, 9.5, blockWidth) : [];
  const imageSize = image ? image.scaleToFit(160, 48) : null;
  const signatureSpace = imageSize ? imageSize.height + 10 : 30;
  const blockHeight = signatory ? 14 + forLines.length * 13 + signatureSpace + nameLines.length * 13 + 16 : 0;
  if (y < 230 + blockHeight) newPage();

  // Totals
  const totalRow = (label: string, value: string, font = regular) => {
    textRight(label, 430, { font });
    textRight(value, right, { font });
    y -= 15;
  };
  totalRow("Subtotal", formatPaise(doc.subtotalPaise));
  if (doc.discountPaise > 0) {
    totalRow(`Discount${doc.couponCode ? ` (${doc.couponCode})` : ""}`, `− ${formatPaise(doc.discountPaise)}`);
  }
  totalRow("Taxable value", formatPaise(doc.taxablePaise));
  for (const c of taxCols) totalRow(`${c.name} @ ${c.rate}%`, formatPaise(doc[c.key]));
  totalRow("Total tax", formatPaise(doc.cgstPaise + doc.sgstPaise + doc.igstPaise));
  y -= 2;
  rule();
  y -= 12;
  totalRow(creditNote ? "Total credited" : "Total", formatPaise(doc.totalPaise), bold);
  y -= 6;
  for (const line of wrap(`Amount in words: ${amountInWords(doc.totalPaise)}`, bold, 9.5, right - left)) {
    text(line, left, { font: bold });
    y -= 13;
  }
  y -= 12;

  const note = (value: string) => {
    for (const line of wrap(value, regular, 8.5, right - left)) {
      text(line, left, { size: 8.5, color: grey });
      y -= 11.5;
    }
  };
  note(
    `${sacNotes(doc)}Amounts in Indian rupees (₹). ` +
      (doc.intraState
        ? `Supply within ${stateLabel(doc.seller.stateCode)}: CGST and ${stateTax}.`
        : "Inter-state supply: IGST."),
  );
  if (creditNote) note(`Issued for the refund of order ${doc.orderNumber}: it reverses the tax of the invoice above.`);
  else if (doc.paymentId) note(`Paid online. Payment reference: ${doc.paymentId}.`);
  if (!image) note(`This is a computer-generated ${creditNote ? "credit note" : "invoice"} and needs no signature.`);

  let signatureRect: [number, number, number, number] | undefined;
  if (signatory) {
    y -= 14;
    if (y - blockHeight + 14 < 40) newPage();
    const top = y + 12;
    const centred = (value: string, font: PDFFont, size: number, color = dark) =>
      text(value, blockLeft + (blockWidth - pdfTextWidth(value, font, size)) / 2, { font, size, color });
    for (const line of forLines) {
      centred(line, bold, 9.5);
      y -= 13;
    }
    if (image && imageSize) {
      page.drawImage(image, {
        x: blockLeft + (blockWidth - imageSize.width) / 2,
        y: y - imageSize.height - 1,
        width: imageSize.width,
        height: imageSize.height,
      });
    }
    y -= signatureSpace;
    for (const line of nameLines) {
      centred(line, regular, 9.5);
      y -= 13;
    }
    page.drawLine({
      start: { x: blockLeft + 20, y: y + 7 },
      end: { x: right - 20, y: y + 7 },
      thickness: 0.5,
      color: grey,
    });
    y -= 4;
    centred(AUTHORISED_SIGNATORY, regular, 9);
    signatureRect = [blockLeft, y - 4, right, top];
    y -= 12;
  }

  if (!signingKey) return pdf.save();
  return saveSigned(pdf, signingKey, {
    page: signatureRect ? page : undefined,
    rect: signatureRect,
    reason: `${title} ${doc.number}`,
    name: signatory?.name || doc.seller.name,
    location: stateLabel(doc.seller.stateCode),
  });
}
