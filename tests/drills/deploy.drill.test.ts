/**
 * Drill (issue 37): the files in deploy/ run for real, on loopback. Two app instances (separate
 * processes, as on two machines) start with the systemd unit's settings and the env template,
 * share one PostgreSQL and an S3-compatible store (s3rver), and nginx runs
 * deploy/nginx/commerce-academy.conf in front of them; Caddy runs deploy/caddy/Caddyfile in front
 * of one. Instance A only queues background jobs (RUN_JOBS=0), B runs them, so a transcode of an
 * upload A received is B's work.
 */
import { createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSample } from "~/features/video/transcode.server";
import { NODE_FLAGS } from "../../server/node-flags.js";
import { signInOverHttp } from "../helpers/auth";
import { burstWithKill } from "../helpers/burst";
import {
  DEPLOY,
  parseEnvFile,
  type RunningProxy,
  readUnit,
  startCaddy,
  startNginx,
  verifyUnit,
} from "../helpers/deploy";
import { createDrillDatabase } from "../helpers/pg-drill";
import { allowBrowserOrigins, type S3Store, startS3Store } from "../helpers/s3-store";
import { freePort, type RunningServer, startServer } from "../helpers/server";
import {
  addToServerCart,
  getServerCart,
  payOnTestGateway,
  placeOrderOverHttp,
  STUDENT_PASSWORD,
  type Student,
  signUpOverHttp,
} from "../helpers/student-http";

const ADMIN = { email: "owner@academy.example.in", password: "deploy-drill-password-123" };
/** How long a change may take to reach the other instance before the drill calls it lost. */
const PROPAGATION_LIMIT_MS = 15_000;

let db: pg.Client;
let store: S3Store;
let a: RunningServer;
let b: RunningServer;
let nginx: RunningProxy;
let caddy: RunningProxy | undefined;
let appUrl: string;
/** The lesson test 3 uploaded (played again from the survivor). */
let uploaded: number | undefined;

beforeAll(async () => {
  const url = await createDrillDatabase("deploy");
  // The object store (its CORS rule for the site is applied once nginx has its address).
  store = await startS3Store();
  const nginxPort = await freePort();
  appUrl = `http://127.0.0.1:${nginxPort}`;

  // The instances' environment: the env template the docs install as /etc/commerce-academy/env,
  // then the unit's own Environment= lines, then this machine's addresses and secrets.
  const template = parseEnvFile(fs.readFileSync(path.join(DEPLOY, "commerce-academy.env.example"), "utf8"));
  const unit = readUnit("3001");
  expect(unit.environmentFile).toBe("/etc/commerce-academy/env");
  // startServer runs node with the same flags (server/node-flags.js).
  expect(unit.execStart).toEqual(["/usr/bin/node", ...NODE_FLAGS, path.join(unit.workingDirectory, "server.js")]);
  // startServer sets PORT and DATA_DIR per instance, as %i does.
  expect(unit.environment).toMatchObject({ PORT: "3001", DATA_DIR: "/var/lib/commerce-academy/3001" });
  const { PORT: _port, DATA_DIR: _dataDir, ...unitEnv } = unit.environment;
  const env: Record<string, string> = {
    ...template,
    ...unitEnv,
    APP_URL: appUrl,
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_NAME: "Owner",
    ...store.env,
    BACKUP_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "ca-drill-backups-")),
    // No mail leaves the drill (the outbox table keeps it).
    SMTP_URL: "",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
  };
  expect(env.TRUST_PROXY).toBe("1");
  [a, b] = await Promise.all([
    startServer({ env: { ...env, RUN_JOBS: "0" } }),
    startServer({ env: { ...env, RUN_JOBS: "1" } }),
  ]);
  nginx = await startNginx([a.port, b.port], nginxPort);
  await allowBrowserOrigins(store, [appUrl]);
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 240_000);

