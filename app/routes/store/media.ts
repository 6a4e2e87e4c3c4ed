import { Readable } from "node:stream";
import { getFileStorage } from "~/platform/files/storage.server";
import { imageContentType, isPublicImageKey } from "~/platform/files/upload.server";
import type { Route } from "./+types/media";

/** Uploaded product images: only generated raster image keys, never PDFs, never HTML. */
export async function loader({ params }: Route.LoaderArgs) {
  const key = `images/${params.name ?? ""}`;
  const notFound = () =>
    new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  if (!isPublicImageKey(key)) return notFound();
  const file = await getFileStorage().get(key);
  if (!file) return notFound();
  const headers: Record<string, string> = {
    "Content-Type": imageContentType(key),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "Content-Disposition": "inline",
    // Keys are never reused: an uploaded image never changes.
    "Cache-Control": "public, max-age=31536000, immutable",
  };
  if (file.size !== undefined) headers["Content-Length"] = String(file.size);
  return new Response(Readable.toWeb(file.stream) as ReadableStream, { headers });
}
