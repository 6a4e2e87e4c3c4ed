/**
 * Full-page cache for anonymous GET requests (HTML documents and single-fetch
 * `.data` responses). Only requests without any cookie are served from or
 * stored in it, and only responses without Set-Cookie or a private/no-store
 * Cache-Control: nothing personalised, admin or session-bound can enter it.
 * Maintenance-mode and error answers (status other than 200/404) are never
 * stored. Entries belong to a content version; a change to public content in
 * any instance bumps the shared version (database triggers + NOTIFY), which
 * empties every instance's cache. A poll is the fallback for a lost listener.
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;

/** Where the document's nonce stands in the body (byte offsets of its value), found once at store time. */
function nonceOffsets(body: Buffer, nonce: string): number[] {
  const needle = Buffer.from(`nonce="${nonce}"`, "latin1");
  const offsets: number[] = [];
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) {
    offsets.push(at + 'nonce="'.length);
  }
  return offsets;
}

/**
 * A cached document gets a fresh CSP nonce on every hit: a nonce is never served twice.
 * The new nonce has the old one's length (16 random bytes in base64), so it is written over
 * the old bytes of a copy: no decoding or re-encoding of the page.
 */
function withFreshNonce(entry: Entry): { headers: Record<string, string>; body: Buffer } {
  const csp = entry.headers["content-security-policy"];
  const old = csp?.match(NONCE_IN_CSP)?.[1];
  if (!csp || !old) return entry;
  const fresh = randomBytes(16).toString("base64");
  if (fresh.length !== old.length) return entry; // a nonce of another shape: serve as stored
  const body = Buffer.allocUnsafe(entry.body.length);
  entry.body.copy(body);
  for (const offset of entry.nonceOffsets ?? []) body.write(fresh, offset, "latin1");
  return {
    headers: { ...entry.headers, "content-security-policy": csp.replace(`'nonce-${old}'`, `'nonce-${fresh}'`) },
    body,
  };
}

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  version: string;
  storedAt: number;
  nonceOffsets?: number[];
}

export interface PageCacheOptions {
  maxEntries?: number;
  maxBodyBytes?: number;
  ttlMs?: number;
}

export class PageCache {
  private entries = new Map<string, Entry>();
  private version = "0";
  readonly maxEntries: number;
  readonly maxBodyBytes: number;
  readonly ttlMs: number;
  hits = 0;
  misses = 0;

  constructor(opts: PageCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBodyBytes = opts.maxBodyBytes ?? 1_000_000;
    this.ttlMs = opts.ttlMs ?? 5 * 60_000;
  }

  get size() {
    return this.entries.size;
  }

  /** A new content version: everything cached before it is stale. */
  setVersion(version: string) {
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
    }
  }

  clear() {
    this.entries.clear();
  }

  static cacheable(req: Request): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (req.headers.cookie || req.headers.authorization) return false;
    if (req.path.startsWith("/admin") || req.path.startsWith("/api/")) return false;
    return true;
  }

  private key(req: Request) {
    return req.originalUrl;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!PageCache.cacheable(req)) return next();
      const key = this.key(req);
      const hit = this.entries.get(key);
      if (hit && hit.version === this.version && Date.now() - hit.storedAt < this.ttlMs) {
        this.hits++;
        // Keep recently used entries at the end (LRU order).
        this.entries.delete(key);
        this.entries.set(key, hit);
        const { headers, body } = withFreshNonce(hit);
        res.status(hit.status).set(headers).set("X-Page-Cache", "hit");
        return req.method === "HEAD" ? res.end() : res.end(body);
      }
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
        this.store(key, res, Buffer.concat(chunks), version, tooBig || req.method === "HEAD");
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
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      const lower = name.toLowerCase();
      if (value === undefined || lower === "content-length" || lower === "x-page-cache" || lower === "content-encoding")
        continue;
      if (lower === "date" || lower === "connection" || lower === "keep-alive" || lower === "transfer-encoding")
        continue;
      headers[lower] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const nonce = headers["content-security-policy"]?.match(NONCE_IN_CSP)?.[1];
    this.entries.set(key, {
      status: res.statusCode,
      headers,
      body,
      version,
      storedAt: Date.now(),
      nonceOffsets: nonce ? nonceOffsets(body, nonce) : undefined,
    });
  }
}
