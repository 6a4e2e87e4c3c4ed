import { useState } from "react";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { GuestCartField } from "~/features/accounts/auth-card";
import { LoginFields, SignupFields } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { getOptionalUser, requireUser } from "~/features/accounts/guards.server";
import { loginSchema, signupSchema } from "~/features/accounts/schema";
import { useCart } from "~/features/cart/cart-context";
import { cartSubtotalPaise } from "~/features/cart/cart-store";
import { logInWithGuestCart, signUpWithGuestCart } from "~/features/cart/guest-cart.server";
import { getCheckoutSummary, placeOrder } from "~/features/checkout/checkout.server";
import { FREE_ORDER_NOTE, ORDER_COMPLETE } from "~/features/checkout/messages";
import { SummaryLines, SummaryTotalsTable } from "~/features/checkout/order-summary";
import { totalsFor } from "~/features/checkout/pricing";
import { couponField, placeOrderSchema } from "~/features/checkout/schema";
import { CheckoutBuyerFields } from "~/features/gst/buyer-fields";
import { StateField } from "~/features/gst/state-field";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { formatPaise } from "~/lib/money";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Container } from "~/ui/container";
import { Field, FormAlert } from "~/ui/field";
import type { Route } from "./+types/checkout";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Checkout | Commerce Academy" },
    {
      name: "description",
      content: "Review your cart, apply a coupon and pay securely with UPI, cards or netbanking.",
    },
    // Crawlable on purpose (issue 8: SEO 100 here). A crawler has no session, so it sees the
    // sign-in step; the per-order pages under /checkout/ stay out (robots.txt).
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request, context);
  const url = new URL(request.url);
  // Guests sign in or sign up right here (the cart is kept); `?account=new` shows sign-up.
  if (!user) return { signedIn: false as const, newAccount: url.searchParams.get("account") === "new" };
  const coupon = couponField.safeParse(url.searchParams.get("coupon") ?? undefined);
  // No `?coupon=` at all (back from a failed or abandoned payment, or a fresh visit): the coupon of
  // the last unpaid checkout is applied again if it still applies. An empty `?coupon=` means none.
  const summary = await getCheckoutSummary(db, user.id, coupon.success ? coupon.data : null, {
    keepLastCoupon: !url.searchParams.has("coupon"),
  });
  return {
    signedIn: true as const,
    couponInput: url.searchParams.get("coupon") ?? "",
    couponFormatError: coupon.success ? null : (coupon.error.issues[0]?.message ?? "Invalid coupon code."),
    summary,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request);
  const form = await readForm(request);
  if (form.intent === "login" || form.intent === "signup") {
    // Already signed in (a second tab, a double submit): nothing to do but show the checkout.
    if (user) return redirect("/checkout");
    const ctx = { request, clientIp: context.get(clientIpContext) };
    if (form.intent === "login") {
      const parsed = validate(loginSchema, form);
      if (!parsed.ok) return formFailure({ ...parsed, intent: "login" as const });
      try {
        return redirect("/checkout", { headers: await logInWithGuestCart(db, parsed.data, form.guestCart, ctx) });
      } catch (error) {
        return failureFrom(error, parsed.values, { intent: "login" as const });
      }
    }
    const parsed = validate(signupSchema, form);
    if (!parsed.ok) return formFailure({ ...parsed, intent: "signup" as const });
    try {
      return redirect("/checkout", { headers: await signUpWithGuestCart(db, parsed.data, form.guestCart, ctx) });
    } catch (error) {
      return failureFrom(error, parsed.values, { intent: "signup" as const });
    }
  }
  const buyer = user ?? (await requireUser(db, request)); // a guest goes to /login?redirectTo=/checkout
  // Only the coupon, the state and the business details are read: item prices and totals posted by a
  // client are ignored.
  const parsed = validate(placeOrderSchema, form);
  if (!parsed.ok) return formFailure({ ...parsed, intent: "order" as const });
  const { coupon, state, gstin, legalName, address } = parsed.data;
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  try {
    placed = await placeOrder(db, buyer.id, {
      couponCode: coupon,
      stateCode: state,
      buyer: { gstin, legalName, address },
    });
  } catch (error) {
    return failureFrom(error, parsed.values, { intent: "order" as const });
  }
  if (placed.next === "pay") return redirect(`/checkout/pay/${placed.orderId}`);
  return redirectWithFlash(`/account/orders/${placed.orderId}`, ORDER_COMPLETE);
}

