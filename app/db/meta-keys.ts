/**
 * The keys of the app_meta table (key → value), in one place: the seed's markers, which the seed
 * writes and "Remove all sample content" (features/settings/sample-content.server.ts) writes too, so
 * that nothing of the sample comes back at the next start; and the content version.
 */

/** The sample catalogue was seeded (value: the seed's version). */
export const SEED_KEY = "seed_version";
/** The practice tests' sample content was seeded. */
export const PRACTICE_SEED_KEY = "practice_seed_version";
/** The question bank's sample questions were seeded (or the store wants none: SEED_SAMPLE=0, or they were removed). */
export const QUESTION_BANK_SEED_KEY = "question_bank_seed_version";
/** The two 80-mark board mock papers (issue 35) were seeded (or the store wants none, or they were removed). */
export const BOARD_PAPERS_SEED_KEY = "board_papers_seed_version";
/** Present once the seed's rows are marked `is_sample` (new installs at once, older ones by markSampleContent). */
export const SAMPLE_MARK_KEY = "sample_marked";
/** Bumped by database triggers on every write to public content (migration 0001; db/content-version.server.ts). */
export const CONTENT_VERSION_KEY = "content_version";
/** The last good scheduled backup (JSON: time, file, bytes; features/admin/backups.server.ts). */
export const LAST_BACKUP_KEY = "last_backup";
