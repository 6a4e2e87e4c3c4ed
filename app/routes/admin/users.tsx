import { Form, Link } from "react-router";
import { z } from "zod";
import { dbContext } from "~/features/accounts/context.server";
import { listUsers } from "~/features/accounts/users.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Badge, Card, ListSearch, PageHeader, PersonRow } from "~/features/admin/ui";
import { userStats } from "~/features/analytics/metrics.server";
import { formatDateTime } from "~/lib/dates";
import { noNul } from "~/lib/form.server";
import { formatPaise } from "~/lib/money";
import { countOf, formatCount } from "~/lib/numbers";
import { ROLE_LABELS } from "~/lib/roles";
import { pageRequestSchema } from "~/platform/search/keyset.server";
import { Button } from "~/ui/button";
import { KeysetPager } from "~/ui/pager";
import type { Route } from "./+types/users";

export function meta(_: Route.MetaArgs) {
  return [{ title: "User Analytics | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

const querySchema = pageRequestSchema.extend({
  q: z.string().max(200).refine(noNul).catch(""),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [stats, list] = await Promise.all([userStats(db), listUsers(db, query)]);
  return { stats, list, query };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { stats, list, query } = loaderData;
  // Each card says what it counts (the definitions of analytics/metrics.server.ts).
  const cards = [
    ["Total users", formatCount(stats.totalUsers), "Accounts of every role, not the sample students"],
    ["Instructors", formatCount(stats.instructors), "Accounts with the Instructor role"],
    ["Average course load", stats.averageCourseLoad.toFixed(1), "Live enrolments per learner"],
    ["Conversion", `${stats.conversion}%`, "Learners with a free item who bought a paid one"],
  ] as const;
  return (
    <div className="space-y-6">
      <PageHeader title="User Analytics" subtitle="Everyone with an account, newest first." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(([label, value, meaning]) => (
          <Card key={label}>
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold">{value}</p>
            <p className="text-xs text-slate-500">{meaning}</p>
          </Card>
        ))}
      </div>
      <Card>
        <Form method="get" action="/admin/users" role="search" className="mb-4 flex gap-2">
          <ListSearch
            id="user-search"
            label="Search users by name or email"
            placeholder="Search by name or email…"
            defaultValue={query.q}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        {list.users.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600">No users found.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.users.map((u) => (
              <PersonRow
                key={u.id}
                name={u.name}
                action={
                  <Button asChild size="sm" variant="secondary">
                    <Link to={`/admin/users/${u.id}`} aria-label={`View ${u.name}`}>
                      View
                    </Link>
                  </Button>
                }
              >
                {/* The figures below the name and email, beside them from 1280 px. */}
                <div className="xl:flex xl:items-center xl:gap-4">
                  <div className="min-w-0 xl:flex-1">
                    <p className="font-medium text-slate-900">{u.name}</p>
                    <p className="text-slate-600">{u.email}</p>
                  </div>
                  <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600 xl:mt-0 xl:justify-end">
                    <Badge tone={u.role === "admin" ? "new" : "pending"}>
                      {ROLE_LABELS[u.role]}
                      {u.isPrimary ? " · Primary" : ""}
                    </Badge>
                    {/* Not counted in Total users; Settings → Sample content removes them. */}
                    {u.isSample ? <Badge tone="archived">Sample</Badge> : null}
                    <span>{countOf(u.courses, "course")}</span>
                    <span>Last active {formatDateTime(u.lastActiveAt)}</span>
                    <span>Spent {formatPaise(u.totalSpentPaise)}</span>
                  </p>
                </div>
              </PersonRow>
            ))}
          </ul>
        )}
        <KeysetPager list={list} path="/admin/users" params={{ q: query.q }} />
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
