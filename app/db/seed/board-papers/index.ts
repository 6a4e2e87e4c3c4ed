/**
 * The seeded 80-mark, 3-hour CBSE board mock papers (issue 35): Class 12 Accountancy and Economics in
 * the 2025–26 blueprint, with sections, part options and internal choices. Seeded by seedBoardPapers
 * (its own marker, so an install seeded before them gets them on its next start, once).
 */
import { accountancyPaper } from "./accountancy";
import type { BoardPaper } from "./build";
import { economicsPaper } from "./economics";

export type { BoardPaper, BoardSection } from "./build";

/** The source every question of these papers carries (the question bank's filter and report). */
export const BOARD_PAPER_SOURCE = "Commerce Academy (CBSE 2025–26 pattern)";

export const seedBoardPaperList: BoardPaper[] = [accountancyPaper, economicsPaper];
