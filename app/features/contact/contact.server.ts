/** Contact form messages: stored for the admins' inbox. */
import { desc } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import {
  CONTACT_PER_ACCOUNT,
  CONTACT_PER_IP,
  type RateRule,
  rateKey,
  reserve,
  tooManyMessage,
} from "~/features/accounts/rate-limit.server";
import { HttpError } from "~/lib/errors";
import { recordEvent } from "~/platform/audit/audit.server";
import type { ContactInput } from "./schema";

export interface ContactSender {
  /** Socket address from the HTTP server (load context); absent in direct calls. */
  clientIp?: string;
  /** The signed-in account, if any. */
  userId?: string | null;
}

/**
 * Stores a contact message and notifies the admins through the audit log, atomically. Limited
 * like sign-up (rate-limit.server.ts, counters shared by every instance): 5 messages per IP and
 * 5 per signed-in account in 15 minutes; over the limit it throws HttpError 429 and stores nothing.
 */
export async function saveContactMessage(db: Db, input: ContactInput, sender: ContactSender = {}) {
  const limits: Array<[string, RateRule]> = [[rateKey("contact-ip", sender.clientIp || "unknown"), CONTACT_PER_IP]];
  if (sender.userId) limits.push([rateKey("contact-account", sender.userId), CONTACT_PER_ACCOUNT]);
  return db.transaction(async (tx) => {
    // Reserved atomically in the same transaction as the message: simultaneous posts cannot pass the limit.
    const wait = await reserve(tx, limits);
    if (wait) throw new HttpError(429, tooManyMessage(wait, "messages"));
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
