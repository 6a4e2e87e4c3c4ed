import { describe, expect, it } from "vitest";
import { seedNotes, seedPyqs } from "~/db/seed/data";
import { sampleDocumentFor, sampleDocuments } from ".";
import { SAMPLE_PAPER_LABEL, type SampleBlock } from "./types";

/** "1,20,000" → 120000; "(15,000)" → −15000; "" → 0. */
function amount(cell: string): number {
  const negative = /^\(.*\)$/.test(cell.trim());
  const value = Number(cell.replace(/[(),₹\s]/g, "") || "0");
  expect(Number.isFinite(value), `"${cell}" is an amount`).toBe(true);
  return negative ? -value : value;
}

function textsOf(block: SampleBlock): string[] {
  switch (block.kind) {
    case "heading":
      return [];
    case "para":
      return [block.text];
    case "points":
      return block.items;
    case "question":
      return [block.text];
    case "table":
      return block.table.rows.flat().filter((cell) => cell.length > 40);
  }
}

describe("the seeded notes' and papers' text", () => {
  it("every seeded note and PYQ product has its own document of its kind, subject and class", () => {
    const used = [...seedNotes, ...seedPyqs].map((item) => {
      const doc = sampleDocumentFor(item);
      expect([doc.kind, doc.subject, doc.classLevel]).toEqual([item.kind, item.subject, item.classLevel]);
      return doc;
    });
    expect(new Set(used).size).toBe(used.length);
    expect(sampleDocuments).toHaveLength(used.length);
  });

  it("every document has at least three sections; papers are labelled as samples, not board papers", () => {
    for (const doc of sampleDocuments) {
      expect(doc.sections.length).toBeGreaterThanOrEqual(3);
      if (doc.kind === "pyq") {
        expect(doc.label).toBe(SAMPLE_PAPER_LABEL);
        expect(doc.notice).toMatch(/not an actual board/);
        expect(doc.sections.at(-1)!.title).toBe("Marking scheme and answers");
      }
    }
  });

  it("no paragraph, point or question is repeated within a document, nor a paragraph across them (no filler)", () => {
    const all: string[] = [];
    for (const doc of sampleDocuments) {
      const texts = doc.sections.flatMap((s) => s.blocks.flatMap(textsOf));
      expect(texts.length).toBeGreaterThan(15);
      expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
      all.push(...doc.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === "para" ? [b.text] : []))));
    }
    expect(all.filter((t, i) => all.indexOf(t) !== i)).toEqual([]);
  });

  it("every table marked as totalled adds up, column by column", () => {
    let checked = 0;
    for (const doc of sampleDocuments) {
      for (const block of doc.sections.flatMap((s) => s.blocks)) {
        if (block.kind !== "table" || !block.table.total) continue;
        const { rows, amounts = [] } = block.table;
        expect(amounts.length).toBeGreaterThan(0);
        for (const column of amounts) {
          const body = rows.slice(0, -1).reduce((sum, row) => sum + amount(row[column]!), 0);
          expect(body, `${block.table.caption ?? rows.at(-1)![0]} column ${column}`).toBe(
            amount(rows.at(-1)![column]!),
          );
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it("each paper's marks add up to its stated maximum (one option of Part B counted)", () => {
    for (const doc of sampleDocuments.filter((d) => d.kind === "pyq")) {
      const first = doc.sections[0]!.blocks.find((b) => b.kind === "para");
      const max = Number(/Maximum marks: (\d+)/.exec(first?.kind === "para" ? first.text : "")?.[1]);
      const marks = new Map<string, number>();
      for (const block of doc.sections.flatMap((s) => s.blocks)) {
        if (block.kind === "question" && !marks.has(block.no)) marks.set(block.no, block.marks);
      }
      expect(
        [...marks.values()].reduce((a, b) => a + b, 0),
        `${doc.subject} ${doc.classLevel}`,
      ).toBe(max);
      // Questions are numbered 1, 2, 3 … without gaps.
      expect([...marks.keys()]).toEqual([...marks.keys()].map((_, i) => String(i + 1)));
    }
  });
});
