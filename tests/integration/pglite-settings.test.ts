import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { getTestDb } from "../helpers/db";

describe("the embedded database", () => {
  it("runs with PGLITE_SHARED_BUFFERS_MB of shared buffers, not PostgreSQL's 128 MB", async () => {
    const handle = await getTestDb();
    const { rows } = await handle.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
    if (handle.kind === "pglite") {
      expect(getEnv().PGLITE_SHARED_BUFFERS_MB).toBe(32);
      expect(rows[0]?.shared_buffers).toBe("32MB");
    } else {
      // On a PostgreSQL server the server's own setting holds; the app sets nothing.
      expect(handle.kind).toBe("postgres");
      expect(rows[0]?.shared_buffers).toMatch(/^\d+(kB|MB|GB)$/);
    }
  });
});
