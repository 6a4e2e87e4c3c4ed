/** Display names of the account roles (client-safe). */
export type RoleName = "student" | "instructor" | "guest" | "admin";

export const ROLE_LABELS: Record<RoleName, string> = {
  student: "Student",
  instructor: "Instructor",
  guest: "Guest",
  admin: "Admin",
};
/** A newly added admin gets this (spec §6). */
export const FULL_PERMISSIONS = "full system administrator permissions";
