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
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { crc32, deflateRawSync, constants as zlibConstants } from "node:zlib";
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

const NONCE_LENGTH = 24; // 16 random bytes in base64

/*
 * CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine), with the
 * "append n zero bytes" operator precomputed per part length: a hit then costs one 32-step
 * product per part instead of a CRC over the whole page.
 */
type Gf2Matrix = Uint32Array; // 32 columns: the image of each bit

function gf2Times(mat: Gf2Matrix, vec: number): number {
  let sum = 0;
  for (let i = 0, v = vec >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= mat[i] as number;
  return sum >>> 0;
}
function gf2Square(mat: Gf2Matrix): Gf2Matrix {
  const square = new Uint32Array(32);
  for (let n = 0; n < 32; n++) square[n] = gf2Times(mat, mat[n] as number);
  return square;
}
function gf2Compose(outer: Gf2Matrix, inner: Gf2Matrix): Gf2Matrix {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = gf2Times(outer, inner[n] as number);
  return out;
}

/** The linear map taking crc(A) to the CRC register after A followed by `length` zero bytes. */
export function crcShiftOperator(length: number): Gf2Matrix {
  let op: Gf2Matrix = new Uint32Array(32).map((_, n) => 1 << n); // identity
  let odd: Gf2Matrix = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: one zero bit
  for (let n = 1; n < 32; n++) odd[n] = 1 << (n - 1);
  let even = gf2Square(odd); // two zero bits
  odd = gf2Square(even); // four zero bits
  let len = length;
  while (len > 0) {
    even = gf2Square(odd); // first time: one zero byte
    if (len & 1) op = gf2Compose(even, op);
    len = Math.floor(len / 2);
    if (len === 0) break;
    odd = gf2Square(even);
    if (len & 1) op = gf2Compose(odd, op);
    len = Math.floor(len / 2);
  }
  return op;
}

/** crc(A B) from crc(A), crc(B) and B's shift operator (zlib's crc32_combine). */
export function crcCombine(crcA: number, crcB: number, shiftB: Gf2Matrix): number {
  return (gf2Times(shiftB, crcA) ^ crcB) >>> 0;
}

/**
 * Gzip of a cached body whose nonces change on every hit, without compressing the page again:
 * the parts between the nonces are deflated once (each ending on a sync flush, so byte-aligned
 * and not final) and a hit splices the fresh nonce in as a stored block, then a final empty block
 * and the gzip trailer (CRC-32 and length of what the visitor receives). One gzip member, valid
 * for every decoder; tested by gunzipping the result.
 */
interface GzipParts {
  /** The parts between the nonces, deflated (raw deflate, sync-flushed). */
  deflated: Buffer[];
  crcs: number[];
  lengths: number[];
  shifts: Gf2Matrix[];
  nonceShift: Gf2Matrix;
}
/** Deflate's window: how far back a back-reference may reach. */
const DEFLATE_WINDOW = 32 * 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

function gzipParts(body: Buffer, offsets: number[]): GzipParts {
  const raw: Buffer[] = [];
  let from = 0;
  for (const at of offsets) {
    raw.push(body.subarray(from, at));
    from = at + NONCE_LENGTH;
  }
  raw.push(body.subarray(from));
  // Each part is deflated on its own, but with the 32 KiB before it as a preset dictionary, so it
  // may refer back to earlier parts as one continuous stream would (the loader data at the end of
  // a page repeats much of its text). In that dictionary every nonce is NUL bytes: HTML never
  // contains NUL, so no back-reference can land in a nonce, whose bytes change on every hit.
  const masked = Buffer.from(body);
  for (const at of offsets) masked.fill(0, at, at + NONCE_LENGTH);
  let start = 0;
  const deflated = raw.map((part, i) => {
    const dictionary = masked.subarray(Math.max(0, start - DEFLATE_WINDOW), start);
    start += part.length + (i < offsets.length ? NONCE_LENGTH : 0);
    return deflateRawSync(part, {
      level: 6,
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
      ...(dictionary.length > 0 ? { dictionary } : {}),
    });
  });
  return {
    deflated,
    crcs: raw.map((part) => crc32(part)),
    lengths: raw.map((part) => part.length),
    shifts: raw.map((part) => crcShiftOperator(part.length)),
    nonceShift: crcShiftOperator(NONCE_LENGTH),
  };
}

function storedBlockHeader(length: number): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0; // BFINAL 0, BTYPE 00 (stored); byte-aligned after the sync flush
  header.writeUInt16LE(length, 1);
  header.writeUInt16LE(~length & 0xffff, 3);
  return header;
}
const NONCE_BLOCK_HEADER = storedBlockHeader(NONCE_LENGTH);

