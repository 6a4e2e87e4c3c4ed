/** A ₹0 order, on its page and in its confirmation email. */
export const FREE_ORDER_NO_INVOICE = "Nothing was paid for this order, so no GST invoice is issued for it.";
