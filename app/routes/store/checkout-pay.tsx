import { useEffect, useRef, useState } from "react";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { ORDER_COMPLETE, PAYMENT_FAILED } from "~/features/checkout/messages";
import { PlacedOrderSummary } from "~/features/checkout/order-summary";
import { orderIdParam, payActionSchema } from "~/features/checkout/schema";
import { orderTotals } from "~/features/orders/orders.server";
import { confirmRazorpayCheckout, getPaymentPage, settleTestPayment } from "~/features/payments/payments.server";
import { invariantResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { formatPaise } from "~/lib/money";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import { FormAlert } from "~/ui/field";
import { NotFoundPage } from "~/ui/not-found";
import type { Route } from "./+types/checkout-pay";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Payment | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const orderId = paramId(params.orderId, "Order not found.", orderIdParam);
  const page = await getPaymentPage(db, user.id, orderId);
  invariantResponse(page, "Order not found.", 404);
  if (page.order.status !== "pending") throw redirect(`/account/orders/${page.order.id}`);
  const { order } = page;
  return {
    order: {
      id: order.id,
      number: order.number,
      items: order.items,
      totals: orderTotals(order),
      couponCode: order.couponCode,
      business: order.buyerGstin ? { gstin: order.buyerGstin, legalName: order.buyerLegalName } : null,
    },
    testMode: page.testMode,
    razorpay: page.razorpay,
    buyer: { name: user.name, email: user.email },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request);
  const orderId = paramId(params.orderId, "Order not found.", orderIdParam);
  const parsed = payActionSchema.safeParse(await readForm(request));
  if (!parsed.success) return formFailure({ formError: "Unknown payment action." });
  const input = parsed.data;
  let result: Awaited<ReturnType<typeof settleTestPayment>>;
  try {
    result =
      input.intent === "razorpay"
        ? await confirmRazorpayCheckout(db, user.id, orderId, input)
        : await settleTestPayment(db, user.id, orderId, input.intent);
  } catch (error) {
    return failureFrom(error); // a 404 is the not-found page
  }
  if (result.outcome === "failed") return redirectWithFlash("/checkout", { kind: "error", message: PAYMENT_FAILED });
  return redirectWithFlash(`/account/orders/${orderId}`, ORDER_COMPLETE);
}

declare global {
  interface Window {
    Razorpay?: new (
      options: Record<string, unknown>,
    ) => { open(): void; on(event: string, handler: (response: unknown) => void): void };
  }
}

function RazorpayButton({
  keyId,
  gatewayOrderId,
  amountPaise,
  orderNumber,
  buyer,
}: {
  keyId: string;
  gatewayOrderId: string;
  amountPaise: number;
  orderNumber: string;
  buyer: { name: string; email: string };
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (window.Razorpay) return setReady(true);
    const script = document.createElement("script");
    script.src = "https://checkout.razorpay.com/v1/checkout.js";
    script.async = true;
    script.onload = () => setReady(true);
    script.onerror = () => setError("Could not load the payment window. Check your connection and reload the page.");
    document.body.appendChild(script);
  }, []);

  function open() {
    if (!window.Razorpay) return;
    const checkout = new window.Razorpay({
      key: keyId,
      order_id: gatewayOrderId,
      amount: amountPaise,
      currency: "INR",
      name: "Commerce Academy",
      description: `Order ${orderNumber}`,
      prefill: { name: buyer.name, email: buyer.email },
      theme: { color: "#2452e0" },
      handler(response: Record<string, string>) {
        const form = formRef.current;
        if (!form) return;
        for (const field of ["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"]) {
          (form.elements.namedItem(field) as HTMLInputElement).value = response[field] ?? "";
        }
        form.requestSubmit();
      },
    });
    checkout.on("payment.failed", () => setError("The payment failed. You can try again or use another method."));
    checkout.open();
  }

  return (
    <div>
      <Form method="post" ref={formRef} className="hidden">
        <input type="hidden" name="intent" value="razorpay" />
        <input type="hidden" name="razorpay_order_id" />
        <input type="hidden" name="razorpay_payment_id" />
        <input type="hidden" name="razorpay_signature" />
      </Form>
      {error ? (
        <div className="mb-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      <Button type="button" size="lg" className="w-full" disabled={!ready} onClick={open}>
        Pay {formatPaise(amountPaise)} with UPI, card or netbanking
      </Button>
      <noscript>
        <p className="mt-3 text-sm text-slate-600">Paying online needs JavaScript: please turn it on to continue.</p>
      </noscript>
    </div>
  );
}

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { order, testMode, razorpay, buyer } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main id="main">
      <Container className="max-w-2xl py-8 sm:py-12">
        {testMode ? (
          <p
            role="status"
            className="mb-6 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <strong className="mr-1 rounded bg-amber-400 px-2 py-0.5 font-bold text-slate-950">Test mode</strong>
            No real payment happens here. "Pay" confirms the order as if the bank had approved it; "Fail" declines it.
          </p>
        ) : null}
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Pay for order <span className="whitespace-nowrap">{order.number}</span>
        </h1>
        <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <PlacedOrderSummary order={order}>
            {order.business ? (
              <p className="mt-1 text-xs text-slate-500">
                Tax invoice to {order.business.legalName}, GSTIN {order.business.gstin}
              </p>
            ) : null}
          </PlacedOrderSummary>
          {actionData?.formError ? (
            <div className="mt-4">
              <FormAlert>{actionData.formError}</FormAlert>
            </div>
          ) : null}
          <div className="mt-6">
            {testMode ? (
              <Form method="post" className="flex flex-col gap-3 sm:flex-row">
                <Button type="submit" name="intent" value="pay" size="lg" className="w-full sm:flex-1" disabled={busy}>
                  Pay
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="fail"
                  size="lg"
                  variant="secondary"
                  className="w-full sm:flex-1"
                  disabled={busy}
                >
                  Fail
                </Button>
              </Form>
            ) : razorpay ? (
              <RazorpayButton
                keyId={razorpay.keyId}
                gatewayOrderId={razorpay.gatewayOrderId}
                amountPaise={order.totals.totalPaise}
                orderNumber={order.number}
                buyer={buyer}
              />
            ) : (
              <p className="text-sm text-slate-600">
                Online payment is not available for this order right now. Please{" "}
                <Link to="/checkout" className="font-semibold text-brand-700 underline">
                  check out again
                </Link>
                .
              </p>
            )}
          </div>
        </section>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Payment</h1>
      <p className="mt-4 text-slate-600">We could not load this payment. Please try again in a minute.</p>
    </main>
  );
}
