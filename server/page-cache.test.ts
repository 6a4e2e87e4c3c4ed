import { createHash } from "node:crypto";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, cacheKey, hashInlineScripts, PageCache } from "./page-cache";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

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

/** One GET with `Accept-Encoding: gzip`, the body as sent (not decoded). */
function fetchRawGzip(port: number, path: string) {
  return new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
    request({ port, host: "127.0.0.1", path, headers: { "accept-encoding": "gzip" } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(parts) }));
    })
      .on("error", reject)
      .end();
  });
}

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

  it("stores a document without its nonce: each inline script is allowed by its hash instead", async () => {
    const first = await fetch(`${base}/csp`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const rendered = await first.text();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/csp`);
      const body = await res.text();
      expect(res.headers.get("x-page-cache")).toBe("hit");
      const csp = res.headers.get("content-security-policy") ?? "";
      // The nonce the page was rendered with is gone from the policy and the page.
      expect(csp).not.toMatch(/nonce/);
      expect(body).not.toMatch(/nonce/);
      expect(body).toBe(rendered.replaceAll(' nonce="AAAAAAAAAAAAAAAAAAAAAA=="', ""));
      expect(csp).toBe(`script-src 'self' ${sha256("1")} ${sha256("2")}`);
    }
  });

  it("serves a small page (< 1 KiB) uncompressed even to a visitor that accepts gzip", async () => {
    await get("/csp");
    const res = await fetch(`${base}/csp`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.text()).toMatch(/^<script>1<\/script><script>2<\/script> #\d+$/);
  });

  it("the gzip stream is valid: gunzip of the raw bytes gives the stored page", async () => {
    const big = `<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">x</script>${"<p>lorem ipsum</p>".repeat(300)}<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">y</script>`;
    const local = new PageCache();
    const app = express();
    app.use(local.middleware());
    app.get("/big", (_req, res) => {
      res.set("Content-Security-Policy", "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='").type("html").send(big);
    });
    const srv = app.listen(0, "127.0.0.1");
    await new Promise((r) => srv.once("listening", r));
    const port = (srv.address() as AddressInfo).port;
    try {
      await fetch(`http://127.0.0.1:${port}/big`);
      for (let i = 0; i < 2; i++) {
        const { headers, bytes } = await fetchRawGzip(port, "/big");
        expect(headers["content-encoding"]).toBe("gzip");
        expect(Number(headers["content-length"])).toBe(bytes.length);
        expect(bytes.length).toBeLessThan(big.length / 5); // really compressed
        expect(headers["content-security-policy"]).toBe(`script-src ${sha256("x")} ${sha256("y")}`);
        expect(gunzipSync(bytes).toString()).toBe(big.replaceAll(' nonce="AAAAAAAAAAAAAAAAAAAAAA=="', ""));
      }
    } finally {
      srv.close();
    }
  });

  it("hashes inline scripts as the browser reads them, and leaves external ones and other pages alone", () => {
    const nonce = "QUJDREVGR0hJSktMTU5PUA==";
    const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'sha256-K0N5dA==' https://checkout.razorpay.com`;
    const page =
      `<html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"/><script type="module" nonce="${nonce}">import "/a.js";\n</script></head>` +
      `<body><p>Rs ₹ 1,499 — नोट्स</p><script src="/b.js" nonce="${nonce}"></script>` +
      `<script nonce="${nonce}">window.__ctx = {"t":"₹ \\u003c/script"};</script><script>1</script></body></html>`;
    const out = hashInlineScripts(Buffer.from(page), csp);
    expect(out).not.toBeNull();
    const html = out!.body.toString("utf8");
    expect(html).not.toContain(nonce);
    expect(html).toContain("<p>Rs ₹ 1,499 — नोट्स</p>");
    // Two inline scripts carried the nonce: both by hash, UTF-8 text exactly as written. The one
    // without a nonce was never allowed and stays so; the external one is allowed by 'self'.
    expect(out!.csp).toBe(
      `default-src 'self'; script-src 'self' ${sha256('import "/a.js";\n')} ${sha256('window.__ctx = {"t":"₹ \\u003c/script"};')} 'sha256-K0N5dA==' https://checkout.razorpay.com`,
    );
    // A page with no nonce in its policy is stored as it is; a script left open is not stored.
    expect(hashInlineScripts(Buffer.from(page), "script-src 'self'")?.csp).toBe("script-src 'self'");
    expect(hashInlineScripts(Buffer.from(`<script nonce="${nonce}">x`), csp)).toBeNull();
  });

  it("reads Accept-Encoding as HTTP means it", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("x-gzip2")).toBe(false);
  });

  it("keeps at most maxEntries entries", async () => {
    cache.clear();
    for (const q of ["1", "2", "3", "4"]) await get(`/page?q=${q}`);
    expect(cache.size).toBe(3);
    expect((await get("/page?q=1")).cache).toBe("miss");
  });
});

