/** A fresh PostgreSQL database for one drill file. */
import { createHash } from "node:crypto";
import pg from "pg";

export const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

export async function createDrillDatabase(suffix: string): Promise<string> {
  const name = `ca_drill_${createHash("sha1").update(process.cwd()).digest("hex").slice(0, 8)}_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(`The drills need PostgreSQL (TEST_DATABASE_URL or ${adminUrl}): ${error.message}`);
  });
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