type ActionData = Route.ComponentProps["actionData"];
type GuestData = Extract<Route.ComponentProps["loaderData"], { signedIn: false }>;

/** Checkout for a guest: the cart as it stands, and a log-in or sign-up form right on the page. */
function GuestCheckout({
  data: { newAccount },
  actionData,
  busy,
}: {
  data: GuestData;
  actionData: ActionData;
  busy: boolean;
}) {
  const cart = useCart();
  const login = actionData && "intent" in actionData && actionData.intent === "login" ? actionData : undefined;
  const signup = actionData && "intent" in actionData && actionData.intent === "signup" ? actionData : undefined;
  // After a failed attempt the form that was sent stays on screen, whatever the URL says.
  const showSignup = signup ? true : login ? false : newAccount;
  const failed = showSignup ? signup : login;
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="guest-cart-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="guest-cart-heading" className="text-lg font-semibold text-slate-900">
          Your cart
        </h2>
        {!cart.ready ? (
          <p className="mt-3 text-sm text-slate-600">Loading your cart…</p>
        ) : cart.items.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            Your cart is empty.{" "}
            <Link to="/courses" className="font-medium text-brand-700 underline">
              Browse courses
            </Link>
          </p>
        ) : (
          <>
            <div className="mt-2">
              <SummaryLines
                lines={cart.items.map((item) => ({
                  productId: item.id,
                  title: item.title,
                  image: item.image,
                  pricePaise: item.pricePaise,
                }))}
              />
            </div>
            <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-sm">
              <span className="text-slate-600">Subtotal</span>
              <span className="font-semibold text-slate-900">{formatPaise(cartSubtotalPaise(cart.items))}</span>
            </p>
            <p className="mt-2 text-xs text-slate-500">
              Prices are checked again and GST (18%) is added once you are signed in.
            </p>
          </>
        )}
      </section>

      <section
        aria-labelledby="sign-in-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="sign-in-heading" className="text-lg font-semibold text-slate-900">
          {showSignup ? "Create an account to check out" : "Log in to check out"}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your purchases are kept in your account. Your cart stays as it is.
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          {failed?.formError ? <FormAlert>{failed.formError}</FormAlert> : null}
          <input type="hidden" name="intent" value={showSignup ? "signup" : "login"} />
          <GuestCartField />
          {showSignup ? (
            <SignupFields values={signup?.values} errors={signup?.fieldErrors ?? {}} />
          ) : (
            <LoginFields email={login?.values.email} errors={login?.fieldErrors ?? {}} />
          )}
          <Button type="submit" disabled={busy}>
            {showSignup
              ? busy
                ? "Creating your account…"
                : "Sign Up and Continue"
              : busy
                ? "Logging in…"
                : "Log In and Continue"}
          </Button>
        </Form>
        <p className="mt-4 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">
          {showSignup ? "Already have an account? " : "New here? "}
          <Link
            to={showSignup ? "/checkout" : "/checkout?account=new"}
            replace
            preventScrollReset
            className="font-semibold text-brand-700 underline"
          >
            {showSignup ? "Log In" : "Create an account"}
          </Link>
        </p>
      </section>
    </div>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main id="main">
      <Container className="max-w-3xl py-8 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Checkout</h1>
        <div className="mt-6">
          {loaderData.signedIn ? (
            <CheckoutForm data={loaderData} actionData={actionData} busy={busy} />
          ) : (
            <GuestCheckout data={loaderData} actionData={actionData} busy={busy} />
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
  const placed = actionData?.intent === "order" ? actionData : undefined;
  const couponError = placed?.fieldErrors.coupon ?? couponFormatError ?? summary.couponError;
  const formError = placed?.formError ?? null;
  const appliedCode = summary.coupon?.code ?? "";
  const empty = summary.lines.length === 0;
  // GST depends on the buyer's state: the totals shown are the chosen state's, exactly as the order
  // will charge them (computed on the server both ways), and none before a state is chosen.
  const [chosenState, setChosenState] = useState(summary.stateCode);
  const shown = totalsFor(summary.byPlace, chosenState);
  const { subtotalPaise, discountPaise, taxablePaise } = summary.byPlace.interState;
  const free = taxablePaise === 0;

  return (
    <div className="grid gap-6">
      {summary.owned.length > 0 ? (
        <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          Already yours, so not charged again: {summary.owned.map((l) => l.title).join(", ")}.
        </p>
      ) : null}
      {summary.couponNotice ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {summary.couponNotice}
        </p>
      ) : null}
      {summary.unavailable.length > 0 ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          No longer on sale, so left out: {summary.unavailable.map((l) => l.title).join(", ")}.
        </p>
      ) : null}
      {summary.duplicate ? (
        // An item also in a bundle of the cart (issue 36): placing the order is refused until one goes.
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {summary.duplicate}
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
              <Field
                id="coupon"
                label="Coupon code"
                name="coupon"
                error={couponError ?? undefined}
                hint={
                  !couponError && appliedCode
                    ? `Coupon ${appliedCode} applied: you save ${formatPaise(discountPaise)}.`
                    : undefined
                }
              >
                {(p) => (
                  <div className="flex gap-2">
                    <input
                      {...p}
                      className={cn(p.className, "min-w-0 flex-1 uppercase")}
                      defaultValue={appliedCode || couponInput}
                      autoComplete="off"
                      autoCapitalize="characters"
                      maxLength={40}
                    />
                    <Button type="submit" variant="secondary">
                      Apply
                    </Button>
                  </div>
                )}
              </Field>
            </Form>

            <div className="mt-4 border-t border-slate-200 pt-4">
              <SummaryTotalsTable
                totals={shown ?? { subtotalPaise, discountPaise, gstPaise: null, totalPaise: null }}
                couponCode={appliedCode}
                supplierStateCode={summary.supplierStateCode}
              />
            </div>

            <Form method="post" className="mt-6">
              <input type="hidden" name="coupon" value={appliedCode} />
              {!free || summary.stateCode ? (
                <StateField
                  defaultValue={summary.stateCode}
                  onChange={setChosenState}
                  error={placed?.fieldErrors.state}
                  hint={
                    summary.stateCode
                      ? "Your place of supply for GST, saved on your account."
                      : "Asked once for GST and saved on your account: CGST + SGST in the seller's state, IGST elsewhere."
                  }
                />
              ) : null}
              {!free ? (
                <CheckoutBuyerFields
                  values={placed ? placed.values : summary.buyer}
                  errors={placed?.fieldErrors ?? {}}
                  asksAddress={summary.asksAddress}
                />
              ) : null}
              {formError ? (
                <div className="mb-3">
                  <FormAlert>{formError}</FormAlert>
                </div>
              ) : null}
              <Button type="submit" size="lg" className="mt-4 w-full" disabled={busy}>
                {free
                  ? "Get it now — Free"
                  : summary.stateCode && shown
                    ? `Pay ${formatPaise(shown.totalPaise)}`
                    : "Continue to payment"}
              </Button>
              <p className="mt-3 text-center text-xs text-slate-500">
                {free
                  ? FREE_ORDER_NOTE
                  : "GST at 18% is added to the subtotal after discount. A GST invoice is emailed to you and kept with your order."}
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
