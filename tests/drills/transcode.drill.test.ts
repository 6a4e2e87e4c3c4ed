/**
 * Drill: `kill -9` the server while it transcodes a lesson's video on PostgreSQL. After a restart
 * the queue notices the dead job (it expires after VIDEO_TRANSCODE_TIMEOUT_MINUTES, here 1), retries
 * it, and the lesson ends ready with every rendition, playable by its owner.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSample } from "~/features/video/transcode.server";
import { signInOverHttp } from "../helpers/auth";
import { createDrillDatabase } from "../helpers/pg-drill";
import { type RunningServer, startServer } from "../helpers/server";

const ADMIN = { email: "owner@example.com", password: "drill-password-12345" };

let env: Record<string, string>;
let server: RunningServer | undefined;
let db: pg.Client;
let sample: string;

beforeAll(async () => {
  const url = await createDrillDatabase("transcode");
  env = {
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ORDERS_RECONCILE_INTERVAL_SECONDS: "0",
    VIDEO_TRANSCODE_TIMEOUT_MINUTES: "1",
  };
  sample = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ca-drill-video-")), "lecture.mp4");
  await generateSample(sample, { seconds: 40, width: 1280, height: 720, title: "Drill lecture" });
  server = await startServer({ env });
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await server?.stop();
});

async function videoRow(lessonId: number) {
  const { rows } = await db.query<{ status: string; progress: number; error: string | null; renditions: unknown }>(
    "select status, progress, error, renditions from lesson_videos where lesson_id = $1",
    [lessonId],
  );
  return rows[0];
}

describe("transcode drill", () => {
  it("kill -9 during a transcode, restart: the job is retried and the lesson ends ready", async () => {
    const first = server!;
    const lessonId = (await db.query<{ id: number }>("select id from lessons order by id limit 1")).rows[0]!.id;
    const cookie = await signInOverHttp(first.url, ADMIN.email, ADMIN.password);
    const headers = { cookie, origin: first.url };
    const bytes = fs.readFileSync(sample);
    const begin = await fetch(`${first.url}/admin/videos/${lessonId}`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ intent: "begin", name: "lecture.mp4", size: String(bytes.length) }),
    });
    expect(begin.status).toBe(200);
    const chunk = 4 * 1024 * 1024;
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      const put = await fetch(`${first.url}/admin/videos/${lessonId}?offset=${offset}`, {
        method: "PUT",
        headers,
        body: bytes.subarray(offset, offset + chunk),
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }

    // Wait until ffmpeg is well under way, then kill the process outright.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const row = await videoRow(lessonId);
      if (row?.status === "processing" && row.progress >= 5) break;
      expect(row?.status).not.toBe("ready"); // killed before it could finish
      if (Date.now() > deadline) throw new Error(`The transcode did not start: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    first.child.kill("SIGKILL");
    await first.stop();
    const killedAt = await videoRow(lessonId);
    expect(killedAt?.status).toBe("processing");

    // The same machine comes back: same data directory (the uploaded original is in its file storage).
    server = await startServer({ env, dataDir: first.dataDir });
    const until = Date.now() + 300_000;
    let row = await videoRow(lessonId);
    while (row?.status !== "ready") {
      if (Date.now() > until) throw new Error(`The lesson did not end ready: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 1000));
      row = await videoRow(lessonId);
    }
    expect((row.renditions as { name: string }[]).map((r) => r.name)).toEqual(["240p", "360p", "720p"]);
    // The job that made it is the dead one retried. The queue marks it completed once the job's code
    // has returned, a moment after the lesson turned ready: wait for that (bounded).
    const retried = async () => {
      const { rows: jobs } = await db.query<{ state: string; retry_count: number }>(
        "select state, retry_count from pgboss.job where name = 'video.transcode' and singleton_key = $1",
        [`lesson-${lessonId}`],
      );
      return jobs.some((j) => j.state === "completed" && j.retry_count >= 1);
    };
    const recorded = Date.now() + 30_000;
    while (!(await retried()) && Date.now() < recorded) await new Promise((r) => setTimeout(r, 200));
    expect(await retried()).toBe(true);

    // The admin (allowed to watch) gets the new playlist and its key from the restarted server.
    const again = await signInOverHttp(server.url, ADMIN.email, ADMIN.password);
    const media = await fetch(`${server.url}/api/video/${lessonId}/720p/index.m3u8`, { headers: { cookie: again } });
    expect(media.status).toBe(200);
    const keyPath = /URI="([^"]+)"/.exec(await media.text())![1]!;
    const key = await fetch(`${server.url}${keyPath}`, { headers: { cookie: again } });
    expect(key.status).toBe(200);
    expect((await key.arrayBuffer()).byteLength).toBe(16);
  }, 480_000);
});
