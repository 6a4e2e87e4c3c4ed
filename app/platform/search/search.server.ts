/** The admin top-bar search: courses, notes, PYQ, bundles, users and orders. */
import { desc, eq, ilike } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders, products, users } from "~/db/schema";
import { containsPattern, orderSearchFilter, userSearchFilter } from "./text-search.server";

export interface SearchHit {
  group: "Courses" | "Notes" | "PYQ" | "Bundles" | "Users" | "Orders";
  label: string;
  detail: string;
  href: string;
}

const GROUP = { course: "Courses", note: "Notes", pyq: "PYQ", bundle: "Bundles" } as const;

export async function adminSearch(db: DbOrTx, rawQuery: string, perGroup = 5): Promise<SearchHit[]> {
  const q = rawQuery.trim();
  if (!q) return [];
  const [userFilter, orderFilter] = await Promise.all([userSearchFilter(db, q), orderSearchFilter(db, q)]);
  const [items, people, orderRows] = await Promise.all([
    db
      .select({ id: products.id, kind: products.kind, title: products.title, status: products.status })
      .from(products)
      .where(ilike(products.title, containsPattern(q)))
      .orderBy(desc(products.updatedAt))
      .limit(perGroup * 3),
    db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(userFilter).limit(perGroup),
    db
      .select({ id: orders.id, number: orders.number, email: users.email, status: orders.status })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(orderFilter)
      .orderBy(desc(orders.createdAt))
      .limit(perGroup),
  ]);
  const hits: SearchHit[] = [];
  for (const kind of ["course", "note", "pyq", "bundle"] as const) {
    for (const p of items.filter((i) => i.kind === kind).slice(0, perGroup)) {
      const href = kind === "bundle" ? `/admin/bundles/${p.id}` : `/admin/courses/${p.id}`;
      hits.push({ group: GROUP[kind], label: p.title, detail: p.status, href });
    }
  }
  for (const u of people) hits.push({ group: "Users", label: u.name, detail: u.email, href: `/admin/users/${u.id}` });
  for (const o of orderRows) {
    hits.push({
      group: "Orders",
      label: o.number,
      detail: `${o.email} · ${o.status}`,
      href: `/admin/sales?q=${o.number}`,
    });
  }
  return hits;
}
