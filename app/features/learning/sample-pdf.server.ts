/**
 * Sample PDFs for the seeded notes and PYQ papers: a cover, a contents page and
 * a page per topic with real-looking study material. Generated at first start
 * into file storage (keys under `seed/`), and again on download if missing
 * (seed-files.server.ts).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { SUBJECT_BOARD_NAMES, type Subject } from "~/features/catalog/labels";
import { embedPdfFonts } from "~/lib/pdf-font.server";
import { drawPdfText, needsDevanagari, pdfTextWidth, wrapText } from "../files/pdf-text";

export const SEED_FILE_PREFIX = "seed/";

export function isSeedFileKey(key: string): boolean {
  return key.startsWith(SEED_FILE_PREFIX);
}

export interface SampleSource {
  kind: "course" | "note" | "pyq" | "test";
  title: string;
  subject: Subject;
  classLevel: "11" | "12" | "both";
  author: string;
  description: string;
  modules: string[];
}

const NOTES: Record<Subject, string[]> = {
  accountancy: [
    "Every transaction has two aspects: the account debited and the account credited are always equal in amount. Write the narration in brackets below each entry and total each page before carrying it forward.",
    "Interest on capital and salary to partners are appropriations of profit, not charges against profit. Show them in the Profit and Loss Appropriation Account and never in the Profit and Loss Account.",
    "Goodwill under the average profit method = Average profit x Number of years' purchase. Under the super profit method, super profit = Average profit - Normal profit, where Normal profit = Capital employed x Normal rate of return / 100.",
    "When a new partner brings a premium for goodwill in cash, credit the sacrificing partners in their sacrificing ratio. If the premium is not brought, debit the new partner's current account.",
    "Current ratio = Current assets / Current liabilities (ideal 2:1). Quick ratio = Quick assets / Current liabilities (ideal 1:1). Debt-equity ratio = Long-term debts / Shareholders' funds.",
  ],
  economics: [
    "National income at factor cost (NNP at FC) = GDP at market price - Depreciation - Net indirect taxes + Net factor income from abroad. Avoid double counting by taking only final goods or the value added at each stage.",
    "The money multiplier = 1 / Legal reserve ratio. If the LRR is 20 per cent and initial deposits are ₹1,000 crore, total deposits created = 1,000 x 5 = ₹5,000 crore.",
    "At equilibrium, aggregate demand equals aggregate supply (AD = AS), or planned saving equals planned investment (S = I). The investment multiplier k = 1 / (1 - MPC) = 1 / MPS.",
    "A revenue deficit means the government is borrowing to meet its consumption expenditure. Fiscal deficit = Total expenditure - (Revenue receipts + Non-debt creating capital receipts).",
    "Under a flexible exchange rate, the price of foreign currency is set by its demand and supply in the foreign exchange market. A rise in the exchange rate means depreciation of the domestic currency.",
  ],
  business_studies: [
    "Management is a goal-oriented, pervasive, multidimensional, continuous, group, dynamic and intangible activity. It is both an art and a science, and is emerging as a profession.",
    "Fayol's fourteen principles include division of work, authority and responsibility, discipline, unity of command, unity of direction, scalar chain and esprit de corps. Quote the principle, then apply it to the case.",
    "Taylor's techniques of scientific management: functional foremanship, standardisation of work, method study, motion study, time study, fatigue study and the differential piece wage system.",
    "The marketing mix has four elements: product, price, place (physical distribution) and promotion. In a case question, underline the line of the case that points to each element before you answer.",
    "Under the Consumer Protection Act 2019, a complaint up to ₹1 crore goes to the District Commission, up to ₹10 crore to the State Commission, and above that to the National Commission.",
  ],
  english: [
    "A notice is written in a box, with the name of the institution, the word NOTICE, the date and a catchy heading. Keep it within 50 words and sign it with the name and designation of the writer.",
    "A formal letter has the sender's address, date, receiver's address, subject, salutation, body in three paragraphs, complimentary close and signature. Use full block format throughout.",
    "An article needs a title and the writer's name, an introduction that catches attention, two or three body paragraphs with facts or examples, and a conclusion with a suggestion or an appeal.",
    "A report on an event answers who, what, when, where and how: heading, byline, place and date, the event in sequence, chief guest and highlights, and a closing line on its impact.",
    "In reading comprehension, answer in your own words, keep to the word limit, and look for the clue words in the question before you go back to the passage.",
  ],
};

const QUESTIONS: Record<Subject, string[]> = {
  accountancy: [
    "A, B and C are partners sharing profits in the ratio 5:3:2. C retires and his share is taken by A and B equally. Calculate the new profit-sharing ratio and the gaining ratio. (3 marks)",
    "Pass the necessary journal entries for the issue of 10,000 equity shares of ₹10 each at a premium of ₹2 per share, payable with application. (3 marks)",
    "From the following information, calculate the current ratio and the quick ratio: current assets ₹4,00,000; inventory ₹1,00,000; current liabilities ₹2,00,000. (4 marks)",
    "Prepare a Cash Flow Statement from the balance sheets given, showing cash flows from operating, investing and financing activities. (6 marks)",
    "Explain any three circumstances in which a partnership firm may be dissolved by order of the court. (3 marks)",
  ],
  economics: [
    "Calculate National Income from the following data by the income method and the expenditure method. (6 marks)",
    "Explain the process of credit creation by commercial banks with the help of a numerical example. (4 marks)",
    "If the marginal propensity to consume is 0.8, what is the value of the investment multiplier? How much will income rise if investment rises by ₹500 crore? (3 marks)",
    "Distinguish between revenue deficit and fiscal deficit. What are the implications of a high fiscal deficit? (4 marks)",
    "State the main objectives of the economic reforms of 1991 in India. (3 marks)",
  ],
  business_studies: [
    "Read the case given below and identify the principle of management being violated. Explain it. (4 marks)",
    "State any four features of planning. (4 marks)",
    "Explain the importance of staffing in an organisation. (3 marks)",
    "What is meant by financial leverage? How does it affect the return on equity? (4 marks)",
    "Explain any three rights of a consumer under the Consumer Protection Act, 2019. (3 marks)",
  ],
  english: [
    "Read the passage given below and answer the questions that follow in about 40 words each. (10 marks)",
    "You are the head girl of your school. Write a notice in not more than 50 words informing students about an inter-school debate competition. (4 marks)",
    "Write a letter to the editor of a national daily about the problem of noise pollution in your locality. (5 marks)",
    "Write an article in 120 to 150 words on the importance of reading books in the digital age. (5 marks)",
    "Answer any two of the following questions from your textbook in about 120 words each. (6 marks)",
  ],
};

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.35, 0.38, 0.45);
const BRAND = rgb(0.14, 0.32, 0.88);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function drawParagraph(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  y: number,
  opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number } = {},
) {
  const size = opts.size ?? 11;
  const font = opts.bold ? fonts.bold : fonts.regular;
  const x = PAGE.margin + (opts.indent ?? 0);
  const lines = wrapText(text, font, size, PAGE.width - x - PAGE.margin);
  for (const line of lines) {
    drawPdfText(page, line, { x, y, size, font, color: opts.color ?? INK });
    y -= size * 1.45;
  }
  return y;
}

function pageHeader(page: PDFPage, fonts: Fonts, source: SampleSource, pageNo: number) {
  drawPdfText(page, [...source.title].slice(0, 80).join(""), {
    x: PAGE.margin,
    y: PAGE.height - 32,
    size: 8,
    font: fonts.regular,
    color: MUTED,
  });
  page.drawText(`Commerce Academy  |  ${pageNo}`, {
    x: PAGE.width - PAGE.margin - pdfTextWidth(`Commerce Academy  |  ${pageNo}`, fonts.regular, 8),
    y: PAGE.height - 32,
    size: 8,
    font: fonts.regular,
    color: MUTED,
  });
  page.drawLine({
    start: { x: PAGE.margin, y: PAGE.height - 40 },
    end: { x: PAGE.width - PAGE.margin, y: PAGE.height - 40 },
    thickness: 0.5,
    color: MUTED,
  });
}

/**
 * A few pages of real-looking study material for a note or PYQ paper. A pure job of the PDF pool
 * (server/pdf-worker.ts): callers run it with runPdfJob, off the main thread.
 */
