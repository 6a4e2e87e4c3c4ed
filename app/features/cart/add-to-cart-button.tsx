import { ShoppingCart } from "lucide-react";
import { Button, type ButtonProps } from "~/ui/button";
import { useCart } from "./cart-context";
import { loadCartDrawer } from "./cart-drawer-loader";
import type { NewCartItem } from "./cart-store";

/**
 * "Add to Cart". The item travels in data-add-to-cart so a click made before
 * hydration is queued by the inline script (see CART_QUEUE_SCRIPT) and not lost.
 */
export function AddToCartButton({
  item,
  className,
  size = "sm",
  ...props
}: { item: NewCartItem } & Omit<ButtonProps, "onClick" | "type">) {
  const cart = useCart();
  const payload = { id: item.id, kind: item.kind, title: item.title, pricePaise: item.pricePaise, image: item.image };
  return (
    <Button
      type="button"
      size={size}
      className={className}
      data-add-to-cart={JSON.stringify(payload)}
      onClick={() => {
        cart.add(payload);
        // The toast offers "View cart": have the drawer's code ready.
        loadCartDrawer().catch(() => {});
      }}
      {...props}
    >
      <ShoppingCart className="h-4 w-4" aria-hidden />
      Add to Cart
    </Button>
  );
}
