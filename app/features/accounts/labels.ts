/** A newly added admin gets this (spec §6). */
export const FULL_PERMISSIONS = "full system administrator permissions";