afterAll(async () => {
  await db?.end();
  await Promise.all([nginx?.stop(), caddy?.stop()]);
  await Promise.all([a?.stop(), b?.stop()]);
  await store?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

/** nginx's access log lines (log_format commerce_academy) for requests whose line matches. */
function logged(pattern: RegExp) {
  return nginx
    .accessLog()
    .split("\n")
    .filter((line) => pattern.test(line))
    .map((line) => ({
      line,
      status: Number(/" (\d{3}) /.exec(line)?.[1]),
      upstreams: [...line.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])),
      id: /id=([0-9a-f]{32})$/.exec(line)?.[1],
    }));
}

/**
 * nginx writes a request's log line as the request ends, which may be a moment after the client has
 * the answer: the lines for `pattern` once there are `count` of them (bounded).
 */
async function loggedLines(pattern: RegExp, count = 1) {
  await until(`${count} log lines ${pattern}`, async () => logged(pattern).length >= count);
  return logged(pattern);
}

/** Milliseconds until `check` holds, polling; throws after PROPAGATION_LIMIT_MS. */
async function until(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > PROPAGATION_LIMIT_MS) throw new Error(`${what}: not within ${PROPAGATION_LIMIT_MS} ms`);
    await sleep(100);
  }
}

async function statusOf(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  await res.body?.cancel();
  return res.status;
}

async function jobsDone(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const re = new RegExp(`^job_duration_seconds_count\\{[^}]*name="${name.replace(".", "\\.")}"[^}]*\\} (\\d+)`, "m");
  return Number(re.exec(text)?.[1] ?? 0);
}

/**
 * Plays a lesson's HLS as hls.js would, from one instance: master, a rendition's playlist, the key
 * and the first segment (from the app or, when the playlist says so, from the object store), and
 * decrypts it: an MPEG-TS segment begins with the sync byte 0x47 every 188 bytes.
 */
async function playFirstSegment(server: string, lessonId: number, cookie: string) {
  const headers = { cookie };
  const master = await fetch(`${server}/api/video/${lessonId}/master.m3u8`, { headers });
  expect(master.status).toBe(200);
  const rendition = /^(\d+p)\/index\.m3u8$/m.exec(await master.text())![1]!;
  const media = await fetch(`${server}/api/video/${lessonId}/${rendition}/index.m3u8`, { headers });
  expect(media.status).toBe(200);
  const playlist = await media.text();
  const keyLine = /#EXT-X-KEY:[^\n]*URI="([^"]+)"(?:,IV=0x([0-9a-fA-F]{32}))?/.exec(playlist)!;
  const key = Buffer.from(await (await fetch(new URL(keyLine[1]!, `${server}/`), { headers })).arrayBuffer());
  expect(key.length).toBe(16);
  const firstSegment = playlist.split("\n").find((line) => line && !line.startsWith("#"))!;
  const segmentUrl = new URL(firstSegment, `${server}/api/video/${lessonId}/${rendition}/`);
  const fromApp = segmentUrl.origin === new URL(server).origin;
  const segment = await fetch(segmentUrl, { headers: fromApp ? headers : {} });
  expect(segment.status).toBe(200);
  const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0);
  const iv = keyLine[2] ? Buffer.from(keyLine[2], "hex") : Buffer.alloc(16);
  if (!keyLine[2]) iv.writeUInt32BE(sequence, 12);
  const decipher = createDecipheriv("aes-128-cbc", key, iv);
  const clear = Buffer.concat([decipher.update(Buffer.from(await segment.arrayBuffer())), decipher.final()]);
  return { clear, segmentUrl, rendition };
}

describe("deploy/systemd", () => {
  it("the unit passes systemd-analyze verify without a word", () => {
    expect(verifyUnit("3000")).toBe("");
  });
});

