import { BarChart3, BookOpen, GraduationCap, IndianRupee, Percent, PlusCircle, Users } from "lucide-react";
import { Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { backupStatus, lastBackup } from "~/features/admin/backups.server";
import { SalesEnrolmentChart } from "~/features/admin/charts";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Badge, Card, CountUp, formatMetric, PageHeader, Trend } from "~/features/admin/ui";
import { loadDashboard } from "~/features/analytics/metrics.server";
import { SUBJECT_LABELS } from "~/features/catalog/labels";
import { formatDateTime } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { formatCount } from "~/lib/numbers";
import type { Route } from "./+types/dashboard";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Dashboard | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [dashboard, last] = await Promise.all([loadDashboard(db), lastBackup(db)]);
  return { ...dashboard, backup: backupStatus(last, getEnv().BACKUP_INTERVAL_HOURS) };
}

const ICONS = { revenue: IndianRupee, students: Users, enrolments: GraduationCap, conversion: Percent } as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { metrics, series, top, activity, backup } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle="Live figures from orders, enrolments and the audit log." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {metrics.map((m, i) => {
          const Icon = ICONS[m.id];
          return (
            <Card key={m.id}>
              <div className="flex items-start justify-between gap-2">
                <p className="text-sm font-medium text-slate-600">{m.label}</p>
                <Icon className="h-5 w-5 text-brand-600" aria-hidden />
              </div>
              <p className="mt-2 text-2xl font-bold text-slate-900" data-metric={m.id}>
                {i === 1 ? <CountUp to={m.value} /> : formatMetric(m.value, m.format)}
              </p>
              {m.beside ? (
                <p className="text-sm text-slate-600">
                  {m.beside.label}{" "}
                  <span className="font-semibold text-slate-800" data-metric={`${m.id}-beside`}>
                    {formatMetric(m.beside.value, m.beside.format)}
                  </span>
                </p>
              ) : null}
              <Trend value={m.trend} unit={m.trendUnit} period={m.period} />
            </Card>
          );
        })}
      </div>
      <div className="grid gap-6 xl:grid-cols-3">
        <Card title="Revenue net of GST and enrolments, last 12 months" className="xl:col-span-2">
          <SalesEnrolmentChart data={series} />
        </Card>
        <Card title="Top 5 courses by enrolment">
          <ol className="space-y-3">
            {top.map((c, i) => (
              <li key={c.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="text-slate-500">{i + 1}.</span>
                  <span className="min-w-0">
                    <Link to={`/admin/courses/${c.id}/report`} className="block truncate font-medium hover:underline">
                      {c.title}
                    </Link>
                    <span className="text-xs text-slate-500">{SUBJECT_LABELS[c.subject]}</span>
                  </span>
                </span>
                <span className="shrink-0 font-semibold">{formatCount(c.enrolments)}</span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
      <div className="grid gap-6 xl:grid-cols-3">
        <Card title="Recent activity" className="xl:col-span-2">
          {activity.length === 0 ? (
            <p className="text-sm text-slate-600">No activity yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {activity.map((a) => (
                <li key={a.id} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:gap-3">
                  <span className="w-28 shrink-0 font-semibold text-slate-800">{a.type}</span>
                  <span className="min-w-0 flex-1 text-slate-700">{a.description}</span>
                  <span className="flex items-center gap-2">
                    <Badge>{a.status}</Badge>
                    <time className="text-xs text-slate-500" dateTime={new Date(a.createdAt).toISOString()}>
                      {formatDateTime(a.createdAt)}
                    </time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className="space-y-6">
          <Card title="Quick actions">
            <div className="flex flex-col gap-2">
              <Link
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium hover:bg-slate-50"
                to="/admin/courses?new=1#add-course"
              >
                <PlusCircle className="h-4 w-4 text-brand-600" aria-hidden /> Create course
              </Link>
              <Link
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium hover:bg-slate-50"
                to="/admin/users"
              >
                <Users className="h-4 w-4 text-brand-600" aria-hidden /> Manage learners
              </Link>
              <Link
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium hover:bg-slate-50"
                to="/admin/sales"
              >
                <BarChart3 className="h-4 w-4 text-brand-600" aria-hidden /> Analytics
              </Link>
              <Link
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium hover:bg-slate-50"
                to="/admin/inbox"
              >
                <BookOpen className="h-4 w-4 text-brand-600" aria-hidden /> Messages and email outbox
              </Link>
            </div>
          </Card>
          <Card title="Backups">
            <p
              className={`text-sm ${backup.state === "overdue" || backup.state === "none" ? "font-medium text-amber-800" : "text-slate-700"}`}
              data-backup={backup.state}
            >
              {backup.message}
            </p>
          </Card>
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
