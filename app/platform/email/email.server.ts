/**
 * Outgoing email. With SMTP_URL set, messages go through nodemailer; without it
 * they are written to the `email_outbox` table, which admins can read. Either
 * way every message is recorded in the outbox (with sent_at or the error).
 *
 * The outbox copy never holds a secret: what a message lists in `secrets` (a password-reset link,
 * any token) reaches its recipient through SMTP and is replaced by `REDACTED` in the stored copy,
 * so no admin can read it there (an admin who could would take over the account it unlocks).
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
  /** Text only the recipient may read (a reset link, a token): delivered, never stored readable. */
  secrets?: string[];
  /** Extra headers of the delivered message (e.g. List-Unsubscribe); not kept in the outbox copy. */
  headers?: Record<string, string>;
}

/** What the stored copy of a message shows in place of each of its secrets. */
export const REDACTED = "[removed from this copy: only the recipient's email has it]";

/** The text with every secret replaced by REDACTED (longest first, so a link goes before the token inside it). */
export function redact(text: string, secrets: string[] = []): string {
  let out = text;
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  return out;
}

type Transport = { sendMail(message: Record<string, unknown>): Promise<unknown> };
/** One transport per SMTP_URL (a test may point the app at a local sink and back). */
let transport: { url: string; smtp: Transport } | undefined;

async function getTransport(): Promise<Transport | null> {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  if (transport?.url !== url) {
    const nodemailer = await import("nodemailer");
    transport = { url, smtp: nodemailer.default.createTransport(url) as Transport };
  }
  return transport.smtp;
}

export function mailFrom() {
  return getEnv().MAIL_FROM;
}

/**
 * Records the message (its secrets removed) and delivers it whole when SMTP is configured. Never
 * throws for delivery errors.
 */
export async function sendEmail(db: DbOrTx, message: EmailMessage): Promise<{ id: number; delivered: boolean }> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: redact(message.text, message.secrets),
      html: message.html === undefined ? null : redact(message.html, message.secrets),
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
      headers: message.headers,
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