describe("deploy/: nginx in front of two instances, one PostgreSQL, one object store", () => {
  it("nginx spreads requests over both; a session made on one instance continues on the other; one request id in nginx's log and the app's answer", async () => {
    const cookie = await signInOverHttp(a.url, ADMIN.email, ADMIN.password);
    const onB = await fetch(`${b.url}/api/me`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(ADMIN.email);

    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${appUrl}/api/me?n=${i}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(ADMIN.email);
      ids.push(res.headers.get("x-request-id") ?? "");
    }
    const lines = await loggedLines(/"GET \/api\/me\?n=\d /, 6);
    expect(lines).toHaveLength(6);
    expect(new Set(lines.map((l) => l.upstreams[0]))).toEqual(new Set([a.port, b.port]));
    // The id nginx logged is the one the app answered with (and logged).
    expect(lines.map((l) => l.id)).toEqual(ids);
    // A refused request: the app's own request log line carries the id nginx logged.
    expect(await statusOf(`${appUrl}/courses/999999`)).toBe(404);
    const [refused] = await loggedLines(/"GET \/courses\/999999 /);
    expect(refused?.id).toMatch(/^[0-9a-f]{32}$/);
    // (The line is written as the answer finishes: it may reach the pipe a moment after the answer.)
    await until("the app's log line", async () => `${a.output()}${b.output()}`.includes(`"id":"${refused!.id}"`));
    // /metrics is not public through the proxy.
    expect(await statusOf(`${appUrl}/metrics`)).toBe(404);
  });

  it("maintenance mode saved through nginx reaches both instances within seconds, and so does a content change", async () => {
    const cookie = await signInOverHttp(appUrl, ADMIN.email, ADMIN.password);
    const [s] = await rows<Record<string, string>>("select * from settings where id = 1");
    const save = (on: boolean) =>
      fetch(`${appUrl}/admin/settings`, {
        method: "POST",
        headers: { cookie, origin: appUrl },
        redirect: "manual",
        body: new URLSearchParams({
          siteContactEmail: s!.site_contact_email!,
          defaultAccessLevel: s!.default_access_level!,
          whatsappNumber: s!.whatsapp_number ?? "",
          sellerName: s!.seller_name!,
          sellerAddress: s!.seller_address ?? "",
          sellerGstin: s!.seller_gstin!,
          sellerStateCode: s!.seller_state_code!,
          sacCode: s!.sac_code!,
          sacCodeNotes: s!.sac_code_notes!,
          sacCodeTests: s!.sac_code_tests!,
          ...(on ? { maintenanceMode: "on" } : {}),
        }),
      });
    const on = await save(true);
    expect(on.status, await on.text()).toBe(302);
    const reached = await Promise.all(
      [a, b].map((server) => until("maintenance on", async () => (await statusOf(`${server.url}/courses`)) === 503)),
    );
    console.info(`maintenance mode reached A in ${reached[0]} ms and B in ${reached[1]} ms`);
    expect(await statusOf(`${appUrl}/courses`)).toBe(503);
    expect((await save(false)).status).toBe(302);
    await Promise.all(
      [a, b].map((server) => until("maintenance off", async () => (await statusOf(`${server.url}/courses`)) === 200)),
    );

    // A course renamed (another connection, as an admin on any instance would) shows on both.
    const [course] = await rows<{ id: number; title: string }>(
      "select id, title from products where kind = 'course' and status = 'published' order by id limit 1",
    );
    for (const server of [a, b]) await statusOf(`${server.url}/courses/${course!.id}`); // cached now
    await db.query("update products set title = title || ' (New batch)' where id = $1", [course!.id]);
    const shown = await Promise.all(
      [a, b].map((server) =>
        until("renamed course", async () =>
          (await (await fetch(`${server.url}/courses/${course!.id}`)).text()).includes(`${course!.title} (New batch)`),
        ),
      ),
    );
    console.info(`a renamed course showed on A in ${shown[0]} ms and B in ${shown[1]} ms`);
  });

  it("an upload through nginx goes to one instance chunk by chunk, is transcoded by the other's worker, and plays from both", async () => {
    const cookie = await signInOverHttp(appUrl, ADMIN.email, ADMIN.password);
    const headers = { cookie, origin: appUrl };
    // nginx hashes /admin/videos/<lessonId> to an instance: take a lesson that lands on A (web only).
    const candidates = await rows<{ id: number }>(
      `select l.id from lessons l join products p on p.id = l.product_id
        where p.kind = 'course' and l.test_product_id is null order by l.id limit 20`,
    );
    let lessonId: number | undefined;
    for (const { id } of candidates) {
      expect(await statusOf(`${appUrl}/admin/videos/${id}`, { headers })).toBe(200);
      const [line] = await loggedLines(new RegExp(`"GET /admin/videos/${id} `));
      if (line?.upstreams[0] === a.port) {
        lessonId = id;
        break;
      }
    }
    expect(lessonId, "a lesson whose uploads nginx sends to A").toBeDefined();

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-drill-upload-")), "lecture.mp4");
    await generateSample(file, { seconds: 12, width: 640, height: 360, title: "Deploy drill" });
    const bytes = fs.readFileSync(file);
    const begin = await fetch(`${appUrl}/admin/videos/${lessonId}`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ intent: "begin", name: "lecture.mp4", size: String(bytes.length) }),
    });
    expect(begin.status, await begin.clone().text()).toBe(200);
    const chunk = 256 * 1024;
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      const put = await fetch(`${appUrl}/admin/videos/${lessonId}?offset=${offset}`, {
        method: "PUT",
        headers,
        body: bytes.subarray(offset, offset + chunk),
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    const puts = await loggedLines(
      new RegExp(`"PUT /admin/videos/${lessonId}\\?offset=`),
      Math.ceil(bytes.length / chunk),
    );
    expect(puts.length).toBeGreaterThan(1);
    expect(new Set(puts.map((p) => p.upstreams.join()))).toEqual(new Set([String(a.port)]));

    const deadline = Date.now() + 240_000;
    let status = "";
    while (status !== "ready") {
      if (status === "failed") {
        const [row] = await rows<{ error: string }>("select error from lesson_videos where lesson_id = $1", [lessonId]);
        throw new Error(`The transcode failed: ${row?.error}`);
      }
      if (Date.now() > deadline) throw new Error(`The upload did not become ready (${status})`);
      await sleep(500);
      const [row] = await rows<{ status: string }>("select status from lesson_videos where lesson_id = $1", [lessonId]);
      status = row?.status ?? "";
    }
    // A never runs jobs; B ran the transcode.
    // (B counts the job once its code has returned, a moment after the lesson turned ready.)
    await until("B's transcode counted", async () => (await jobsDone(b, "video.transcode")) >= 1);
    expect(await jobsDone(a, "video.transcode")).toBe(0);

    const admin = await signInOverHttp(a.url, ADMIN.email, ADMIN.password);
    const [fromA, fromB] = [
      await playFirstSegment(a.url, lessonId!, admin),
      await playFirstSegment(b.url, lessonId!, admin),
    ];
    for (const { clear } of [fromA, fromB]) {
      expect(clear.length).toBeGreaterThan(188 * 10);
      expect([clear[0], clear[188], clear[376]]).toEqual([0x47, 0x47, 0x47]);
    }
    expect(fromA.clear.equals(fromB.clear)).toBe(true);
    // The segment bytes came from the object store, presigned; the app served playlists and the key.
    for (const { segmentUrl } of [fromA, fromB]) {
      expect(segmentUrl.origin).toBe(store.endpoint);
      expect(segmentUrl.searchParams.get("X-Amz-Expires")).toMatch(/^\d+$/);
    }
    uploaded = lessonId;
  }, 300_000);

  it("kill -9 of one instance during a checkout burst through nginx loses no order and no payment; the survivor serves everything", async () => {
    const paid = (
      await rows<{ id: number }>(
        "select id from products where status = 'published' and price_paise > 0 and kind = 'course' order by id",
      )
    ).map((p) => p.id);
    const STUDENTS = 24;
    type Runner = { student: Student; products: number[]; stage: string; orderId?: string };
    const runners: Runner[] = Array.from({ length: STUDENTS }, (_, i) => ({
      student: {
        name: `Burst ${i}`,
        email: `burst-${i}@example.com`,
        password: STUDENT_PASSWORD,
        ip: `10.9.0.${i + 1}`,
      },
      products: [paid[i % paid.length]!, paid[(i + 1) % paid.length]!],
      stage: "new",
    }));
    // Sign-ups go to B directly, each from its own address (the per-IP sign-up limit).
    for (const r of runners) await signUpOverHttp(b.url, r.student);

    const step = async (r: Runner) => {
      if (r.stage === "new") {
        const have = new Set((await getServerCart(appUrl, r.student)).items.map((item) => item.id));
        for (const id of r.products) if (!have.has(id)) await addToServerCart(appUrl, r.student, id);
        r.stage = "carted";
      }
      if (r.stage === "carted") {
        r.orderId = await placeOrderOverHttp(appUrl, r.student);
        r.stage = "ordered";
      }
      if (r.stage === "ordered") {
        await payOnTestGateway(appUrl, r.student, r.orderId!);
        r.stage = "paid";
      }
    };
    const { killed, interrupted } = await burstWithKill(
      runners,
      { concurrency: 8, killAfter: 6, kill: () => a.child.kill("SIGKILL") },
      async (r) => {
        await step(r);
        return true;
      },
    );
    expect(killed).toBe(true);
    // The burst was spread over both instances: the one killed was serving checkouts.
    const checkouts = logged(/"POST \/checkout /);
    expect(checkouts.some((c) => c.upstreams.includes(a.port))).toBe(true);
    await a.stop();
    expect(a.child.signalCode).toBe("SIGKILL");
    console.info(`${interrupted.length} requests were cut off by the kill`);

    // Every student the kill interrupted tries again, through nginx (now only B answers).
    for (const r of runners.filter((x) => x.stage !== "paid")) {
      if (r.orderId) {
        const [order] = await rows<{ status: string }>("select status from orders where id = $1", [r.orderId]);
        // A payment that committed before the kill answered nobody: it is there all the same.
        if (order?.status === "fulfilled") r.stage = "paid";
      }
      await step(r);
    }
    expect(runners.map((r) => r.stage)).toEqual(runners.map(() => "paid"));

    // Nothing lost, nothing twice: each student owns each product once, through one fulfilled order.
    const orders = await rows<{ id: string; email: string; status: string; invoice_number: string | null }>(
      `select o.id, u.email, o.status, o.invoice_number from orders o join users u on u.id = o.user_id
        where u.email like 'burst-%'`,
    );
    for (const r of runners) {
      const mine = orders.filter((o) => o.email === r.student.email);
      expect(
        mine.filter((o) => o.status === "fulfilled").map((o) => o.id),
        r.student.email,
      ).toEqual([r.orderId]);
      expect(mine.find((o) => o.id === r.orderId)?.invoice_number, r.student.email).toBeTruthy();
    }
    const enrolments = await rows<{ email: string; product_id: number }>(
      `select u.email, e.product_id from enrolments e join users u on u.id = e.user_id
        where u.email like 'burst-%' and e.revoked_at is null`,
    );
    expect(enrolments.map((e) => `${e.email}/${e.product_id}`).sort()).toEqual(
      runners.flatMap((r) => r.products.map((p) => `${r.student.email}/${p}`)).sort(),
    );
    const numbers = (
      await rows<{ n: string }>("select invoice_number as n from orders where invoice_number is not null")
    )
      .map((o) => Number(o.n.split("/").pop()))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i)); // no gap

    // The survivor serves everything, through nginx.
    const student = runners[0]!.student;
    for (let round = 0; round < 3; round++) {
      for (const p of ["/", "/courses", `/courses/${paid[0]}`, "/notes", "/login"])
        expect(await statusOf(`${appUrl}${p}`), p).toBe(200);
      for (const p of ["/api/me", "/account", "/account/orders", "/my-courses"])
        expect(await statusOf(`${appUrl}${p}`, { headers: { cookie: student.cookie! } }), p).toBe(200);
    }
    if (uploaded) {
      const admin = await signInOverHttp(appUrl, ADMIN.email, ADMIN.password);
      const { clear } = await playFirstSegment(appUrl, uploaded, admin);
      expect(clear[0]).toBe(0x47);
    }
  }, 300_000);

  it("Caddy's file serves one instance as it is: pages, /metrics hidden, a request id per request", async () => {
    caddy = await startCaddy(b.port);
    const home = await fetch(`${caddy.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Commerce Academy");
    expect(home.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await statusOf(`${caddy.url}/metrics`)).toBe(404);
    expect(await statusOf(`${caddy.url}/courses`)).toBe(200);
    // Caddy's access log has the id the app answered with.
    const id = home.headers.get("x-request-id")!;
    await until("Caddy's log line", async () => caddy!.accessLog().includes(id));
  });
});
