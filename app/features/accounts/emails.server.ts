/**
 * The account emails: welcome and password reset (SMTP when configured, the outbox always; the
 * reset link only through SMTP, never in the outbox).
 */
import type { DbOrTx } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { sendEmail } from "~/platform/email/email.server";

export function resetPasswordUrl(token: string) {
  const url = new URL("/reset-password", getEnv().APP_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

export async function sendWelcomeEmail(db: DbOrTx, user: { name: string; email: string }) {
  const base = getEnv().APP_URL;
  const text = [
    `Hi ${user.name},`,
    "",
    "Welcome to Commerce Academy! Your account is ready.",
    "",
    `Browse courses: ${new URL("/courses", base)}`,
    `Your courses: ${new URL("/my-courses", base)}`,
    "",
    "Happy learning,",
    "Commerce Academy",
  ].join("\n");
  await sendEmail(db, { to: user.email, subject: "Welcome to Commerce Academy", text });
}

export async function sendPasswordResetEmail(db: DbOrTx, user: { name: string; email: string }, token: string) {
  const link = resetPasswordUrl(token);
  const text = [
    `Hi ${user.name},`,
    "",
    "Someone asked to reset the password of your Commerce Academy account.",
    `Choose a new password here (the link works once, within 1 hour): ${link}`,
    "",
    "If it was not you, ignore this email: your password stays the same.",
  ].join("\n");
  // The link unlocks the account: only the recipient's mailbox gets it, the outbox copy does not.
  await sendEmail(db, {
    to: user.email,
    subject: "Reset your Commerce Academy password",
    text,
    secrets: [link, token],
  });
}
