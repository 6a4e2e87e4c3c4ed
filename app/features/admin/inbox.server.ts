/** Contact messages and the email outbox, readable by admins. */
import { desc } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { contactMessages, emailOutbox } from "~/db/schema";

export async function loadInbox(db: DbOrTx, limit = 50) {
  const [messages, outbox] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit),
    db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit),
  ]);
  return { messages, outbox };
}
