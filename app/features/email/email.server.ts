/**
 * Outgoing email. With SMTP_URL set, messages go through nodemailer; without it
 * they are written to the `email_outbox` table, which admins can read. Either
 * way every message is recorded in the outbox (with sent_at or the error).
 */
import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { getEnv } from "~/lib/env.server";

export interface EmailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

type Transport = { sendMail(message: Record<string, unknown>): Promise<unknown> };
let transport: Transport | null | undefined;

async function getTransport(): Promise<Transport | null> {
  if (transport !== undefined) return transport;
  const url = getEnv().SMTP_URL;
  if (!url) {
    transport = null;
    return transport;
  }
  const nodemailer = await import("nodemailer");
  transport = nodemailer.default.createTransport(url) as Transport;
  return transport;
}

export function mailFrom() {
  return getEnv().MAIL_FROM;
}

/** Records the message and delivers it when SMTP is configured. Never throws for delivery errors. */
export async function sendEmail(db: DbOrTx, message: EmailMessage): Promise<{ id: number; delivered: boolean }> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: (message.attachments ?? []).map((a) => a.filename),
    })
    .returning({ id: emailOutbox.id });
  const id = row!.id;
  const smtp = await getTransport();
  if (!smtp) return { id, delivered: false };
  try {
    await smtp.sendMail({
      from: mailFrom(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.content),
        contentType: a.contentType,
      })),
    });
    await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, id));
    return { id, delivered: true };
  } catch (error) {
    await db
      .update(emailOutbox)
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where(eq(emailOutbox.id, id));
    return { id, delivered: false };
  }
}

/** The newest outbox entries (sent, queued or failed), for the admin inbox. */
export function listOutbox(db: DbOrTx, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
