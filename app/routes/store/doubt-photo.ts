import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { doubtPhoto } from "~/features/doubts/doubts.server";
import { inlineImage } from "~/lib/attachment.server";
import { asResponse, HttpError } from "~/lib/errors";
import { paramId } from "~/lib/id";
import { getFileStorage } from "~/platform/files/storage.server";
import { imageContentType } from "~/platform/files/upload.server";
import type { Route } from "./+types/doubt-photo";

/**
 * A doubt's photo (issue 36): never a public URL. Only admins and the students of the doubt's course
 * who may see the doubt get it; private, never cached by anything shared, and never run as a page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const id = paramId(params.doubtId, "Photo not found.");
  const key = await doubtPhoto(db, user, id).catch((error) => {
    throw asResponse(error);
  });
  const file = await getFileStorage().get(key);
  if (!file) throw asResponse(new HttpError(404, "Photo not found."));
  return inlineImage(file, imageContentType(key), "private, no-store");
}
