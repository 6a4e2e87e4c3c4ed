/**
 * Every file the app hands out as a download (PDFs, the ledger CSV, the GSTR-1 zip) is answered by
 * `attachment()`: one Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266), never
 * kept by a browser or shared cache, never sniffed as another type.
 */
import { Readable } from "node:stream";

export type AttachmentType = "application/pdf" | "text/csv; charset=utf-8" | "application/zip";

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A download: bytes made in memory (sent with their length) or a stream made as it is read. */
export function attachment(
  body: Uint8Array | ReadableStream<Uint8Array>,
  filename: string,
  type: AttachmentType,
): Response {
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Content-Disposition": attachmentHeader(filename),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (body instanceof Uint8Array) {
    headers["Content-Length"] = String(body.byteLength);
    return new Response(new Blob([body as Uint8Array<ArrayBuffer>]).stream(), { headers });
  }
  return new Response(body, { headers });
}

/**
 * A file route's 404 (a download, a private photo, an uploaded image that is not there, or not the
 * asker's): plain text, never sniffed, never kept by any cache.
 */
export function fileNotFound(): Response {
  return new Response("404 - Page Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

/**
 * An uploaded image shown in a page (a product image, a doubt's photo, a photo of an answer): its
 * stored type, never sniffed, sandboxed if opened on its own, and the caching its route allows.
 */
export function inlineImage(
  file: { stream: Readable; size?: number },
  contentType: string,
  cacheControl: "public, max-age=31536000, immutable" | "private, no-store",
): Response {
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": cacheControl,
  };
  if (file.size !== undefined) headers["Content-Length"] = String(file.size);
  return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers });
}
