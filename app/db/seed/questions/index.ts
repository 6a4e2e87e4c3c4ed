/**
 * The question bank's sample questions (issue 32): at least ten per chapter for two NCERT chapters
 * of each subject in Class 11 and Class 12 — multiple choice, assertion–reason, case-based sets and
 * written answers with model answers and marking points. Seeded by seedQuestionBank, outside any test.
 */
import type { SubjectKey } from "../factories";
import { accountancyBank } from "./accountancy";
import type { ChapterBank } from "./build";
import { businessStudiesBank } from "./business-studies";
import { economicsBank } from "./economics";
import { englishBank } from "./english";

export type { ChapterBank } from "./build";

export const seedQuestionBanks: Record<SubjectKey, ChapterBank[]> = {
  accountancy: accountancyBank,
  economics: economicsBank,
  business_studies: businessStudiesBank,
  english: englishBank,
};
