/**
 * Admin roles (seed-spec §4, §5, §6, §8): the messages are the spec's, word for word. A change
 * returns its success message; a refusal is an HttpError carrying the spec's message.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { users } from "~/db/schema";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
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

/** A database failure is reported with the spec's "Failed to … Please try again." (503), never as a crash. */
function failed(message: string) {
  return (error: unknown): never => {
    if (error instanceof HttpError) throw error;
    throw new HttpError(503, message, { cause: error });
  };
}

export async function grantAdmin(db: Db, actorId: string, rawEmail: unknown): Promise<string> {
  const email = normaliseEmail(rawEmail);
  if (!email) throw new HttpError(400, ROLE_MESSAGES.emptyEmail, { field: "email" });
  return db
    .transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.email, email)).for("update");
      // 422, not 404: the page exists, the email names no account (a 404 would show the not-found page).
      if (!user) throw new HttpError(422, ROLE_MESSAGES.noAccount(email), { field: "email" });
      if (user.role === "admin") throw new HttpError(409, ROLE_MESSAGES.duplicate(email), { field: "email" });
      await tx.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
      await recordEvent(tx, {
        actorId,
        type: "Role",
        description: `${user.name} (${email}) added as an admin with ${FULL_PERMISSIONS}`,
        status: "Success",
        entityType: "user",
        entityId: user.id,
      });
      return ROLE_MESSAGES.added(user.name);
    })
    .catch(failed(ROLE_MESSAGES.addFailed));
}

export async function removeAdmin(db: Db, actorId: string, userId: string): Promise<string> {
  return db
    .transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.role, "admin")))
        .for("update");
      // Already removed (say, from another tab): the spec's failure message, as a conflict.
      if (!user) throw new HttpError(409, ROLE_MESSAGES.removeFailed);
      if (user.isPrimary) throw new HttpError(409, ROLE_MESSAGES.primary);
      await tx.update(users).set({ role: "student" }).where(eq(users.id, user.id));
      await recordEvent(tx, {
        actorId,
        type: "Role",
        description: `${user.name} (${user.email}) is no longer an admin`,
        status: "Complete",
        entityType: "user",
        entityId: user.id,
      });
      return ROLE_MESSAGES.removed(user.name);
    })
    .catch(failed(ROLE_MESSAGES.removeFailed));
}
