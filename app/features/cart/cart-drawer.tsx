import { ShoppingCart } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "~/ui/button";
import { useCart } from "./cart-context";
import { loadCartDrawer } from "./cart-drawer-loader";
import type { CartDrawer as CartDrawerType } from "./cart-drawer-panel";

/**
 * The header's cart button (badge when the count is above 0) and the drawer it opens
 * (cart-drawer-panel.tsx). The drawer's code is not in the first load: it is fetched on the first hover,
 * focus or click of this button, an "Add to Cart" click, or whenever something opens the cart.
 */
export function CartButton() {
  const cart = useCart();
  // A guest's count is 0 in the server render and until hydration (useSyncExternalStore's server
  // snapshot); a signed-in user's is the server cart's from the first byte.
  const count = cart.count;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [Drawer, setDrawer] = useState<typeof CartDrawerType | null>(null);
  const load = useCallback(() => {
    loadCartDrawer().then(
      (m) => setDrawer(() => m.CartDrawer),
      () => {},
    );
  }, []);
  // Opened from elsewhere (the toast's "View cart").
  useEffect(() => {
    if (cart.open) load();
  }, [cart.open, load]);
  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="ghost"
        size="icon"
        className="relative"
        aria-haspopup="dialog"
        aria-expanded={cart.open}
        aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load();
          cart.setOpen(true);
        }}
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
      {cart.open && Drawer ? <Drawer returnFocusTo={buttonRef} /> : null}
    </>
  );
}
