import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { prepareDownload } from "~/features/learning/downloads.server";
import { attachment, fileNotFound } from "~/lib/attachment.server";
import { asResponse } from "~/lib/errors";
import { parseId } from "~/lib/id";
import type { Route } from "./+types/download";

/**
 * A note or PYQ PDF, checked on every request and stamped with the buyer's name and email
 * (a 503 with a message when stamping passes its time limit).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request);
  const id = parseId(params.productId);
  if (id === null) return fileNotFound();
  const file = await prepareDownload(db, user, id).catch((error) => {
    throw asResponse(error);
  });
  if (!file) return fileNotFound();
  return attachment(file.bytes, file.filename, "application/pdf");
}
