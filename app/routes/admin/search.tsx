import { Link } from "react-router";
import { z } from "zod";
import { dbContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import { noNul } from "~/lib/form.server";
import { adminSearch } from "~/platform/search/search.server";
import type { Route } from "./+types/search";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Search | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const q = z
    .string()
    .max(200)
    .refine(noNul)
    .catch("")
    .parse(new URL(request.url).searchParams.get("q") ?? "");
  return { q, hits: await adminSearch(db, q) };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, hits } = loaderData;
  const groups = ["Courses", "Notes", "PYQ", "Bundles", "Users", "Orders"] as const;
  return (
    <div className="space-y-6">
      <PageHeader title={q ? `Search: “${q}”` : "Search"} subtitle="Courses, notes, PYQ, users and orders." />
      {q && hits.length === 0 ? <p className="text-sm text-slate-600">Nothing matches “{q}”.</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {groups.map((g) => {
          const list = hits.filter((h) => h.group === g);
          if (!list.length) return null;
          return (
            <Card key={g} title={g}>
              <ul className="divide-y divide-slate-100">
                {list.map((h) => (
                  <li key={h.href} className="py-2 text-sm">
                    <Link to={h.href} className="font-medium text-brand-700 hover:underline">
                      {h.label}
                    </Link>
                    <span className="block text-slate-500">{h.detail}</span>
                  </li>
                ))}
              </ul>
            </Card>
          );
        })}
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
