import { dbContext, userContext } from "~/features/accounts/context.server";
import { orderIdParam } from "~/features/checkout/schema";
import { getInvoicePdfForUser } from "~/features/orders/orders.server";
import { attachment } from "~/lib/attachment.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import { paramId } from "~/lib/id";
import type { Route } from "./+types/order-invoice";

/** GET /account/orders/:orderId/invoice: the GST invoice PDF, for the order's owner only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = context.get(userContext);
  const orderId = paramId(params.orderId, "Invoice not found.", orderIdParam);
  const invoice = await getInvoicePdfForUser(db, user.id, orderId).catch((error) => {
    throw asResponse(error);
  });
  invariantResponse(invoice, "Invoice not found.", 404);
  return attachment(invoice.bytes, invoice.fileName, "application/pdf");
}
