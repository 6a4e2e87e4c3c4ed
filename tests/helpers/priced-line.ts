/** A cart line for the pure pricing and tax tests (no database): one item at `pricePaise`. */
import type { PricedLine } from "~/features/checkout/pricing";

export const line = (pricePaise: number, kind: PricedLine["kind"] = "course", productId = 1): PricedLine => ({
  productId,
  title: "Item",
  kind,
  image: "/x.svg",
  pricePaise,
});
