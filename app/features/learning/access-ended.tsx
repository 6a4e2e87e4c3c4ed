import { Lock, RefreshCw } from "lucide-react";
import { Form, Link } from "react-router";
import { lastAccessDay } from "~/lib/access-period";
import { formatPrice } from "~/lib/money";
import { Button, type ButtonProps } from "~/ui/button";

/**
 * "Renew" on an item whose access ended (issue 36): puts it in the cart and goes to checkout
 * (the My Courses action), with or without JavaScript.
 */
export function RenewButton({
  productId,
  title,
  ...props
}: { productId: number; title: string } & Omit<ButtonProps, "type" | "asChild">) {
  return (
    <Form method="post" action="/my-courses" className="contents">
      <input type="hidden" name="intent" value="renew" />
      <input type="hidden" name="productId" value={productId} />
      <Button type="submit" {...props}>
        <RefreshCw className="h-4 w-4" aria-hidden />
        Renew<span className="sr-only"> {title}</span>
      </Button>
    </Form>
  );
}

export interface EndedItem {
  id: number;
  title: string;
  status: "published" | "archived";
  pricePaise: number;
  expiresAt: Date | string;
}

/** The lock screen of a course or file whose access ended, with the renewal offer (not a 404). */
export function AccessEndedPanel({ item }: { item: EndedItem }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <Lock className="h-7 w-7" aria-hidden />
      </div>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">Your access has ended</h1>
      <p className="mt-3 text-slate-700">
        Your access to <strong className="font-semibold">{item.title}</strong> ended on {lastAccessDay(item.expiresAt)}.
        Its lessons are locked until you renew.
      </p>
      {item.status === "published" ? (
        <div className="mt-6 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <RenewButton productId={item.id} title={item.title} className="w-full sm:w-auto" />
          <p className="text-sm text-slate-600">{formatPrice(item.pricePaise)} for a new access period</p>
        </div>
      ) : (
        <p className="mt-6 text-sm text-slate-600">This item is no longer sold, so it cannot be renewed.</p>
      )}
      <Link
        to="/my-courses"
        className="mt-6 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
      >
        Back to My Courses
      </Link>
    </main>
  );
}
