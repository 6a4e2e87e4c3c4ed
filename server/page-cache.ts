/**
 * Full-page cache for anonymous GET requests (HTML documents and single-fetch
 * `.data` responses). Only requests without any cookie are stored in it, and
 * only responses without Set-Cookie or a private/no-store Cache-Control:
 * nothing personalised, admin or session-bound can enter it. It serves those
 * requests, and the ones its `sharedWith` option admits (a signed-in visitor's
 * catalog page, personalised in the browser).
 * Maintenance-mode and error answers (status other than 200/404) are never
 * stored. Entries belong to a content version; a change to public content in
 * any instance bumps the shared version (database triggers + NOTIFY), which
 * empties every instance's cache. A poll is the fallback for a lost listener.
 *
 * Bounded by bytes (`maxBytes`: the pages and their gzip parts) as well as entries, and keyed by the
 * path and only the query parameters pages read (`queryParams`): `?utm_source=…` or 2,000 made-up
 * query strings share the entry of the page without them. A request with another parameter may be
 * served that entry, but what is rendered for it is never stored (it might show the parameter).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;

/**
 * A rendered page made fit to serve to everyone: the nonce it was rendered with leaves the page and
 * its policy, and each inline script it allowed is allowed instead by the hash of its text (CSP
 * Level 2 `'sha256-…'`, the way lib/csp.server.ts allows our constant scripts). The stored page is
 * then the same bytes for every visitor, gzipped once; no visitor ever sees a nonce another one saw.
 * External scripts (`src`) are ours and allowed by `'self'`. Null when the page is not what this
 * expects (a script without an end tag): such a page is not stored.
 */
export function hashInlineScripts(body: Buffer, csp: string): { body: Buffer; csp: string } | null {
  const nonce = csp.match(NONCE_IN_CSP)?.[1];
  if (!nonce) return { body, csp };
  const html = body.toString("utf8");
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const open = /<script\b[^>]*>/gi;
  for (let tag = open.exec(html); tag; tag = open.exec(html)) {
    const from = tag.index + tag[0].length;
    const to = html.indexOf("</script", from);
    if (to === -1) return null;
    open.lastIndex = to;
    if (!tag[0].includes(attribute) || /\ssrc\s*=/i.test(tag[0])) continue;
    // The hash is of the script's text exactly as it stands in the page (raw text: nothing decoded).
    hashes.add(`'sha256-${createHash("sha256").update(html.slice(from, to), "utf8").digest("base64")}'`);
  }
  const sources = [...hashes].join(" ");
  return {
    body: Buffer.from(html.replaceAll(attribute, ""), "utf8"),
    csp: csp.replace(` 'nonce-${nonce}'`, sources ? ` ${sources}` : ""),
  };
}

/** Whether the request accepts gzip (Accept-Encoding, honouring q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return false;
  for (const item of value.split(",")) {
    const [coding, ...params] = item.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** Types worth compressing (the cache stores only these kinds). */
const COMPRESSIBLE = /text\/|json|xml|javascript/;
const MIN_COMPRESS_BYTES = 1024;

interface Entry {
  /** What the entry holds in memory, roughly: its body, headers and (once built) gzip parts. */
  bytes: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  version: string;
  storedAt: number;
  /** The page gzipped, made on the first hit that accepts gzip. */
  gzip?: Buffer;
}

export interface PageCacheOptions {
  maxEntries?: number;
  /** The most the entries may hold together (bodies, headers, gzip parts), in bytes. */
  maxBytes?: number;
  maxBodyBytes?: number;
  /**
   * The query parameters cached pages read: the key keeps only these (every parameter when unset).
   * A request with any other is answered from the entry without it and stores nothing.
   */
  queryParams?: ReadonlySet<string>;
  ttlMs?: number;
  /**
   * Requests that carry cookies but may be answered with the shared (anonymous) page: a signed-in
   * visitor's catalog page, whose personal parts the browser fills in from one small request of
   * its own (app/features/accounts/personal.ts). Such a request is served from the cache on a hit
   * and rendered as usual on a miss; it never stores anything.
   */
  sharedWith?: (req: IncomingMessage) => boolean;
}

/** Overhead of an entry beyond its body and headers (the Map slot, the objects), counted against maxBytes. */
const ENTRY_OVERHEAD_BYTES = 512;

/**
 * The cache key of a request URL: its path and, of its query, only the parameters in `params`
 * (all of them when `params` is undefined), in the order given. `clean` says nothing was left out.
 */
export function cacheKey(url: string, params?: ReadonlySet<string>): { key: string; clean: boolean } {
  const q = url.indexOf("?");
  if (q === -1 || !params) return { key: url, clean: true };
  const kept: string[] = [];
  let clean = true;
  for (const pair of url.slice(q + 1).split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    let name: string;
    try {
      name = decodeURIComponent((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, " "));
    } catch {
      clean = false;
      continue;
    }
    if (params.has(name)) kept.push(pair);
    else clean = false;
  }
  return { key: kept.length > 0 ? `${url.slice(0, q)}?${kept.join("&")}` : url.slice(0, q), clean };
}

export class PageCache {
  private entries = new Map<string, Entry>();
  private version = "0";
  private held = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly maxBodyBytes: number;
  private readonly queryParams?: ReadonlySet<string>;
  readonly ttlMs: number;
  private readonly sharedWith: (req: IncomingMessage) => boolean;
  hits = 0;
  /** Hits served to a request with cookies (see `sharedWith`). */
  sharedHits = 0;
  misses = 0;

  constructor(opts: PageCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.maxBodyBytes = opts.maxBodyBytes ?? 1_000_000;
    this.queryParams = opts.queryParams;
    this.ttlMs = opts.ttlMs ?? 5 * 60_000;
    this.sharedWith = opts.sharedWith ?? (() => false);
  }

