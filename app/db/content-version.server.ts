/**
 * The shared content version: bumped by database triggers on every write to
 * public content (migration 0001), announced with NOTIFY content_changed.
 */
import { eq } from "drizzle-orm";
import type { DbHandle } from "./client.server";
import { CONTENT_VERSION_KEY } from "./meta-keys";
import { appMeta } from "./schema";

export async function readContentVersion(handle: DbHandle): Promise<string> {
  const [row] = await handle.db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, CONTENT_VERSION_KEY));
  return row?.value ?? "0";
}

/**
 * Calls `onChange` whenever another connection (this instance or another one)
 * changes public content. Returns an unsubscribe function. Survives database
 * restarts: a lost PostgreSQL listener reconnects by itself.
 */
export async function listenForContentChanges(handle: DbHandle, onChange: () => void): Promise<() => Promise<void>> {
  if (handle.kind === "pglite" && handle.pglite) {
    return handle.pglite.listen("content_changed", onChange);
  }
  const pg = await import("pg");
  let client: InstanceType<typeof pg.default.Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.default.Client({ connectionString: handle.url });
    const reconnect = () => {
      if (client === c) client = null;
      c.removeAllListeners();
      c.end().catch(() => {});
      if (!stopped) {
        onChange(); // changes may have been missed while disconnected
        retry = setTimeout(connect, 1000);
        retry.unref();
      }
    };
    c.on("error", reconnect);
    c.on("end", () => {
      if (client === c) reconnect();
    });
    c.on("notification", () => onChange());
    try {
      await c.connect();
      await c.query("LISTEN content_changed");
      client = c;
    } catch {
      reconnect();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
