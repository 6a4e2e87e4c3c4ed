import { dbContext } from "~/features/accounts/context.server";
import { getSettings } from "~/features/settings/settings.server";
import { inlineImage } from "~/lib/attachment.server";
import { invariantResponse } from "~/lib/errors";
import { getFileStorage } from "~/platform/files/storage.server";
import { isSignatureImageKey, signatureImageContentType } from "~/platform/files/upload.server";
import type { Route } from "./+types/settings-signature-image";

/** GET /admin/settings/signature-image: the signature printed on invoices, for the Settings preview (admins only). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const key = (await getSettings(db)).signatureImageKey;
  const file = key && isSignatureImageKey(key) ? await getFileStorage().get(key) : null;
  invariantResponse(key && file, "No signature image.", 404);
  return inlineImage(file, signatureImageContentType(key), "private, no-store");
}
