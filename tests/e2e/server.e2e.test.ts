import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import * as schema from "~/db/schema";
import { seedBoardPaperList } from "~/db/seed/board-papers";
import { seedBanners, seedCourses, seedNotes, seedPyqs } from "~/db/seed/data";
import { seedTests } from "~/db/seed/practice";
import { sharedBaseUrl } from "../helpers/e2e-ready";
import { freshInstall } from "../helpers/fixtures";
import { ROOT, runScript, startServer } from "../helpers/server";

const baseUrl = sharedBaseUrl();

/** Runs a program to its end without blocking the worker: its exit code and what it printed. */
function runToEnd(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeout: number }) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    execFile(command, args, { ...options, encoding: "utf8" }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      if (error && typeof code !== "number") return reject(error);
      resolve({ status: error ? (code as number) : 0, stdout, stderr });
    });
  });
}

describe("production server", () => {
  it("serves the home page with the seeded courses and notes, server-rendered", async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Excel in Your Commerce Exams");
    for (const title of ["Accountancy Class 12", "Economics Class 11", "Business Studies Class 12"]) {
      expect(html).toContain(title);
    }
    expect(html).toContain("Accountancy Formula Sheet");
  });

  it("answers unknown routes with 404 and the spec's text", async () => {
    const res = await fetch(`${baseUrl}/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 - Page Not Found");
  });

  it("answers the health and readiness checks", async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ok" });
  });

  it("sends security headers, compresses HTML and caches hashed assets for a year", async () => {
    const res = await fetch(`${baseUrl}/`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const html = await res.text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetRes = await fetch(`${baseUrl}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
  });

  it("serves build assets precompressed: Brotli to browsers that take it, else gzip, else as built", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    // React, React DOM and React Router (vite.config.ts groups them): the largest script of every page.
    const asset = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const built = fs.readFileSync(path.join(ROOT, "build", "client", asset!));
    const variants = [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const;
    for (const [accept, encoding] of variants) {
      const res = await fetch(`${baseUrl}${asset}`, { headers: { "accept-encoding": accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(res.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
      expect(res.headers.get("content-type")).toMatch(/javascript/);
      // fetch decodes the body: it is the built file, byte for byte.
      expect(Buffer.from(await res.arrayBuffer()).equals(built), accept).toBe(true);
    }
    const brBytes = fs.statSync(path.join(ROOT, "build", "client", `${asset}.br`)).size;
    expect(brBytes).toBeLessThan(built.length / 3);
  });

  it("sends the browser React Router's production build, without its developer warnings (vite.config.ts)", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const framework = fs.readFileSync(
      path.join(ROOT, "build", "client", html.match(/\/assets\/framework-[\w-]+\.js/)![0]),
      "utf8",
    );
    // Both texts are in the package's default (development) files: the first behind ENABLE_DEV_WARNINGS,
    // the second a `warning(…)` call, dropped as a pure call.
    const development = fs
      .readdirSync(path.join(ROOT, "node_modules/react-router/dist/development"))
      .filter((f) => f.endsWith(".mjs"))
      .map((f) => fs.readFileSync(path.join(ROOT, "node_modules/react-router/dist/development", f), "utf8"))
      .join("\n");
    for (const text of ["You should not include both `Component` and `element`", "No routes matched location"]) {
      expect(development, text).toContain(text);
      expect(framework, text).not.toContain(text);
    }
    // Still React Router: the client router and the hydration entry's names are there.
    expect(framework).toContain("__reactRouterContext");
  });

  it("loads no PDF library in the server process at start: pdf-lib, fontkit and @signpdf run on the PDF pool's threads, node-forge is read with a certificate", () => {
    /**
     * The packages a built file imports statically, and those of every file of the build it imports
     * (the build's own chunks imported on demand too: a page's render loads them). A package imported
     * on demand (`import("sharp")`) is not loaded at start and is not counted.
     */
    function packagesLoaded(entry: string): Set<string> {
      const packages = new Set<string>();
      const seen = new Set<string>();
      const queue = [path.join(ROOT, "build", "server", entry)];
      while (queue.length > 0) {
        const file = queue.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const code = fs.readFileSync(file, "utf8");
        const imports = [
          ...code.matchAll(/(?:^|[\n;])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?["']([^"']+)["']/g),
        ];
        const onDemand = [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)];
        for (const specifier of [...imports, ...onDemand].map((m) => m[1]!)) {
          if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier));
        }
        for (const specifier of imports.map((m) => m[1]!)) {
          if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
          const parts = specifier.split("/");
          packages.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
        }
      }
      return packages;
    }
    // With them, what the server has no use for at start: Razorpay's SDK (loaded on a store with its
    // keys), Lucide's and radix-ui's whole indexes (their used icons and primitives are in the build).
    const pdfLibraries = [
      "pdf-lib",
      "fontkit",
      "node-forge",
      "@signpdf/signpdf",
      "@signpdf/signer-p12",
      "razorpay",
      "lucide-react",
      "radix-ui",
    ];
    const server = packagesLoaded("index.js");
    // The walk reaches what the server does load (its renderer, the job queue) …
    for (const name of ["react-dom", "pg-boss", "express"]) expect(server, name).toContain(name);
    // … and none of the PDF libraries (~40 MB of a process's memory), which the worker's walk does reach.
    const worker = packagesLoaded("pdf-worker.js");
    for (const name of pdfLibraries) expect(server, name).not.toContain(name);
    for (const name of ["pdf-lib", "fontkit", "@signpdf/signpdf"]) expect(worker, name).toContain(name);
  });

  /** Every inline script of `html` is allowed by `csp`: it carries the policy's nonce or its hash is listed. */
  function expectInlineScriptsAllowed(csp: string, html: string) {
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
    const hashes = [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs, body] of inline) {
      if (nonce && attrs!.includes(`nonce="${nonce}"`)) continue;
      const digest = createHash("sha256").update(body!, "utf8").digest("base64");
      expect(hashes, `inline script neither with the nonce nor hashed: ${body!.slice(0, 80)}`).toContain(digest);
    }
    return nonce;
  }

  it("sets a Content-Security-Policy with a fresh nonce on each rendered page that every inline script carries", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      // A cookie the page cache does not share: the page is rendered for this request.
      const res = await fetch(`${baseUrl}/`, { headers: { cookie: `other=${i}` } });
      expect(res.headers.get("x-page-cache")).toBeNull();
      const nonce = expectInlineScriptsAllowed(res.headers.get("content-security-policy") ?? "", await res.text());
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it("answers a page-cache hit ahead of the middleware with the same headers and gzip, its scripts allowed by hash", async () => {
    await (await fetch(`${baseUrl}/about`)).text(); // fill the cache
    const plain = await fetch(`${baseUrl}/about`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("x-page-cache")).toBe("hit");
    const zipped = await fetch(`${baseUrl}/about`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers.get("x-page-cache")).toBe("hit");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    for (const res of [plain, zipped]) {
      // What helmet set on the original response is served with every hit.
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
    // fetch decodes gzip (and checks its CRC): the same page either way, no nonce a visitor could reuse.
    const [htmlA, htmlB] = [await plain.text(), await zipped.text()];
    expect(htmlB).toBe(htmlA);
    expect(htmlA).not.toMatch(/\snonce="[^"]/);
    const csp = plain.headers.get("content-security-policy") ?? "";
    expect(csp).not.toMatch(/'nonce-/);
    expect(expectInlineScriptsAllowed(csp, htmlA)).toBeUndefined();
  });

  it("refuses request bodies over the limit (413) or without a length (411), before any action runs", async () => {
    const big = await fetch(`${baseUrl}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: `email=a%40b.c&password=${"x".repeat(2 * 1024 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("The request is too large: the limit is 1 MB.");
    // A doubt's photo (up to 5 MB) reaches the course player's action (here: signed out, to the login page).
    const photo = new FormData();
    photo.append("intent", "ask");
    photo.append("photo", new Blob([new Uint8Array(3 * 1024 * 1024)], { type: "image/png" }), "page.png");
    const doubt = await fetch(`${baseUrl}/my-courses/1`, {
      method: "POST",
      headers: { origin: baseUrl },
      body: photo,
      redirect: "manual",
    });
    expect(doubt.status).toBe(302);
    expect(doubt.headers.get("location")).toMatch(/^\/login/);
    const chunked = await fetch(`${baseUrl}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: new Blob(["email=a%40b.c"]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    // A normal form post still reaches the action (wrong password → the form's own answer, not 4xx from the limit).
    const small = await fetch(`${baseUrl}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: "email=nobody%40example.com&password=wrong-password-1",
      redirect: "manual",
    });
    expect([200, 400, 401, 429]).toContain(small.status);
    expect(small.status).not.toBe(413);
  });

  it("a client still sending an oversized form reads the 413 after its body, not a reset connection", async () => {
    // A client reads nothing until it has sent its body (as fetch() did with a 2 MB form here). Had the
    // server closed the connection after answering, the body arriving at a closed socket resets it,
    // and TCP throws away the answer the client had not read yet: the client saw EPIPE, never the 413.
    const { host, hostname, port } = new URL(baseUrl);
    const socket = net.connect(Number(port), hostname);
    await once(socket, "connect");
    socket.pause();
    const size = 2 * 1024 * 1024;
    socket.write(
      `POST /login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${baseUrl}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await sleep(300); // the server has answered by now
    let error: Error | undefined;
    socket.on("error", (e) => {
      error = e;
    });
    socket.write(Buffer.alloc(size, "x"));
    await sleep(300); // and has the body, or has reset the connection
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => {
      text += d;
    });
    socket.resume();
    const message = "The request is too large: the limit is 1 MB.";
    for (let waited = 0; !text.includes(message) && !error && waited < 5000; waited += 50) await sleep(50);
    socket.destroy();
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain(message);
    // The connection stayed open for the next request (the body was read and thrown away).
    expect(text.toLowerCase()).not.toContain("connection: close");
  });

  it("answers TRACE and other methods it does not take with 405 and the methods it takes", async () => {
    // fetch() refuses to send TRACE, so this goes through node:http as a scanner's request would.
    // (A verb Node's HTTP parser does not know, say BREW, is its own 400 before the app sees it.)
    for (const method of ["TRACE", "PROPFIND", "LINK"]) {
      for (const url of ["/", "/login", "/api/cart", "/no-such-page"]) {
        const answer = await new Promise<{ status?: number; allow?: string; body: string }>((resolve, reject) => {
          const req = http.request(`${baseUrl}${url}`, { method }, (res) => {
            let body = "";
            res.on("data", (c) => {
              body += c;
            });
            res.on("end", () => resolve({ status: res.statusCode, allow: res.headers.allow, body }));
          });
          req.on("error", reject);
          req.end();
        });
        expect(answer.status, `${method} ${url}`).toBe(405);
        expect(answer.allow).toContain("GET");
        expect(answer.body).toBe("Method not allowed.");
      }
    }
  });

  it("serves Prometheus metrics to loopback only, each request counted under its route's pattern, never its URL", async () => {
    const home = await (await fetch(`${baseUrl}/`)).text();
    const course = home.match(/href="(\/courses\/\d+)"/)?.[1];
    expect(course).toBeTruthy();
    // Read whole: an answer is counted once it has all been sent.
    for (const [url, status] of [
      [course, 200],
      ["/no-such-page-for-metrics", 404],
    ] as const) {
      const answer = await fetch(`${baseUrl}${url}`);
      await answer.text();
      expect(answer.status).toBe(status);
    }
    const res = await fetch(`${baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{route="\/courses\/:id",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_requests_total\{route="\/\*",method="GET",status="404"\} [1-9]/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",route="\/",method="GET",status="200"\} [1-9]/m,
    );
    expect(text).not.toContain(`route="${course}"`);
    expect(text).not.toContain("no-such-page-for-metrics");
    for (const name of ["nodejs_eventloop_lag_seconds", "process_resident_memory_bytes", "pdf_pool_threads"]) {
      expect(text).toMatch(new RegExp(`^${name} `, "m"));
    }
    // The job queue's waiting jobs, by queue (the order and video queues of this server).
    expect(text).toMatch(/^job_queue_waiting\{queue="[\w.-]+"\} \d+/m);
    // Through a proxy (X-Forwarded-For, Forwarded) or with a wrong token: refused, nothing shown.
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-for": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
      { "x-forwarded-for": "203.0.113.9", authorization: "Bearer not-the-token-not-the-token" },
    ]) {
      const refused = await fetch(`${baseUrl}/metrics`, { headers });
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("http_requests_total");
    }
  });

  it("gives every answer a request id, the proxy's when it sends a sane one", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    // A rendered page, a page-cache hit of it, a 404 and a static file.
    for (const url of ["/about", "/about", "/no-such-page", "/favicon.svg"]) {
      expect((await fetch(`${baseUrl}${url}`)).headers.get("x-request-id")).toMatch(uuid);
    }
    const given = await fetch(`${baseUrl}/about`, { headers: { "x-request-id": "edge-7f3a:42" } });
    expect(given.headers.get("x-request-id")).toBe("edge-7f3a:42");
    const hostile = await fetch(`${baseUrl}/about`, { headers: { "x-request-id": "<script>alert(1)</script>" } });
    expect(hostile.headers.get("x-request-id")).toMatch(uuid);
  });

  it("every image on the home page loads", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const sources = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(6);
    for (const src of new Set(sources)) {
      expect(src.startsWith("/"), `${src} is local`).toBe(true);
      const res = await fetch(new URL(src, baseUrl));
      expect(res.status, src).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/image\/svg\+xml/);
    }
  });
});

