import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { orderIdParam } from "~/features/checkout/schema";
import { getInvoicePdfForOrder } from "~/features/orders/orders.server";
import { attachment } from "~/lib/attachment.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import type { Route } from "./+types/order-invoice";

/** GET /admin/orders/:orderId/invoice.pdf: the GST invoice of any paid order, for admins. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  const orderId = orderIdParam.safeParse(params.orderId);
  const invoice = orderId.success
    ? await getInvoicePdfForOrder(db, orderId.data).catch((error) => {
        throw asResponse(error);
      })
    : null;
  invariantResponse(invoice, "Invoice not found.", 404);
  return attachment(invoice.bytes, invoice.fileName, "application/pdf");
}
