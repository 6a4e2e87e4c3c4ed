import { fileNotFound, inlineImage } from "~/lib/attachment.server";
import { getFileStorage } from "~/platform/files/storage.server";
import { imageContentType, isPublicImageKey } from "~/platform/files/upload.server";
import type { Route } from "./+types/media";

/** Uploaded product images: only generated raster image keys, never PDFs, never HTML. */
export async function loader({ params }: Route.LoaderArgs) {
  const key = `images/${params.name ?? ""}`;
  if (!isPublicImageKey(key)) return fileNotFound();
  const file = await getFileStorage().get(key);
  if (!file) return fileNotFound();
  // Keys are never reused: an uploaded image never changes.
  return inlineImage(file, imageContentType(key), "public, max-age=31536000, immutable");
}
