/** The student's announcements on My Courses (issue 36): newest first, the date in IST. */
import { Megaphone } from "lucide-react";
import { formatDateTime } from "~/lib/dates";

export interface StudentAnnouncement {
  id: number;
  title: string;
  body: string;
  createdAt: Date | string;
}

export function AnnouncementList({ items }: { items: StudentAnnouncement[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="announcements-heading" className="mt-6">
      <h2 id="announcements-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Megaphone aria-hidden="true" className="h-5 w-5 text-brand-600" />
        Announcements
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((a) => (
          <li key={a.id} className="rounded-2xl border border-brand-100 bg-brand-50/60 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{a.title}</h3>
              <time dateTime={new Date(a.createdAt).toISOString()} className="text-sm text-slate-500">
                {formatDateTime(a.createdAt)}
              </time>
            </div>
            <p className="mt-2 whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{a.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