describe("server lifecycle", () => {
  it("refuses a bad setting at start with one line naming the variable, and no stack trace", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PAGE_CACHE: "maybe" }, /PAGE_CACHE must be 1 or 0/],
      [{ ORDERS_RECONCILE_INTERVAL_SECONDS: "-1" }, /ORDERS_RECONCILE_INTERVAL_SECONDS must be 0 \(off\) or more/],
      [{ SMTP_URL: "not a url" }, /SMTP_URL must be a URL like smtp:\/\//],
      [
        { RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "" },
        /must be set together \(only RAZORPAY_KEY_ID is set\)/,
      ],
      [{ PORT: "eighty" }, /^Invalid environment variables: PORT must be a port number/],
    ];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-bad-env-"));
    // The five starts run at once: each loads the whole server build before it reads its settings.
    const runs = await Promise.all(
      cases.map(([vars]) =>
        runToEnd(process.execPath, [path.join(ROOT, "server.js")], {
          cwd: ROOT,
          // Were a value accepted, the server would start on a free port with throw-away data.
          env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "", ...vars },
          timeout: 30_000,
        }),
      ),
    );
    for (const [i, [vars, message]] of cases.entries()) {
      const run = runs[i]!;
      const label = JSON.stringify(vars);
      expect(run.status, label).toBe(1);
      expect(run.stdout, label).toBe("");
      const lines = run.stderr.trimEnd().split("\n");
      expect(lines, label).toHaveLength(1);
      expect(lines[0], label).toMatch(message);
      expect(lines[0], label).toMatch(/^Invalid environment variables: .*See \.env\.example\.$/);
    }
  });

  it("without APP_URL, uses http://localhost:<PORT> and takes both loopback names as its own origin", async () => {
    const server = await startServer({ dataDir: await freshInstall(), env: { APP_URL: "" } });
    try {
      const own = `http://localhost:${server.port}`;
      expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`<loc>${own}/courses/1</loc>`);
      const signUp = (origin: string, email: string) =>
        fetch(`${server.url}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin },
          body: JSON.stringify({ name: "Port Person", email, password: "correct-horse-battery" }),
        });
      expect((await signUp(`http://127.0.0.1:${server.port}`, "port-a@example.com")).status).toBe(200);
      expect((await signUp(own, "port-b@example.com")).status).toBe(200);
      expect((await signUp("http://evil.example", "port-c@example.com")).status).toBe(403);
    } finally {
      await server.stop();
    }
  });

  it("exits within 5 s on SIGTERM with the database closed, and a restart keeps data without seeding twice", async () => {
    const first = await startServer();
    expect((await fetch(`${first.url}/`)).status).toBe(200);
    // A second process on the same data directory is refused clearly and changes nothing.
    const seed = runScript("scripts/seed.ts", [], { env: { DATA_DIR: first.dataDir, DATABASE_URL: "" } });
    expect(seed.status).not.toBe(0);
    expect(seed.stderr + seed.stdout).toMatch(/in use by another process/);

    const stopped = await first.stop("SIGTERM");
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(5000);
    expect(first.output()).not.toMatch(/"level":50/);
    expect(fs.existsSync(path.join(first.dataDir, "pglite", "commerce-academy.lock"))).toBe(false);

    const second = await startServer({ dataDir: first.dataDir, env: { LOG_LEVEL: "info" } });
    try {
      expect(second.output()).toMatch(/"seeded":false/);
      const html = await (await fetch(`${second.url}/`)).text();
      expect(html).toContain("Accountancy Class 12");
      // The start log a newcomer reads: a page view is one line, the files it loads are not logged at info.
      const files = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g))];
      expect(files.length).toBeGreaterThan(3);
      for (const file of files) expect((await fetch(`${second.url}${file}`)).status).toBe(200);
      const lines = second.output().trimEnd().split("\n");
      expect(second.output()).not.toContain("/assets/");
      expect(lines.filter((l) => l.includes('"url":"/"'))).toHaveLength(1);
      expect(lines.length, second.output()).toBeLessThanOrEqual(8);
    } finally {
      expect((await second.stop("SIGINT")).code).toBe(0);
    }
    const handle = await openPglite(path.join(first.dataDir, "pglite"));
    try {
      const [products] = await handle.db.select({ n: count() }).from(schema.products);
      const [banners] = await handle.db.select({ n: count() }).from(schema.banners);
      // Seeded once: every seeded course, note, PYQ and practice test, the board mock papers and the one sample bundle, no copies.
      expect(products?.n).toBe(
        seedCourses.length + seedNotes.length + seedPyqs.length + seedTests.length + seedBoardPaperList.length + 1,
      );
      expect(banners?.n).toBe(seedBanners.length);
    } finally {
      await handle.close();
    }
  });
});