/** The gzip member (as a list of buffers to write) of the parts with `nonce` between them. */
export function spliceGzip(parts: GzipParts, nonce: Buffer): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER];
  const nonceCrc = crc32(nonce);
  let crc = 0;
  let size = 0;
  parts.deflated.forEach((deflated, i) => {
    if (i > 0) {
      out.push(NONCE_BLOCK_HEADER, nonce);
      crc = crcCombine(crc, nonceCrc, parts.nonceShift);
      size += NONCE_LENGTH;
    }
    out.push(deflated);
    crc = i === 0 ? (parts.crcs[0] as number) : crcCombine(crc, parts.crcs[i] as number, parts.shifts[i] as Gf2Matrix);
    size += parts.lengths[i] as number;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_EMPTY_BLOCK, trailer);
  return out;
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
  nonceOffsets?: number[];
  /** Built on the first hit that accepts gzip. */
  gzip?: GzipParts;
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
   * CSP nonce is fresh on every hit, and a visitor that accepts gzip gets gzip.
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
    const csp = hit.headers["content-security-policy"];
    const old = hit.nonceOffsets?.length ? csp?.match(NONCE_IN_CSP)?.[1] : undefined;
    const fresh = csp && old?.length === NONCE_LENGTH ? randomBytes(16).toString("base64") : undefined;
    if (csp && old && fresh) headers["content-security-policy"] = csp.replace(`'nonce-${old}'`, `'nonce-${fresh}'`);
    const vary = headers.vary;
    if (!vary) headers.vary = "Accept-Encoding";
    else if (!/accept-encoding|\*/i.test(vary)) headers.vary = `${vary}, Accept-Encoding`;
    let chunks: Buffer[];
    const compress =
      hit.body.length >= MIN_COMPRESS_BYTES &&
      COMPRESSIBLE.test(hit.headers["content-type"] ?? "") &&
      acceptsGzip(req.headers["accept-encoding"]);
    const nonce = Buffer.from(fresh ?? "", "latin1");
    const offsets = fresh ? (hit.nonceOffsets ?? []) : [];
    if (compress) {
      if (!hit.gzip) {
        hit.gzip = gzipParts(hit.body, offsets);
        // The parts stay with the entry: they count against the bound like the page itself.
        const extra =
          hit.gzip.deflated.reduce((sum, part) => sum + part.length, 0) + 128 * (hit.gzip.shifts.length + 1);
        hit.bytes += extra;
        this.held += extra;
        this.makeRoom(0, key);
      }
      chunks = spliceGzip(hit.gzip, nonce);
      headers["content-encoding"] = "gzip";
    } else {
      // The stored page with the fresh nonce written between its parts (no copy of the page).
      chunks = [];
      let from = 0;
      for (const at of offsets) {
        chunks.push(hit.body.subarray(from, at), nonce);
        from = at + NONCE_LENGTH;
      }
      chunks.push(hit.body.subarray(from));
    }
    headers["content-length"] = String(chunks.reduce((sum, c) => sum + c.length, 0));
    res.writeHead(hit.status, headers);
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    // One write: a page has ~20 nonces, and ~60 small writes cost more than copying the page once.
    res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
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
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      const lower = name.toLowerCase();
      if (value === undefined || lower === "content-length" || lower === "x-page-cache" || lower === "content-encoding")
        continue;
      if (lower === "date" || lower === "connection" || lower === "keep-alive" || lower === "transfer-encoding")
        continue;
      headers[lower] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    const bytes =
      body.length +
      ENTRY_OVERHEAD_BYTES +
      Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    if (bytes > this.maxBytes) return;
    this.remove(key);
    this.makeRoom(bytes);
    this.held += bytes;
    const nonce = headers["content-security-policy"]?.match(NONCE_IN_CSP)?.[1];
    this.entries.set(key, {
      bytes,
      status: res.statusCode,
      headers,
      body,
      version,
      storedAt: Date.now(),
      nonceOffsets: nonce ? nonceOffsets(body, nonce) : undefined,
    });
  }
}
