/** The admin top bar's search box and notifications dropdown (their data comes from /admin/search and /admin/notifications). */
import { Bell, Search } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/ui/cn";

export const NO_NEW_NOTIFICATIONS = "No new notifications.";

export function AdminSearchBox() {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/admin/search" role="search" className="relative w-full max-w-md">
      <label htmlFor="admin-search" className="sr-only">
        Search courses, notes, PYQ, users and orders
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        id="admin-search"
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        placeholder="Search courses, users, orders…"
        className="h-10 w-full rounded-lg border border-slate-300 bg-slate-50 pr-3 pl-9 text-sm focus:bg-white"
      />
    </Form>
  );
}

interface NotificationsData {
  items: { id: string; title: string; href: string; time: string; isNew: boolean }[];
  unread: number;
}

export function NotificationsMenu() {
  const list = useFetcher<NotificationsData>({ key: "admin-notifications" });
  const mark = useFetcher({ key: "admin-notifications-read" });
  // Load on mount and again after "mark all read".
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when a mark-read submission settles
  useEffect(() => {
    if (mark.state === "idle") list.load("/admin/notifications");
  }, [mark.state]);
  const data = list.data;
  const unread = mark.state !== "idle" ? 0 : (data?.unread ?? 0);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          aria-label={unread ? `Notifications (${unread} unread)` : "Notifications"}
        >
          <Bell className="h-5 w-5" aria-hidden />
          {unread > 0 ? (
            <span className="absolute top-1 right-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-bold text-white">
              {unread}
            </span>
          ) : null}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="flex items-center justify-between px-2 py-1">
            <DropdownMenu.Label className="text-sm font-semibold text-slate-900">Notifications</DropdownMenu.Label>
            <mark.Form method="post" action="/admin/notifications">
              <button
                type="submit"
                name="intent"
                value="mark-all-read"
                className="text-xs font-semibold text-brand-700 hover:underline disabled:opacity-50"
                disabled={!data || data.unread === 0}
              >
                Mark all read
              </button>
            </mark.Form>
          </div>
          {data && unread === 0 ? <p className="px-2 py-3 text-sm text-slate-600">{NO_NEW_NOTIFICATIONS}</p> : null}
          {data?.items.map((n) => (
            <DropdownMenu.Item key={n.id} asChild>
              <Link
                to={n.href}
                className={cn(
                  "flex items-start gap-2 rounded-lg px-2 py-2 text-sm outline-none hover:bg-slate-50 focus:bg-slate-100",
                  n.isNew && unread > 0 ? "font-semibold text-slate-900" : "text-slate-600",
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    "mt-1.5 h-2 w-2 shrink-0 rounded-full",
                    n.isNew && unread > 0 ? "bg-brand-600" : "bg-transparent",
                  )}
                />
                <span className="flex-1">
                  {n.title}
                  {n.isNew && unread > 0 ? <span className="sr-only"> (unread)</span> : null}
                  <span className="block text-xs font-normal text-slate-500">{formatDateTime(n.time)}</span>
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