export async function generateSamplePdf(source: SampleSource): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(source.title);
  doc.setAuthor(source.author);
  doc.setCreator("Commerce Academy");
  doc.setProducer("Commerce Academy");
  // Fixed dates keep the file identical from one generation to the next.
  doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  doc.setModificationDate(new Date("2026-01-01T00:00:00Z"));
  const fonts: Fonts = await embedPdfFonts(doc, { devanagari: needsDevanagari(source) });
  const subjectName = SUBJECT_BOARD_NAMES[source.subject];
  const classText = source.classLevel === "both" ? "Class 11 and 12" : `Class ${source.classLevel}`;

  // Cover
  const cover = doc.addPage([PAGE.width, PAGE.height]);
  cover.drawRectangle({ x: 0, y: PAGE.height - 260, width: PAGE.width, height: 260, color: BRAND });
  cover.drawText("COMMERCE ACADEMY", {
    x: PAGE.margin,
    y: PAGE.height - 70,
    size: 12,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  let y = PAGE.height - 130;
  for (const line of wrapText(source.title, fonts.bold, 26, PAGE.width - 2 * PAGE.margin)) {
    drawPdfText(cover, line, { x: PAGE.margin, y, size: 26, font: fonts.bold, color: rgb(1, 1, 1) });
    y -= 32;
  }
  drawPdfText(
    cover,
    `${subjectName}  |  ${classText}  |  ${source.kind === "pyq" ? "Previous-year papers" : "Study notes"}`,
    { x: PAGE.margin, y: PAGE.height - 235, size: 11, font: fonts.regular, color: rgb(0.9, 0.93, 1) },
  );
  y = PAGE.height - 310;
  y = drawParagraph(cover, fonts, `By ${source.author}`, y, { bold: true, size: 13 });
  y = drawParagraph(cover, fonts, source.description, y - 10, { size: 12, color: MUTED });
  y = drawParagraph(cover, fonts, "Contents", y - 24, { bold: true, size: 14 });
  source.modules.forEach((m, i) => {
    y = drawParagraph(cover, fonts, `${i + 1}.  ${m}`, y - 4, { indent: 8 });
  });

  // One page per topic
  const notes = NOTES[source.subject];
  const questions = QUESTIONS[source.subject];
  source.modules.forEach((topic, i) => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    pageHeader(page, fonts, source, i + 2);
    let py = PAGE.height - 90;
    py = drawParagraph(page, fonts, `${i + 1}. ${topic}`, py, { bold: true, size: 18, color: BRAND });
    py -= 10;
    if (source.kind === "pyq") {
      py = drawParagraph(page, fonts, "Time allowed: 3 hours. Maximum marks: 80. All questions are compulsory.", py, {
        color: MUTED,
      });
      py -= 8;
      for (let q = 0; q < questions.length; q++) {
        py = drawParagraph(page, fonts, `Q${q + 1}. ${questions[(q + i) % questions.length]}`, py - 6);
      }
      py = drawParagraph(page, fonts, "Marking scheme", py - 18, { bold: true, size: 13 });
      py = drawParagraph(page, fonts, notes[i % notes.length]!, py - 4, { color: MUTED });
    } else {
      for (let p = 0; p < 3; p++) {
        py = drawParagraph(page, fonts, notes[(i + p) % notes.length]!, py - 8);
      }
      py = drawParagraph(page, fonts, "Practice question", py - 18, { bold: true, size: 13 });
      py = drawParagraph(page, fonts, questions[i % questions.length]!, py - 4, { color: MUTED });
    }
  });
  return doc.save({ useObjectStreams: false });
}
