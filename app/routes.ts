import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table mirrors seed-spec §2. */
export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    // Checkout and orders (issue 5)
    route("checkout", "routes/store/checkout.tsx"),
    route("checkout/pay/:orderId", "routes/store/checkout-pay.tsx"),
    route("account/orders", "routes/account/orders.tsx"),
    route("account/orders/:orderId", "routes/account/order.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  // Resource routes (no layout)
  route("account/orders/:orderId/invoice", "routes/account/order-invoice.ts"),
  route("api/payments/razorpay/webhook", "routes/api/razorpay-webhook.ts"),
] satisfies RouteConfig;
