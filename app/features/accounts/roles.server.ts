/** Admin roles (seed-spec §4, §5, §6, §8): the messages are the spec's, word for word. */
import { and, asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordEvent } from "~/features/audit/audit.server";
import { FULL_PERMISSIONS } from "./labels";

export const ROLE_MESSAGES = {
  emptyEmail: "Email field cannot be empty.",
  duplicate: (email: string) => `User with email "${email}" is already an admin.`,
  added: (name: string) => `${name} has been successfully added as an admin.`,
  removed: (name: string) => `${name}'s admin role has been removed.`,
  addFailed: "Failed to add admin role. Please try again.",
  removeFailed: "Failed to remove admin role. Please try again.",
  primary: "Cannot remove the primary administrator role.",
  noAccount: (email: string) =>
    `No account uses the email "${email}". Ask them to sign up first, then add them as an admin.`,
} as const;

export type RoleResult = { ok: true; message: string } | { ok: false; message: string; status: number };

export async function listAdmins(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, isPrimary: users.isPrimary })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.isPrimary), asc(users.name))
    .then((rows) => rows.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)));
}

export function normaliseEmail(raw: unknown) {
  return String(raw ?? "")
    .trim()
    .toLowerCase();
}

export async function grantAdmin(db: Db, actorId: string, rawEmail: unknown): Promise<RoleResult> {
  const email = normaliseEmail(rawEmail);
  if (!email) return { ok: false, message: ROLE_MESSAGES.emptyEmail, status: 400 };
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.email, email)).for("update");
      if (!user) return { ok: false as const, message: ROLE_MESSAGES.noAccount(email), status: 404 };
      if (user.role === "admin") return { ok: false as const, message: ROLE_MESSAGES.duplicate(email), status: 409 };
      await tx.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
      await recordEvent(tx, {
        actorId,
        type: "Role",
        description: `${user.name} (${email}) added as an admin with ${FULL_PERMISSIONS}`,
        status: "Success",
        entityType: "user",
        entityId: user.id,
      });
      return { ok: true as const, message: ROLE_MESSAGES.added(user.name) };
    });
  } catch {
    return { ok: false, message: ROLE_MESSAGES.addFailed, status: 500 };
  }
}

export async function removeAdmin(db: Db, actorId: string, userId: string): Promise<RoleResult> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.role, "admin")))
        .for("update");
      if (!user) return { ok: false as const, message: ROLE_MESSAGES.removeFailed, status: 404 };
      if (user.isPrimary) return { ok: false as const, message: ROLE_MESSAGES.primary, status: 409 };
      await tx.update(users).set({ role: "student" }).where(eq(users.id, user.id));
      await recordEvent(tx, {
        actorId,
        type: "Role",
        description: `${user.name} (${user.email}) is no longer an admin`,
        status: "Complete",
        entityType: "user",
        entityId: user.id,
      });
      return { ok: true as const, message: ROLE_MESSAGES.removed(user.name) };
    });
  } catch {
    return { ok: false, message: ROLE_MESSAGES.removeFailed, status: 500 };
  }
}
