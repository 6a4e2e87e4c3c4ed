/**
 * The classes an item is for, as the admin forms and the audit log name them. Admin screens and
 * server code only: kept apart from labels.ts, which the store's pages load, so it costs the store's
 * first-load JavaScript nothing.
 */
export type ClassLevel = "11" | "12" | "both";
export const CLASS_LEVELS = ["11", "12", "both"] as const satisfies readonly ClassLevel[];
export const CLASS_LABELS: Record<ClassLevel, string> = { "11": "Class 11", "12": "Class 12", both: "Class 11 and 12" };
