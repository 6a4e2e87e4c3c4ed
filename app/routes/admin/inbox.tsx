import { dbContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import { listContactMessages } from "~/features/contact/contact.server";
import { formatDateTime } from "~/lib/dates";
import { listOutbox } from "~/platform/email/email.server";
import type { Route } from "./+types/inbox";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Messages | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [messages, outbox] = await Promise.all([listContactMessages(db), listOutbox(db)]);
  return { messages, outbox };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { messages, outbox } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title="Messages" subtitle="Contact form messages and every email the site sent or queued." />
      <Card title="Contact messages">
        {messages.length === 0 ? (
          <p className="text-sm text-slate-600">No messages yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {messages.map((m) => (
              <li key={m.id} id={`message-${m.id}`} className="py-3 text-sm">
                <p className="font-medium">
                  {m.name}{" "}
                  <a href={`mailto:${m.email}`} className="font-normal text-brand-700 hover:underline">
                    &lt;{m.email}&gt;
                  </a>
                </p>
                <p className="text-xs text-slate-500">{formatDateTime(m.createdAt)}</p>
                <p className="mt-1 whitespace-pre-wrap text-slate-800">{m.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Email outbox">
        {outbox.length === 0 ? (
          <p className="text-sm text-slate-600">No emails yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {outbox.map((e) => (
              <li key={e.id} className="py-3 text-sm">
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-medium">{e.subject}</span> → {e.to}{" "}
                    <span className="text-xs text-slate-500">
                      {formatDateTime(e.createdAt)} ·{" "}
                      {e.sentAt ? "sent" : e.error ? `failed: ${e.error}` : "kept in the outbox"}
                    </span>
                  </summary>
                  <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
                    {e.text}
                  </pre>
                  {e.attachments.length ? (
                    <p className="mt-1 text-xs text-slate-500">Attachments: {e.attachments.join(", ")}</p>
                  ) : null}
                </details>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
