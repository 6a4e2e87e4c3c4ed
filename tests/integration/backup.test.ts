import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, isNotNull, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { backupDatabase, restorePglite, restorePostgres, snapshotTables } from "~/db/backup.server";
import { type Db, type DbHandle, openPglite, openPostgres } from "~/db/client.server";
import * as schema from "~/db/schema";
import {
  backupFileName,
  dirBackupStore,
  fetchBackup,
  restoreFiles,
  s3BackupStore,
  takeBackup,
} from "~/features/admin/backups.server";
import { createLocalStorage, createS3Storage, type FileStorage, getBytes } from "~/platform/files/storage.server";
import { getTestDb } from "../helpers/db";
import { createProduct, createUser } from "../helpers/factories";
import { createOrder } from "../helpers/orders";

describe("backup and restore", () => {
  it("round-trips every table of the database", { timeout: 180_000 }, async () => {
    const handle = await getTestDb();
    // Some data beyond the seed, with unicode and a null, to make the comparison meaningful.
    const user = await createUser({ name: "Zoë Saxena — टेस्ट", image: null });
    await handle.db.insert(schema.contactMessages).values({ name: user.name, email: user.email, message: "Hi ✓" });
    await handle.db.update(schema.settings).set({ maintenanceMode: true }).where(eq(schema.settings.id, 1));
    if (handle.kind === "postgres") {
      // The job queue's tables are partitioned (pg-boss), which pg_restore --clean alone cannot replace.
      await handle.db.execute(sql`create schema if not exists pgboss`);
      await handle.db.execute(
        sql`create table if not exists pgboss.backup_probe (name text, id int, primary key (name, id)) partition by list (name)`,
      );
      await handle.db.execute(
        sql`create table if not exists pgboss.backup_probe_p partition of pgboss.backup_probe for values in ('probe')`,
      );
      await handle.db.execute(sql`insert into pgboss.backup_probe values ('probe', 1) on conflict do nothing`);
    }
    const before = await snapshotTables(handle.db);
    expect(Object.keys(before).length).toBeGreaterThan(15);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-backup-"));
    const file = path.join(dir, handle.kind === "pglite" ? "backup.tar.gz" : "backup.dump");
    const { bytes } = await backupDatabase(handle, file);
    expect(bytes).toBeGreaterThan(1000);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    if (handle.kind === "pglite") {
      const target = path.join(dir, "pglite");
      fs.mkdirSync(target);
      fs.writeFileSync(path.join(target, "marker"), "old data");
      const { movedAside } = await restorePglite(file, target);
      expect(movedAside && fs.readFileSync(path.join(movedAside, "marker"), "utf8")).toBe("old data");
      const restored = await openPglite(target);
      try {
        expect(await snapshotTables(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } else {
      // Restore into the same database after changing it: the change must be undone.
      await handle.db.delete(schema.contactMessages);
      await restorePostgres(file, handle.url!);
      const fresh = await openPostgres(handle.url!, 1);
      try {
        expect(await snapshotTables(fresh.db)).toEqual(before);
        expect((await fresh.db.execute(sql`select name from pgboss.backup_probe`)).rows).toEqual([{ name: "probe" }]);
      } finally {
        await fresh.db.execute(sql`drop table if exists pgboss.backup_probe`);
        await fresh.close();
      }
    }
  });
});

/** A real S3-compatible server (s3rver) on a free loopback port, with the bucket "media". */
async function startS3() {
  // s3rver ships no types.
  const { default: S3rver } = (await import("s3rver" as string)) as {
    default: new (opts: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  };
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "ca-s3rver-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: "media" }],
  });
  const { port } = await server.run();
  const storage = createS3Storage({
    bucket: "media",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  return {
    storage,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What an owner must find after a restore: orders, invoices, enrolments and the files the rows name. */
async function inventory(db: Db) {
  const orders = await db
    .select({ id: schema.orders.id, number: schema.orders.number, status: schema.orders.status })
    .from(schema.orders)
    .orderBy(schema.orders.id);
  const invoices = (
    await db.execute<{ invoice_number: string; document: string }>(
      sql`select invoice_number, md5(invoice_document::text) as document from orders
          where invoice_number is not null order by invoice_number`,
    )
  ).rows;
  const enrolments = await db
    .select({
      userId: schema.enrolments.userId,
      productId: schema.enrolments.productId,
      orderId: schema.enrolments.orderId,
    })
    .from(schema.enrolments)
    .orderBy(schema.enrolments.userId, schema.enrolments.productId);
  const productFiles = await db
    .select({ key: schema.products.fileKey })
    .from(schema.products)
    .where(isNotNull(schema.products.fileKey));
  const [settings] = await db.select({ key: schema.settings.signatureImageKey }).from(schema.settings);
  const fileKeys = [...productFiles.map((r) => r.key!), ...(settings?.key ? [settings.key] : [])].sort();
  return { orders, invoices, enrolments, fileKeys };
}

async function fileHashes(storage: FileStorage, keys: string[]) {
  const out: Record<string, string | null> = {};
  for (const key of keys) {
    const bytes = await getBytes(storage, key);
    out[key] = bytes ? sha256(bytes) : null;
  }
  return out;
}

/** A fresh, empty database of the same engine: a new PGlite directory, or a new PostgreSQL database. */
async function freshDatabaseFrom(handle: DbHandle, file: string, dir: string): Promise<DbHandle> {
  if (handle.kind === "pglite") {
    const target = path.join(dir, "fresh-pglite");
    await restorePglite(file, target);
    return openPglite(target);
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `ca_restore_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await restorePostgres(file, url.toString());
  const fresh = await openPostgres(url.toString(), 1);
  const close = fresh.close.bind(fresh);
  return Object.assign(fresh, {
    async close() {
      await close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  });
}

describe("the restore drill: the object store's latest backup into a fresh database", () => {
  it("finds every order, invoice, enrolment and file", { timeout: 180_000 }, async () => {
    const handle = await getTestDb();
    const s3 = await startS3();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-drill-"));
    // Its own FILE_STORAGE folder: the fake files below must not stand in for the seed's real PDFs
    // in the worker's shared test storage, where later test files read them.
    const files = createLocalStorage(path.join(dir, "uploads"));
    try {
      // A store with sales: two buyers, notes with their PDFs, paid orders with invoices, a refund.
      const note = await createProduct({ kind: "note", pricePaise: 49_900, fileKey: "notes/drill-note.pdf" });
      const pyq = await createProduct({ kind: "pyq", pricePaise: 19_900, fileKey: "notes/drill-pyq.pdf" });
      const course = await createProduct({ kind: "course", pricePaise: 99_900 });
      const buyers = [await createUser({ name: "Aarav" }), await createUser({ name: "Zoë — टेस्ट" })];
      let invoice = 0;
      for (const [i, buyer] of buyers.entries()) {
        for (const [status, products] of [
          ["fulfilled", [note, course]],
          ["refunded", [pyq]],
          ["pending", [course]],
        ] as const) {
          const sold = status !== "pending";
          const order = await createOrder({
            userId: buyer.id,
            products: [...products],
            status,
            invoiceNumber: sold ? `CA/26-27/${String(++invoice + 900).padStart(6, "0")}` : null,
          });
          if (sold)
            await handle.db
              .update(schema.orders)
              .set({ invoiceDocument: { number: order.invoiceNumber, buyer: buyer.name, i } })
              .where(eq(schema.orders.id, order.id));
        }
      }
      await handle.db.update(schema.settings).set({ signatureImageKey: "signatures/drill-sign.png" });
      // Every file the database names is in FILE_STORAGE (the seed's notes too), each with its own bytes.
      const before = await inventory(handle.db);
      for (const key of before.fileKeys)
        if (!(await files.exists(key)))
          await files.put(key, new TextEncoder().encode(`%PDF-1.4 ${key} ${Math.random()}`));
      const hashes = await fileHashes(files, before.fileKeys);
      expect(before.invoices.length).toBe(4);
      expect(before.enrolments.filter((e) => buyers.some((b) => b.id === e.userId)).length).toBe(6);
      expect(before.fileKeys).toEqual(expect.arrayContaining(["notes/drill-note.pdf", "signatures/drill-sign.png"]));
      const tables = await snapshotTables(handle.db);

      // The object store already holds three older backups and an unrelated object; keep 2 days.
      const store = s3BackupStore(s3.storage, "media");
      for (const iso of ["2026-11-20T01:00:00.000Z", "2026-11-21T01:00:00.000Z", "2026-11-22T01:00:00.000Z"])
        await s3.storage.put(`backups/${backupFileName(new Date(iso), handle.kind)}`, new Uint8Array([1]));
      await s3.storage.put("backups/readme.txt", new TextEncoder().encode("mine"));
      const schedule = { store, files, intervalHours: 24, keepDaily: 2, keepWeekly: 0 };
      const taken = await takeBackup(handle, schedule, new Date("2026-11-26T03:00:00.000Z"));
      expect(taken.location).toBe("s3://media/backups/");
      expect(taken.deleted.sort()).toEqual(
        ["2026-11-20T01:00:00.000Z", "2026-11-21T01:00:00.000Z"].map((iso) =>
          backupFileName(new Date(iso), handle.kind),
        ),
      );
      const inBucket = await s3.storage.list!("backups/");
      expect(inBucket.filter((k) => !k.startsWith("backups/files/"))).toEqual(
        [
          `backups/${taken.file}`,
          `backups/${backupFileName(new Date("2026-11-22T01:00:00.000Z"), handle.kind)}`,
          "backups/readme.txt",
        ].sort(),
      );
      // Every uploaded file is in the bucket too; a second backup copies none again.
      expect(inBucket.filter((k) => k.startsWith("backups/files/"))).toEqual(
        (await files.list!("")).map((k) => `backups/files/${k}`),
      );
      expect(taken.filesCopied).toBe((await files.list!("")).length);
      const second = await takeBackup(handle, schedule, new Date("2026-11-26T04:00:00.000Z"));
      expect(second.filesCopied).toBe(0);
      expect(second.deleted).toEqual([taken.file]); // the same day: the newer one is kept

      // The machine is lost: a new database and an empty files folder. The latest is second's.
      const newFiles = createLocalStorage(path.join(dir, "files"));
      const latest = await fetchBackup("--latest", handle.kind, {
        configured: store,
        s3: () => store,
      });
      expect(path.basename(latest.file)).toBe(second.file);
      const byName = await fetchBackup(`s3:backups/${second.file}`, handle.kind, {
        configured: dirBackupStore(path.join(dir, "elsewhere")),
        s3: () => store,
      });
      expect(fs.readFileSync(byName.file).equals(fs.readFileSync(latest.file))).toBe(true);
      byName.cleanup();
      expect(fs.existsSync(byName.file)).toBe(false);
      await expect(
        fetchBackup("s3:backups/commerce-academy-none.dump", handle.kind, { configured: store, s3: () => store }),
      ).rejects.toThrow(/no backup commerce-academy-none.dump in s3:\/\/media\/backups\//);

      const fresh = await freshDatabaseFrom(handle, latest.file, dir);
      latest.cleanup();
      try {
        const after = await inventory(fresh.db);
        expect(after.orders).toEqual(before.orders);
        expect(after.invoices).toEqual(before.invoices);
        expect(after.enrolments).toEqual(before.enrolments);
        expect(after.fileKeys).toEqual(before.fileKeys);
        // And every other row of every table (but the record of the first backup, made after it).
        const restored = await snapshotTables(fresh.db);
        restored["public.app_meta"] = restored["public.app_meta"]!.filter(
          (row) => (row as { key: string }).key !== "last_backup",
        );
        expect(restored).toEqual(tables);
      } finally {
        await fresh.close();
      }
      expect(await restoreFiles(store, newFiles)).toBe((await files.list!("")).length);
      expect(await fileHashes(newFiles, before.fileKeys)).toEqual(hashes);
      expect(Object.values(hashes).every((h) => h !== null)).toBe(true);
      // Restoring again copies nothing (never overwrites).
      expect(await restoreFiles(store, newFiles)).toBe(0);
    } finally {
      await s3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
