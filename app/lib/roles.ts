/** Display names of the account roles (client-safe; settings words its default access level with them). */
export type RoleName = "student" | "instructor" | "guest" | "admin";

/** Every role, in the order the admin offers them. */
export const ROLES = ["student", "instructor", "guest", "admin"] as const satisfies readonly RoleName[];

export const ROLE_LABELS: Record<RoleName, string> = {
  student: "Student",
  instructor: "Instructor",
  guest: "Guest",
  admin: "Admin",
};
