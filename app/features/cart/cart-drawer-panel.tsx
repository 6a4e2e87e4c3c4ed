/** The cart drawer itself: its own chunk, fetched on the first hover, focus or click of the cart button. */
import { ShoppingCart, Trash2, X } from "lucide-react";
import { useId, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { formatPaise, formatPrice } from "~/lib/money";
import { Button } from "~/ui/button";
import { useCart } from "./cart-context";
import { cartSubtotalPaise } from "./cart-store";

export const CART_EMPTY_TEXT = "Your cart is empty";

/**
 * A native modal <dialog> (showModal): the browser makes the page behind it inert, focuses its first
 * control and closes it on Escape; we return focus to the cart button, keep Tab inside, close on a click
 * on the backdrop and lock the page's scroll (app.css). No dialog library.
 */
export function CartDrawer({ returnFocusTo }: { returnFocusTo: React.RefObject<HTMLButtonElement | null> }) {
  const cart = useCart();
  const subtotal = cartSubtotalPaise(cart.items);
  const close = () => cart.setOpen(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    return () => {
      dialog.close();
      returnFocusTo.current?.focus();
    };
  }, [returnFocusTo]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-cart-drawer=""
      // Escape: close through React state, so the dialog unmounts like every other way of closing it.
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      // Tab cycles inside the drawer (the browser would otherwise let it out to its own toolbar).
      onKeyDown={(e) => {
        if (e.key !== "Tab") return;
        const items = e.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not(:disabled)");
        const first = items[0];
        const last = items[items.length - 1];
        const edge = e.shiftKey ? first : last;
        if (document.activeElement === edge || document.activeElement === e.currentTarget) {
          e.preventDefault();
          (e.shiftKey ? last : first)?.focus();
        }
      }}
      // A click on the backdrop targets the <dialog> itself, outside its box.
      onClick={(e) => {
        if (e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        if (!inside) close();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-full flex-col border-0 bg-white p-0 text-slate-900 shadow-2xl open:flex outline-none backdrop:bg-slate-950/50 sm:w-[30rem] motion-safe:animate-[slide-in_200ms_ease-out] motion-safe:backdrop:animate-[fade-in_150ms_ease-out]"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Your Cart
        </h2>
        <Button type="button" variant="ghost" size="icon" aria-label="Close cart" onClick={close}>
          <X className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      {cart.items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <ShoppingCart className="h-12 w-12 text-slate-300" aria-hidden />
          <p className="text-lg font-semibold text-slate-900">{CART_EMPTY_TEXT}</p>
          <Button asChild>
            <Link to="/courses" onClick={close}>
              Start Shopping
            </Link>
          </Button>
        </div>
      ) : (
        <>
          <ul className="flex-1 divide-y divide-slate-100 overflow-y-auto px-5" aria-label="Items in your cart">
            {cart.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-4">
                <img
                  src={item.image || "/favicon.svg"}
                  alt=""
                  width={64}
                  height={40}
                  className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 text-sm font-semibold text-slate-900">{item.title}</p>
                  <p className="text-sm text-slate-700">{formatPrice(item.pricePaise)}</p>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${item.title}`}
                  onClick={() => cart.remove(item.id)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <div className="space-y-3 border-t border-slate-200 px-5 py-4">
            <p className="flex items-center justify-between text-base">
              <span className="font-medium text-slate-700">Subtotal</span>
              <span className="font-bold text-slate-900" data-testid="cart-subtotal">
                {formatPaise(subtotal)}
              </span>
            </p>
            <p className="text-xs text-slate-600">GST (18%) is added at checkout.</p>
            <Button asChild className="w-full">
              <Link to="/checkout" onClick={close}>
                Proceed to Checkout
              </Link>
            </Button>
            <Button type="button" variant="secondary" className="w-full" onClick={cart.clear}>
              Clear Cart
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
