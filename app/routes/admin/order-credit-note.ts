import { dbContext } from "~/features/accounts/context.server";
import { orderIdParam } from "~/features/checkout/schema";
import { creditNoteNumberParam, creditNotePdf } from "~/features/orders/credit-notes.server";
import { attachment } from "~/lib/attachment.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import { paramId } from "~/lib/id";
import type { Route } from "./+types/order-credit-note";

/** GET /admin/orders/:orderId/credit-note.pdf: the credit note of any refunded order, for admins. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const orderId = paramId(params.orderId, "Credit note not found.", orderIdParam);
  const note = await creditNotePdf(db, orderId, { number: creditNoteNumberParam(request) }).catch((error) => {
    throw asResponse(error);
  });
  invariantResponse(note, "Credit note not found.", 404);
  return attachment(note.bytes, note.fileName, "application/pdf");
}