  get size() {
    return this.entries.size;
  }

  /** What the entries hold together, in bytes (bounded by maxBytes). */
  get bytes() {
    return this.held;
  }

  /** A new content version: everything cached before it is stale. */
  setVersion(version: string) {
    if (version !== this.version) {
      this.version = version;
      this.clear();
    }
  }

  clear() {
    this.entries.clear();
    this.held = 0;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  /** Drops the least recently used entries until `incoming` more bytes (and one more entry) fit. */
  private makeRoom(incoming: number, keep?: string) {
    for (const key of this.entries.keys()) {
      if (this.held + incoming <= this.maxBytes && this.entries.size < this.maxEntries) return;
      if (key !== keep) this.remove(key);
    }
  }

  /** Only anonymous GET/HEAD requests for pages: no cookie, no credentials, not admin or API. */
  static cacheable(req: IncomingMessage): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (req.headers.cookie || req.headers.authorization) return false;
    const url = req.url ?? "/";
    const path = (url.includes("?") ? url.slice(0, url.indexOf("?")) : url).toLowerCase();
    if (path.startsWith("/admin") || path.startsWith("/api/")) return false;
    return true;
  }

  /**
   * Answers a request from the cache straight on the socket (used by server.js ahead of all the
   * middleware, and by the Express middleware below). False when there is nothing to serve.
   * The stored headers are the ones the original response had (security headers included); the
   * inline scripts are allowed by their hashes (hashInlineScripts), and a visitor that accepts gzip gets gzip.
   */
  serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const shared = !PageCache.cacheable(req);
    if (shared && !((req.method === "GET" || req.method === "HEAD") && this.sharedWith(req))) return false;
    const { key } = cacheKey((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/", this.queryParams);
    const hit = this.entries.get(key);
    if (!hit || hit.version !== this.version || Date.now() - hit.storedAt >= this.ttlMs) return false;
    this.hits++;
    if (shared) this.sharedHits++;
    // Keep recently used entries at the end (LRU order).
    this.entries.delete(key);
    this.entries.set(key, hit);
    const headers: Record<string, string> = { ...hit.headers, "x-page-cache": "hit" };
    const vary = headers.vary;
    if (!vary) headers.vary = "Accept-Encoding";
    else if (!/accept-encoding|\*/i.test(vary)) headers.vary = `${vary}, Accept-Encoding`;
    let body = hit.body;
    const compress =
      hit.body.length >= MIN_COMPRESS_BYTES &&
      COMPRESSIBLE.test(hit.headers["content-type"] ?? "") &&
      acceptsGzip(req.headers["accept-encoding"]);
    if (compress) {
      if (!hit.gzip) {
        hit.gzip = gzipSync(hit.body, { level: 6 });
        // The gzip stays with the entry: it counts against the bound like the page itself.
        hit.bytes += hit.gzip.length;
        this.held += hit.gzip.length;
        this.makeRoom(0, key);
      }
      body = hit.gzip;
      headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = String(body.length);
    res.writeHead(hit.status, headers);
    if (req.method === "HEAD") res.end();
    else res.end(body);
    return true;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (this.serveHit(req, res)) return;
      if (!PageCache.cacheable(req)) return next();
      const { key, clean } = cacheKey(req.originalUrl, this.queryParams);
      this.misses++;
      const version = this.version;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooBig = false;
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      const capture = (chunk: unknown, encoding?: unknown) => {
        if (tooBig || chunk == null || typeof chunk === "function") return;
        const buf = Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array);
        size += buf.length;
        if (size > this.maxBodyBytes) tooBig = true;
        else chunks.push(buf);
      };
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        capture(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as Response["write"];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        capture(chunk, rest[0]);
        // A request with a parameter pages do not read is rendered for itself: its page is not stored.
        this.store(key, res, Buffer.concat(chunks), version, tooBig || !clean || req.method === "HEAD");
        return end(chunk, ...rest);
      }) as Response["end"];
      res.set("X-Page-Cache", "miss");
      next();
    };
  }

  private store(key: string, res: Response, body: Buffer, version: string, skip: boolean) {
    if (skip || version !== this.version) return;
    if (res.statusCode !== 200 && res.statusCode !== 404) return;
    if (res.getHeader("set-cookie")) return;
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    if (/private|no-store/i.test(cacheControl)) return;
    const contentType = String(res.getHeader("content-type") ?? "");
    if (!/text\/html|text\/x-script|application\/json|xml|text\/plain/.test(contentType)) return;
    // A page rendered with a nonce is stored with the hashes of its inline scripts instead.
    const hashed = hashInlineScripts(body, String(res.getHeader("content-security-policy") ?? ""));
    if (!hashed) return;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      const lower = name.toLowerCase();
      if (value === undefined || lower === "content-length" || lower === "x-page-cache" || lower === "content-encoding")
        continue;
      if (lower === "date" || lower === "connection" || lower === "keep-alive" || lower === "transfer-encoding")
        continue;
      // Each answer's own id (server/request-log.js), set again for every hit.
      if (lower === "x-request-id") continue;
      headers[lower] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    if (headers["content-security-policy"]) headers["content-security-policy"] = hashed.csp;
    const bytes =
      hashed.body.length +
      ENTRY_OVERHEAD_BYTES +
      Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    if (bytes > this.maxBytes) return;
    this.remove(key);
    this.makeRoom(bytes);
    this.held += bytes;
    this.entries.set(key, { bytes, status: res.statusCode, headers, body: hashed.body, version, storedAt: Date.now() });
  }
}
