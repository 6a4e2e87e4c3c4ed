import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { runScript } from "../helpers/server";

function run(args: string[], env: Record<string, string>, input?: string) {
  const result = runScript("scripts/admin-create.ts", args, {
    env: { NODE_ENV: "development", DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    input,
    timeout: 120_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe("npm run admin:create", () => {
  it("creates the primary admin from a password file, then a second admin from stdin", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-admin-"));
    const pwFile = path.join(dir, "pw");
    fs.writeFileSync(pwFile, "owner-secret-1\n");
    const first = run(["--email", "Owner@Example.com", "--name", "Owner", "--password-file", pwFile], {
      DATA_DIR: dir,
    });
    expect(first.out).toContain("Created owner@example.com as the primary administrator.");
    expect(first.code).toBe(0);
    const second = run(["--email", "staff@example.com", "--name", "Staff"], { DATA_DIR: dir }, "staff-secret-1\n");
    expect(second.out).toContain("Created staff@example.com as an administrator.");
    expect(second.code).toBe(0);
    const short = run(["--email", "x@example.com"], { DATA_DIR: dir }, "short\n");
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/8 to 128 characters long\. Nothing was changed\./);

    // What was written is really there (opened after the command let go of the directory).
    const handle = await openPglite(path.join(dir, "pglite"));
    try {
      const rows = await handle.db.execute<{ email: string; is_primary: boolean }>(
        sql`select email, is_primary from users where role = 'admin' order by email`,
      );
      expect(rows.rows).toEqual([
        { email: "owner@example.com", is_primary: true },
        { email: "staff@example.com", is_primary: false },
      ]);
    } finally {
      await handle.close();
    }
  }, 240_000);

  it("says clearly that the server holds the database, changes nothing and exits non-zero", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-admin-"));
    fs.mkdirSync(path.join(dir, "pglite"), { recursive: true });
    // A live process (this one) holds the lock, as the running server would.
    fs.writeFileSync(path.join(dir, "pglite", "commerce-academy.lock"), String(process.pid));
    const pwFile = path.join(dir, "pw");
    fs.writeFileSync(pwFile, "owner-secret-1\n");
    const result = run(["--email", "o@example.com", "--password-file", pwFile], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/is in use by another process \(pid \d+\), probably the running server/);
    expect(result.out).toMatch(/Nothing was changed\./);
    expect(fs.readdirSync(path.join(dir, "pglite"))).toEqual(["commerce-academy.lock"]);
  });
});
