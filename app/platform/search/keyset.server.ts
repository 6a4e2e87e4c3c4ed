/**
 * Keyset paging of the admin lists ordered newest first by (created_at, id). The Next link carries
 * the cursor of the page's last row (`after`), the Previous link that of its first row (`before`),
 * so a page costs the same at any depth. Without a cursor, `page` is an offset, accepted only up to
 * MAX_OFFSET_PAGE (a hand-typed deeper page shows the first page): skipping rows by offset costs
 * as many index entries as are skipped.
 */
import { type AnyColumn, and, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { DbOrTx } from "~/db/client.server";
import { parseId } from "~/lib/id";

export const MAX_OFFSET_PAGE = 50;

/** A row's position: created_at to the microsecond (as PostgreSQL keeps it; a JS Date has milliseconds) and id. */
export interface Cursor {
  ts: string;
  id: string;
}

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The type of a list's id column: a cursor's id must be one, or the cursor is ignored. */
export type IdKind = "text" | "uuid" | "int";

export function encodeCursor(c: Cursor) {
  return `${c.ts}|${c.id}`;
}

/** "<UTC time>|<id>", or null for anything else (a bad cursor is ignored, never sent to the database as is). */
export function decodeCursor(raw: string | undefined, idKind: IdKind = "text"): Cursor | null {
  const bar = raw?.indexOf("|") ?? -1;
  if (!raw || bar < 1) return null;
  const ts = raw.slice(0, bar);
  const id = raw.slice(bar + 1);
  if (!TS.test(ts) || !id || id.length > 200 || (idKind === "uuid" && !UUID.test(id))) return null;
  if (idKind === "int" && parseId(id) === null) return null;
  // A real instant: the date part must survive a round trip (no 31 February, no hour 24).
  const date = new Date(ts);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== ts.slice(0, 19)) return null;
  return { ts, id };
}

/** created_at as the cursor keeps it, to the microsecond. */
export function cursorTs(column: AnyColumn) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export interface PageRequest {
  page?: number;
  after?: string;
  before?: string;
}

/**
 * A list's page as its URL asks for it (`?page=&after=&before=`, what `<KeysetPager>` links carry):
 * a bad page or cursor shows the first page, never an error.
 */
export const pageRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  after: z.string().max(300).optional().catch(undefined),
  before: z.string().max(300).optional().catch(undefined),
});

/**
 * Where to read one page: the keyset condition, the order and the offset. Backward windows (a
 * Previous link) read oldest first from the cursor and are turned round by `keysetPage`.
 */
export function keysetWindow(
  req: PageRequest,
  cols: { createdAt: AnyColumn; id: AnyColumn },
  idKind: IdKind,
  pageSize: number,
) {
  const after = decodeCursor(req.after, idKind);
  const before = after ? null : decodeCursor(req.before, idKind);
  let page = Math.max(1, Math.floor(req.page ?? 1) || 1);
  if (!after && !before && page > MAX_OFFSET_PAGE) page = 1;
  const id = (c: Cursor) =>
    idKind === "uuid" ? sql`${c.id}::uuid` : idKind === "int" ? sql`${Number(c.id)}::int` : sql`${c.id}`;
  let where: SQL | undefined;
  if (after) where = sql`(${cols.createdAt}, ${cols.id}) < (${after.ts}::timestamptz, ${id(after)})`;
  if (before) where = sql`(${cols.createdAt}, ${cols.id}) > (${before.ts}::timestamptz, ${id(before)})`;
  const backward = Boolean(before);
  return {
    where,
    backward,
    page: before ? Math.max(2, page) : after ? Math.max(2, page) : page,
    offset: after || before ? 0 : (page - 1) * pageSize,
    orderBy: backward
      ? [sql`${cols.createdAt} asc`, sql`${cols.id} asc`]
      : [sql`${cols.createdAt} desc`, sql`${cols.id} desc`],
    keyed: Boolean(after),
  };
}

/**
 * The ids of one page's rows (one more than the page, to tell whether another follows), read in the
 * window's order over the narrow (created_at, id) index alone; the caller joins its wide columns to
 * these few rows (`page_ids.id`) and orders them by `window.orderBy` again.
 */
export function keysetPageIds(
  db: DbOrTx,
  table: PgTable,
  id: AnyColumn,
  filters: (SQL | undefined)[],
  window: ReturnType<typeof keysetWindow>,
  pageSize: number,
) {
  return db
    .select({ id: sql<string>`${id}`.as("page_id") })
    .from(table)
    .where(and(...filters, window.where))
    .orderBy(...window.orderBy)
    .limit(pageSize + 1)
    .offset(window.offset)
    .as("page_ids");
}

/** The page's rows newest first, whether there are pages either side, and the cursors of the links. */
export function keysetPage<T extends { cursorTs: string; id: string | number }>(
  rows: T[],
  window: ReturnType<typeof keysetWindow>,
  pageSize: number,
) {
  const more = rows.length > pageSize;
  const list = rows.slice(0, pageSize);
  if (window.backward) list.reverse();
  // Read backward: a page follows (the one the link came from). Read forward: a page precedes when
  // a cursor or an offset brought us here.
  const hasNext = window.backward ? true : more;
  const hasPrevious = window.backward ? more : window.keyed || window.page > 1;
  const first = list[0];
  const last = list.at(-1);
  return {
    rows: list,
    page: window.backward && !more ? 1 : window.page,
    hasNext: hasNext && Boolean(last),
    hasPrevious: hasPrevious && Boolean(first),
    nextCursor: hasNext && last ? encodeCursor({ ts: last.cursorTs, id: String(last.id) }) : null,
    prevCursor: hasPrevious && first ? encodeCursor({ ts: first.cursorTs, id: String(first.id) }) : null,
  };
}
