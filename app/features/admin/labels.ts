/** Display labels shared by the admin server modules and screens. */
export type Kind = "course" | "note" | "pyq";
export type Status = "draft" | "published" | "archived";
export type RoleName = "student" | "instructor" | "guest" | "admin";

export const KIND_LABELS: Record<Kind, string> = { course: "Course", note: "Note", pyq: "PYQ" };
export const STATUS_LABELS: Record<Status, string> = { draft: "Draft", published: "Published", archived: "Archived" };
export const ROLE_LABELS: Record<RoleName, string> = {
  student: "Student",
  instructor: "Instructor",
  guest: "Guest",
  admin: "Admin",
};
/** A newly added admin gets this (spec §6). */
export const FULL_PERMISSIONS = "full system administrator permissions";
