/**
 * The text of the seeded notes and sample papers, one module per subject. A product's document is
 * the one of its kind, subject and class; another class of the same subject and kind, then the
 * subject's first of that kind, stand in for a product the owner re-labelled.
 */
import type { SampleSource } from "../sample-pdf.server";
import { accountancyDocuments } from "./accountancy";
import { businessStudiesDocuments } from "./business-studies";
import { economicsDocuments } from "./economics";
import { englishDocuments } from "./english";
import type { SampleDocument } from "./types";

export const sampleDocuments: SampleDocument[] = [
  ...accountancyDocuments,
  ...economicsDocuments,
  ...businessStudiesDocuments,
  ...englishDocuments,
];

export function sampleDocumentFor(source: Pick<SampleSource, "kind" | "subject" | "classLevel">): SampleDocument {
  const kind = source.kind === "pyq" ? "pyq" : "note";
  const ofKind = sampleDocuments.filter((d) => d.kind === kind);
  return (
    ofKind.find((d) => d.subject === source.subject && d.classLevel === source.classLevel) ??
    ofKind.find((d) => d.subject === source.subject) ??
    ofKind[0]!
  );
}