describe("the cache's bounds: bytes, and a key of the parameters pages read", () => {
  async function withCache(cache: PageCache, run: (url: string) => Promise<void>) {
    let renders = 0;
    const app = express();
    app.use(cache.middleware());
    app.get("/page", (req, res) => {
      renders++;
      // A page of ~20 KB that shows the query it was rendered for.
      res.type("html").send(`<p>${JSON.stringify(req.query)} #${renders}</p>${"x".repeat(20_000)}`);
    });
    const listening = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      await run(`http://127.0.0.1:${(listening.address() as AddressInfo).port}`);
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  }
  // fetch asks for gzip by default: here only when a test says so.
  const fetchPage = async (url: string, headers: Record<string, string> = { "accept-encoding": "identity" }) => {
    const res = await fetch(url, { headers });
    return { body: await res.text(), cache: res.headers.get("x-page-cache") };
  };

  it("2,000 distinct query strings of unknown parameters store nothing and share the page's one entry", async () => {
    const local = new PageCache({ queryParams: new Set(["reviews"]) });
    await withCache(local, async (base) => {
      const page = await fetchPage(`${base}/page`);
      expect(page.cache).toBe("miss");
      for (let batch = 0; batch < 2000; batch += 100) {
        const probes = await Promise.all(
          Array.from({ length: 100 }, (_, i) => fetchPage(`${base}/page?x=${batch + i}&utm_source=${batch + i}`)),
        );
        for (const probe of probes) expect(probe).toEqual({ body: page.body, cache: "hit" });
      }
      expect(local.size).toBe(1);
      // A known parameter is part of the key: its own entry, rendered for it.
      const second = await fetchPage(`${base}/page?reviews=2`);
      expect(second.body).toContain('"reviews":"2"');
      expect((await fetchPage(`${base}/page?reviews=2&fbclid=1`)).body).toBe(second.body);
      expect(local.size).toBe(2);
    });
    // Never stored under the clean key: what was rendered for a request with an unknown parameter.
    const fresh = new PageCache({ queryParams: new Set(["reviews"]) });
    await withCache(fresh, async (base) => {
      expect((await fetchPage(`${base}/page?x=<b>`)).cache).toBe("miss");
      expect(fresh.size).toBe(0);
      expect((await fetchPage(`${base}/page`)).cache).toBe("miss");
    });
  }, 60_000);

  it("holds at most maxBytes, its gzip copies included, dropping the least recently used pages", async () => {
    const local = new PageCache({ maxBytes: 100_000 });
    await withCache(local, async (base) => {
      for (let i = 0; i < 20; i++) await fetchPage(`${base}/page?n=${i}`);
      expect(local.bytes).toBeLessThanOrEqual(100_000);
      expect(local.size).toBeLessThan(20);
      expect(local.size).toBeGreaterThan(1);
      // The newest are kept, the oldest went.
      expect((await fetchPage(`${base}/page?n=19`)).cache).toBe("hit");
      expect((await fetchPage(`${base}/page?n=0`)).cache).toBe("miss");
      // Gzip parts, made on a compressed hit, count too.
      const before = local.bytes;
      const sizeBefore = local.size;
      await fetchPage(`${base}/page?n=19`, { "accept-encoding": "gzip" });
      expect(local.bytes).toBeLessThanOrEqual(100_000);
      expect(local.bytes > before || local.size < sizeBefore).toBe(true);
    });
  });

  it("keys by path and the known parameters, in their order, whatever else the query holds", () => {
    const known = new Set(["reviews", "_routes"]);
    expect(cacheKey("/courses/1", known)).toEqual({ key: "/courses/1", clean: true });
    expect(cacheKey("/courses/1?reviews=2", known)).toEqual({ key: "/courses/1?reviews=2", clean: true });
    expect(cacheKey("/courses/1?utm=a&reviews=2&x", known)).toEqual({ key: "/courses/1?reviews=2", clean: false });
    expect(cacheKey("/courses/1.data?_routes=a%2Cb&reviews=3", known)).toEqual({
      key: "/courses/1.data?_routes=a%2Cb&reviews=3",
      clean: true,
    });
    expect(cacheKey("/courses?%E0%A4=1", known)).toEqual({ key: "/courses", clean: false });
    expect(cacheKey("/courses?q=1")).toEqual({ key: "/courses?q=1", clean: true });
  });
});

describe("sharing the anonymous page with requests that carry cookies (sharedWith)", () => {
  it("serves a stored page to an admitted request, never stores from one, and renders the others", async () => {
    let renders = 0;
    const shared = new PageCache({ sharedWith: (req) => req.headers.cookie === "share=1" && req.url === "/page" });
    const app = express();
    app.use(shared.middleware());
    app.all("/page", (req, res) => {
      renders++;
      res.type("html").send(`${req.headers.cookie ? "personal" : "anonymous"} #${renders}`);
    });
    const listening = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/page`;
    const fetchPage = async (headers: Record<string, string> = {}, method = "GET") => {
      const res = await fetch(url, { headers, method });
      return { body: await res.text(), cache: res.headers.get("x-page-cache") };
    };
    try {
      // Nothing stored yet: the admitted request is rendered for itself and stores nothing.
      expect(await fetchPage({ cookie: "share=1" })).toEqual({ body: "personal #1", cache: null });
      expect(await fetchPage()).toEqual({ body: "anonymous #2", cache: "miss" });
      // Stored by an anonymous request: the admitted one gets that page, the others their own.
      expect(await fetchPage({ cookie: "share=1" })).toEqual({ body: "anonymous #2", cache: "hit" });
      expect(shared.sharedHits).toBe(1);
      expect(await fetchPage({ cookie: "share=1; other=2" })).toEqual({ body: "personal #3", cache: null });
      expect(await fetchPage({ cookie: "share=1" }, "POST")).toEqual({ body: "personal #4", cache: null });
      expect(await fetchPage()).toEqual({ body: "anonymous #2", cache: "hit" });
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  });
});
