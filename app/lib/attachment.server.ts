/**
 * Every file the app hands out as a download (PDFs, the ledger CSV, the GSTR-1 zip) is answered by
 * `attachment()`: one Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266), never
 * kept by a browser or shared cache, never sniffed as another type.
 */
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
