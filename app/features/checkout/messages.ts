/** What the buyer is told after paying (app/lib/flash.server.ts carries it to the next page). */
export const ORDER_COMPLETE = "Thank you! Your order is complete and your items are ready in My Courses.";
export const PAYMENT_FAILED = "The payment failed. Nothing was charged and your cart is kept: you can try again.";
/** A ₹0 cart at checkout: nothing is paid, so no tax invoice is issued (there is no taxable value). */
export const FREE_ORDER_NOTE =
  "Nothing to pay, so no GST invoice is issued: your items are added to My Courses at once.";
