/**
 * Which tables of the embedded database were written, for the reads it keeps in memory
 * (./read-cache.server.ts, issue 34). PGlite is opened by one process only
 * (client.server.ts locks its directory), so every write to it passes through this process: the
 * engine's `query`, `exec` and `transaction` are wrapped (`trackTableWrites`) and every statement
 * that may write bumps the generation of the tables it names (`insert into`, `update`, `delete from`,
 * `truncate`, `merge into`, `copy`; anything that changes the schema bumps them all). A statement
 * that only looks like a write (`select … for update`) bumps a table that is not there: harmless. A
 * write no statement names (a function that writes, called by a select) is not seen: whoever runs one
 * calls `changedEverything()`.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";

const WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into|copy)\s+(?:only\s+)?(?:(?:"[^"]+"|\w+)\.)?("[^"]+"|\w+)/gi;
const SCHEMA_CHANGE = /\b(?:create|alter|drop|do|call|vacuum\s+full|cluster|reindex)\b/i;

/** Which tables were written, as generations that only grow. */
export class TableWrites {
  private readonly generations = new Map<string, number>();
  /** The reads kept for this database (read-cache.server.ts). */
  readonly kept = new Map<string, { stamp: number; expires: number; value: unknown }>();
  private everything = 0;

  /** Notes a statement about to run (several, separated by semicolons, for `exec`). */
  note(text: string): void {
    if (/^\s*(?:select|show|explain|listen|unlisten|begin|commit|rollback|savepoint|release|set)\b/i.test(text)) {
      // Reads (a select with a data-modifying part is caught below) and transaction control.
      if (!/\b(?:insert|update|delete|truncate|merge|copy|create|alter|drop)\b/i.test(text)) return;
    }
    if (SCHEMA_CHANGE.test(text) && !/^\s*(?:insert|update|delete|with)\b/i.test(text)) {
      this.everything++;
      return;
    }
    for (const match of text.matchAll(WRITE)) {
      const table = (match[1] as string).replaceAll('"', "").toLowerCase();
      this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
    }
  }

  /**
   * Every table may have changed: for writes no statement names, such as a function called by a
   * select that writes (the app has none; the tests' snapshot restore is one: tests/helpers/db.ts).
   */
  changedEverything(): void {
    this.everything++;
  }

  /** A number that changes whenever one of these tables is written. */
  stamp(tables: readonly string[]): number {
    let sum = this.everything;
    for (const table of tables) sum += this.generations.get(table) ?? 0;
    return sum;
  }
}

/** Wraps the engine's statement entry points so that every write is noted. */
export function trackTableWrites(client: PGlite): TableWrites {
  const writes = new TableWrites();
  const wrap = <T extends Pick<PGlite, "query" | "exec">>(target: T) => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = ((text: string, ...rest: unknown[]) => {
      writes.note(text);
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as T["query"];
    target.exec = ((text: string, ...rest: unknown[]) => {
      writes.note(text);
      return (exec as (...args: unknown[]) => unknown)(text, ...rest);
    }) as T["exec"];
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<R>(fn: (tx: Transaction) => Promise<R>) =>
    transaction((tx) => {
      wrap(tx);
      return fn(tx);
    })) as PGlite["transaction"];
  return writes;
}
