import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache } from "./page-cache";

let rendered = 0;
let server: ReturnType<express.Express["listen"]>;
let base = "";
const cache = new PageCache({ maxEntries: 3 });

beforeAll(async () => {
  const app = express();
  app.use(cache.middleware());
  app.get("/page", (req, res) => {
    rendered++;
    res.type("html");
    res.write("<p>hello ");
    res.end(`${req.query.q ?? ""} #${rendered}</p>`);
  });
  app.get("/csp", (_req, res) => {
    rendered++;
    res
      .set("Content-Security-Policy", "script-src 'self' 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='")
      .type("html")
      .send(
        `<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">1</script><script nonce="AAAAAAAAAAAAAAAAAAAAAA==">2</script> #${rendered}`,
      );
  });
  app.get("/personal", (_req, res) => {
    rendered++;
    res.cookie("flash", "1").type("html").send(`personal #${rendered}`);
  });
  app.get("/private", (_req, res) => {
    rendered++;
    res.set("Cache-Control", "private, no-store").type("html").send(`private #${rendered}`);
  });
  app.get("/broken", (_req, res) => {
    rendered++;
    res.status(503).type("html").send(`down #${rendered}`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + path, { headers });
  return { status: res.status, body: await res.text(), cache: res.headers.get("x-page-cache") };
};

describe("anonymous page cache", () => {
  it("serves the second anonymous request from the cache, byte for byte", async () => {
    const first = await get("/page?q=a");
    const second = await get("/page?q=a");
    expect(first.cache).toBe("miss");
    expect(second).toEqual({ status: 200, body: first.body, cache: "hit" });
    expect((await get("/page?q=b")).body).not.toBe(first.body);
  });

  it("never serves or stores for a request with a cookie", async () => {
    const anon = await get("/page?q=c");
    const withCookie = await get("/page?q=c", { cookie: "session=abc" });
    expect(withCookie.cache).toBeNull();
    expect(withCookie.body).not.toBe(anon.body);
  });

  it("does not store responses that set cookies, are private, or are errors", async () => {
    for (const path of ["/personal", "/private", "/broken"]) {
      const a = await get(path);
      const b = await get(path);
      expect(b.cache, path).toBe("miss");
      expect(b.body, path).not.toBe(a.body);
    }
  });

  it("drops everything when the content version changes", async () => {
    const a = await get("/page?q=v");
    expect((await get("/page?q=v")).cache).toBe("hit");
    cache.setVersion("42");
    const b = await get("/page?q=v");
    expect(b.cache).toBe("miss");
    expect(b.body).not.toBe(a.body);
  });

  it("gives every cached document a fresh CSP nonce, in the header and the body alike", async () => {
    await get("/csp");
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/csp`);
      const body = await res.text();
      expect(res.headers.get("x-page-cache")).toBe("hit");
      const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(nonce).not.toBe("AAAAAAAAAAAAAAAAAAAAAA==");
      expect(body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
  });

  it("keeps at most maxEntries entries", async () => {
    cache.clear();
    for (const q of ["1", "2", "3", "4"]) await get(`/page?q=${q}`);
    expect(cache.size).toBe(3);
    expect((await get("/page?q=1")).cache).toBe("miss");
  });
});
