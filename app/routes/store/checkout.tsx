import { useEffect, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { getOptionalUser, requireUser } from "~/features/accounts/guards.server";
import { getCheckoutSummary, placeOrder } from "~/features/checkout/checkout.server";
import { SummaryLines, SummaryTotalsTable } from "~/features/checkout/order-summary";
import { couponField, placeOrderSchema } from "~/features/checkout/schema";
import { readForm } from "~/lib/form.server";
import { formatPaise } from "~/lib/money";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import type { Route } from "./+types/checkout";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Checkout | Commerce Academy" },
    {
      name: "description",
      content: "Review your cart, apply a coupon and pay securely with UPI, cards or netbanking.",
    },
    // Kept out of search on purpose (robots.txt disallows /checkout too).
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  const notice = url.searchParams.get("payment") === "failed" ? "failed" : null;
  if (!user) return { signedIn: false as const, notice };
  const coupon = couponField.safeParse(url.searchParams.get("coupon") ?? undefined);
  const summary = await getCheckoutSummary(user.id, coupon.success ? coupon.data : null);
  return {
    signedIn: true as const,
    notice,
    couponInput: url.searchParams.get("coupon") ?? "",
    couponFormatError: coupon.success ? null : (coupon.error.issues[0]?.message ?? "Invalid coupon code."),
    summary,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  // Only the coupon is read: item prices and totals posted by a client are ignored.
  const parsed = placeOrderSchema.safeParse({ coupon: form.coupon || undefined });
  if (!parsed.success) {
    return data(
      { field: "coupon" as const, message: parsed.error.issues[0]?.message ?? "Invalid coupon code." },
      { status: 400 },
    );
  }
  const result = await placeOrder(user.id, { couponCode: parsed.data.coupon });
  if (result.ok) {
    return redirect(
      result.next === "pay" ? `/checkout/pay/${result.orderId}` : `/account/orders/${result.orderId}?placed=1`,
    );
  }
  const status = result.field === "coupon" ? 400 : result.field === "cart" ? 409 : 503;
  return data({ field: result.field, message: result.message }, { status });
}

interface GuestItem {
  id: number;
  title: string;
}

function useGuestCart() {
  const [items, setItems] = useState<GuestItem[] | null>(null);
  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem("cart-storage") ?? "null") as {
        state?: { items?: GuestItem[] };
      } | null;
      setItems(Array.isArray(stored?.state?.items) ? stored.state.items : []);
    } catch {
      setItems([]);
    }
  }, []);
  return items;
}

function SignInPrompt() {
  const items = useGuestCart();
  return (
    <section
      aria-labelledby="sign-in-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="sign-in-heading" className="text-lg font-semibold text-slate-900">
        Sign in to check out
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Your purchases are kept in your account, so you need one to check out. Your cart stays as it is while you sign
        in or sign up.
      </p>
      {items && items.length > 0 ? (
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-700">
            In your cart ({items.length} {items.length === 1 ? "item" : "items"}):
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {items.map((item) => (
              <li key={item.id}>{item.title}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/login?redirectTo=/checkout">Log in to check out</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/signup?redirectTo=/checkout">Create an account</Link>
        </Button>
      </div>
    </section>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main id="main">
      <Container className="max-w-3xl py-8 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Checkout</h1>
        {loaderData.notice === "failed" ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            The payment failed. Nothing was charged and your cart is kept: you can try again.
          </p>
        ) : null}
        <div className="mt-6">
          {loaderData.signedIn ? (
            <CheckoutForm data={loaderData} actionData={actionData} busy={busy} />
          ) : (
            <SignInPrompt />
          )}
        </div>
      </Container>
    </main>
  );
}

type SignedInData = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function CheckoutForm({
  data: { summary, couponInput, couponFormatError },
  actionData,
  busy,
}: {
  data: SignedInData;
  actionData: Route.ComponentProps["actionData"];
  busy: boolean;
}) {
  const couponError =
    (actionData?.field === "coupon" ? actionData.message : null) ?? couponFormatError ?? summary.couponError;
  const formError = actionData && actionData.field !== "coupon" ? actionData.message : null;
  const appliedCode = summary.coupon?.code ?? "";
  const empty = summary.lines.length === 0;

  return (
    <div className="grid gap-6">
      {summary.owned.length > 0 ? (
        <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          Already yours, so not charged again: {summary.owned.map((l) => l.title).join(", ")}.
        </p>
      ) : null}
      {summary.unavailable.length > 0 ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          No longer on sale, so left out: {summary.unavailable.map((l) => l.title).join(", ")}.
        </p>
      ) : null}

      <section
        aria-labelledby="summary-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
          Order summary
        </h2>
        {empty ? (
          <div className="mt-4 text-sm text-slate-600">
            <p>{summary.owned.length > 0 ? "Everything in your cart is already yours." : "Your cart is empty."}</p>
            <Button asChild className="mt-4">
              {summary.owned.length > 0 ? (
                <Link to="/my-courses">Go to My Courses</Link>
              ) : (
                <Link to="/courses">Start Shopping</Link>
              )}
            </Button>
          </div>
        ) : (
          <>
            <div className="mt-2">
              <SummaryLines lines={summary.lines} />
            </div>

            <Form method="get" className="mt-4 border-t border-slate-200 pt-4" aria-label="Coupon">
              <label htmlFor="coupon" className="block text-sm font-medium text-slate-700">
                Coupon code
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  id="coupon"
                  name="coupon"
                  defaultValue={appliedCode || couponInput}
                  autoComplete="off"
                  autoCapitalize="characters"
                  maxLength={40}
                  aria-invalid={couponError ? true : undefined}
                  aria-describedby={couponError ? "coupon-error" : appliedCode ? "coupon-applied" : undefined}
                  className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm uppercase focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-invalid:border-red-500"
                />
                <Button type="submit" variant="secondary">
                  Apply
                </Button>
              </div>
              {couponError ? (
                <p id="coupon-error" className="mt-2 text-sm text-red-700">
                  {couponError}
                </p>
              ) : appliedCode ? (
                <p id="coupon-applied" className="mt-2 text-sm text-emerald-700">
                  Coupon {appliedCode} applied: you save {formatPaise(summary.totals.discountPaise)}.
                </p>
              ) : null}
            </Form>

            <div className="mt-4 border-t border-slate-200 pt-4">
              <SummaryTotalsTable totals={summary.totals} couponCode={appliedCode} />
            </div>

            <Form method="post" className="mt-6">
              <input type="hidden" name="coupon" value={appliedCode} />
              {formError ? (
                <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                  {formError}
                </p>
              ) : null}
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {summary.totals.totalPaise === 0
                  ? "Get it now — Free"
                  : `Pay ${formatPaise(summary.totals.totalPaise)}`}
              </Button>
              <p className="mt-3 text-center text-xs text-slate-500">
                GST at 18% is added to the subtotal. A GST invoice is emailed to you and kept with your order.
              </p>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main">
      <Container className="max-w-3xl py-12">
        <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
        <p className="mt-4 text-slate-600">
          {status === 404
            ? "This page does not exist."
            : "We could not load the checkout. Please try again in a minute."}
        </p>
        <Button asChild className="mt-6">
          <Link to="/checkout">Try again</Link>
        </Button>
      </Container>
    </main>
  );
}
