import { ShoppingCart, Trash2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import { formatPaise } from "~/lib/money";
import { Button } from "~/ui/button";
import { useCart } from "./cart-context";
import { cartSubtotalPaise } from "./cart-store";

export const CART_EMPTY_TEXT = "Your cart is empty";

/** The header's cart button (badge when the count is above 0) and the drawer it opens. */
export function CartButton() {
  const cart = useCart();
  const count = cart.ready ? cart.count : 0;
  return (
    <Dialog.Root open={cart.open} onOpenChange={cart.setOpen}>
      <Dialog.Trigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
        >
          <ShoppingCart className="h-5 w-5" aria-hidden />
          {count > 0 ? (
            <span
              data-testid="cart-badge"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-slate-950"
            >
              {count}
            </span>
          ) : null}
        </Button>
      </Dialog.Trigger>
      <CartDrawerContent />
    </Dialog.Root>
  );
}

function CartDrawerContent() {
  const cart = useCart();
  const subtotal = cartSubtotalPaise(cart.items);
  const close = () => cart.setOpen(false);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 motion-safe:data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <Dialog.Content
        aria-describedby={undefined}
        className="fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-2xl outline-none sm:w-[30rem] sm:max-w-full motion-safe:data-[state=open]:animate-[slide-in_200ms_ease-out]"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <Dialog.Title className="text-lg font-bold text-slate-900">Your Cart</Dialog.Title>
          <Dialog.Close asChild>
            <Button type="button" variant="ghost" size="icon" aria-label="Close cart">
              <X className="h-5 w-5" aria-hidden />
            </Button>
          </Dialog.Close>
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
                    <p className="text-sm text-slate-700">
                      {item.pricePaise === 0 ? "Free" : formatPaise(item.pricePaise)}
                    </p>
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
      </Dialog.Content>
    </Dialog.Portal>
  );
}
