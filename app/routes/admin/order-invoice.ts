import { dbContext } from "~/features/accounts/context.server";
import { orderIdParam } from "~/features/checkout/schema";
import { getInvoicePdfForOrder } from "~/features/orders/orders.server";
import { attachment } from "~/lib/attachment.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import { paramId } from "~/lib/id";
import type { Route } from "./+types/order-invoice";

/** GET /admin/orders/:orderId/invoice.pdf: the GST invoice of any paid order, for admins. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const orderId = paramId(params.orderId, "Invoice not found.", orderIdParam);
  const invoice = await getInvoicePdfForOrder(db, orderId).catch((error) => {
    throw asResponse(error);
  });
  invariantResponse(invoice, "Invoice not found.", 404);
  return attachment(invoice.bytes, invoice.fileName, "application/pdf");
}
