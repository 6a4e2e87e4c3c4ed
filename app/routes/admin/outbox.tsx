import { requireAdmin } from "~/features/accounts/guards.server";
import { listOutbox } from "~/features/email/email.server";
import type { Route } from "./+types/outbox";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Email outbox | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const messages = await listOutbox(50);
  return {
    smtp: Boolean(process.env.SMTP_URL),
    messages: messages.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
      status: m.sentAt ? "Sent" : m.error ? `Failed: ${m.error}` : "In outbox",
    })),
  };
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, smtp } = loaderData;
  return (
    <div className="max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Email outbox</h1>
      <p className="mt-1 text-slate-600">
        {smtp
          ? "Every email the site sends, with its delivery status."
          : "SMTP is not configured (SMTP_URL): emails are kept here instead of being sent."}
      </p>
      {messages.length === 0 ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No emails yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 bg-white">
              <details>
                <summary className="flex cursor-pointer flex-col gap-1 p-4 sm:flex-row sm:items-center sm:gap-4">
                  <span className="font-semibold text-slate-900">{m.subject}</span>
                  <span className="text-sm text-slate-600">to {m.to}</span>
                  <span className="text-xs text-slate-500 sm:ml-auto">
                    {dateFormat.format(new Date(m.createdAt))} · {m.status}
                  </span>
                </summary>
                <pre className="overflow-x-auto whitespace-pre-wrap break-words border-t border-slate-100 p-4 font-sans text-sm text-slate-800">
                  {m.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
