import { Download } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { PlacedOrderSummary } from "~/features/checkout/order-summary";
import { orderIdParam } from "~/features/checkout/schema";
import { creditNoteFileName, creditNotesOf } from "~/features/orders/credit-notes.server";
import { FREE_ORDER_NO_INVOICE } from "~/features/orders/messages";
import { OrderStatusBadge } from "~/features/orders/order-status";
import { getOrderForUser, orderTotals } from "~/features/orders/orders.server";
import { formatDateTime } from "~/lib/dates";
import { invariantResponse } from "~/lib/errors";
import { paramId } from "~/lib/id";
import { formatPaise } from "~/lib/money";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import { NotFoundPage } from "~/ui/not-found";
import type { Route } from "./+types/order";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Order ${loaderData.order.number} | Commerce Academy` : "Order | Commerce Academy" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = context.get(userContext);
  const orderId = paramId(params.orderId, "Order not found.", orderIdParam);
  // Someone else's order answers exactly like a missing one.
  const order = await getOrderForUser(db, user.id, orderId);
  invariantResponse(order, "Order not found.", 404);
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      refundedAt: order.refundedAt,
      invoiceNumber: order.invoiceNumber,
      creditNotes: (await creditNotesOf(db, order.id)).map((n) => ({
        number: n.number,
        totalPaise: n.totalPaise,
        issuedAt: n.issuedAt,
        fileName: creditNoteFileName(n.number),
      })),
      couponCode: order.couponCode,
      gateway: order.gateway,
      items: order.items,
      totals: orderTotals(order),
    },
  };
}

/** The bought items leave the browser's guest cart too (the server cart is emptied at fulfilment). */
function useForgetBoughtItems(productIds: number[], fulfilled: boolean) {
  const key = productIds.join(",");
  useEffect(() => {
    if (!fulfilled || !key) return;
    try {
      const ids = new Set(key.split(",").map(Number));
      const stored = JSON.parse(window.localStorage.getItem("cart-storage") ?? "null") as {
        state?: { items?: Array<{ id?: number }> };
      } | null;
      const items = stored?.state?.items;
      if (!stored?.state || !Array.isArray(items)) return;
      const kept = items.filter((item) => !ids.has(Number(item?.id)));
      if (kept.length === items.length) return;
      window.localStorage.setItem(
        "cart-storage",
        JSON.stringify({ ...stored, state: { ...stored.state, items: kept } }),
      );
    } catch {
      // A malformed guest cart is the cart's business, not the order page's.
    }
  }, [key, fulfilled]);
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  useForgetBoughtItems(
    order.items.map((i) => i.productId),
    order.status === "fulfilled",
  );
  return (
    <main id="main">
      <Container className="max-w-3xl py-8 sm:py-12">
        <p className="text-sm">
          <Link to="/account/orders" className="font-medium text-brand-700 hover:underline">
            ← My orders
          </Link>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Order {order.number}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Placed {formatDateTime(order.createdAt)}
          {order.paidAt ? ` · paid ${formatDateTime(order.paidAt)}` : ""}
          {order.refundedAt ? ` · refunded ${formatDateTime(order.refundedAt)}` : ""}
        </p>
        {order.invoiceNumber ? (
          <p className="mt-1 text-sm text-slate-600">GST invoice {order.invoiceNumber}</p>
        ) : order.totals.totalPaise === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{FREE_ORDER_NO_INVOICE}</p>
        ) : null}
        {order.creditNotes.map((n) => (
          <p key={n.number} className="mt-1 text-sm text-slate-600">
            Credit note {n.number}: {formatPaise(n.totalPaise)} refunded {formatDateTime(n.issuedAt)}
          </p>
        ))}

        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Items</h2>
          <PlacedOrderSummary order={order} />
        </section>

        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {order.invoiceNumber ? (
            <Button asChild variant="secondary">
              <a href={`/account/orders/${order.id}/invoice`} download>
                <Download className="h-4 w-4" aria-hidden />
                Download GST invoice
              </a>
            </Button>
          ) : null}
          {order.creditNotes.map((n) => (
            <Button key={n.number} asChild variant="secondary">
              <a
                href={`/account/orders/${order.id}/credit-note?number=${encodeURIComponent(n.number)}`}
                download={n.fileName}
              >
                <Download className="h-4 w-4" aria-hidden />
                {order.creditNotes.length > 1 ? `Download credit note ${n.number}` : "Download credit note"}
              </a>
            </Button>
          ))}
          {order.status === "fulfilled" ? (
            <Button asChild>
              <Link to="/my-courses">Go to My Courses</Link>
            </Button>
          ) : null}
          {order.status === "pending" && order.gateway !== "free" ? (
            <Button asChild>
              <Link to={`/checkout/pay/${order.id}`}>Complete payment</Link>
            </Button>
          ) : null}
        </div>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main">
      <Container className="max-w-3xl py-12">
        <h1 className="text-2xl font-bold text-slate-900">Order</h1>
        <p className="mt-4 text-slate-600">We could not load this order. Please try again.</p>
      </Container>
    </main>
  );
}
