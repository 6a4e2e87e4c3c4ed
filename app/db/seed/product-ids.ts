/** Finding the seeded products again after their insert: the seed knows an item by its title. */
import { inArray } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import type { DbOrTx } from "../client.server";
import * as schema from "../schema";

/** Reads the ids of the products with these titles (by their slug) and answers a title's id. */
export async function seededProductIds(tx: DbOrTx, titles: string[]) {
  const rows = await tx
    .select({ id: schema.products.id, slug: schema.products.slug })
    .from(schema.products)
    .where(inArray(schema.products.slug, titles.map(slugify)));
  return (title: string) => rows.find((r) => r.slug === slugify(title))!.id;
}
