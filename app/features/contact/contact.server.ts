/** Contact form messages: stored for the admins' inbox. */
import { desc } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { recordEvent } from "~/features/audit/audit.server";
import type { ContactInput } from "./schema";

/** Stores a contact message and notifies the admins through the audit log, atomically. */
export async function saveContactMessage(db: Db, input: ContactInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    await recordEvent(tx, {
      type: "Contact",
      status: "New",
      description: `New message from ${input.name} <${input.email}>`,
      entityType: "contact_message",
      entityId: row!.id,
    });
    return row!;
  });
}

/** The newest contact messages, for the admin inbox. */
export function listContactMessages(db: DbOrTx, limit = 50) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
