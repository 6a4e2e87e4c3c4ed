import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table mirrors seed-spec §2. */
export default [
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("toppers", "routes/store/toppers.tsx"),
    // Courses, notes and PYQ share their modules; the first path segment names the kind.
    ...(["courses", "notes", "pyq"] as const).flatMap((base) => [
      route(base, "routes/store/catalog-index.tsx", { id: `${base}-index` }),
      route(`${base}/std/:std`, "routes/store/catalog-class.tsx", { id: `${base}-class` }),
      route(`${base}/:id`, "routes/store/product.tsx", { id: `${base}-detail` }),
    ]),
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("account", "routes/account/account.tsx"),
    // Checkout and orders (issue 5)
    route("checkout", "routes/store/checkout.tsx"),
    route("checkout/pay/:orderId", "routes/store/checkout-pay.tsx"),
    route("account/orders", "routes/account/orders.tsx"),
    route("account/orders/:orderId", "routes/account/order.tsx"),
    route("my-courses", "routes/store/my-courses.tsx"),
    route("my-courses/:id", "routes/store/course-player.tsx"),
    route("downloads/:productId", "routes/store/download.ts"),
    route("media/images/:name", "routes/store/media.ts"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("logout", "routes/auth/logout.tsx"),
  ...prefix("api", [
    route("cart", "routes/api/cart.ts"),
    route("me", "routes/api/me.ts"),
    route("auth/*", "routes/api/auth.ts"),
  ]),
  // Resource routes of checkout and orders (issue 5)
  route("account/orders/:orderId/invoice", "routes/account/order-invoice.ts"),
  route("api/payments/razorpay/webhook", "routes/api/razorpay-webhook.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx", { id: "routes/admin/dashboard-alias" }),
    route("courses", "routes/admin/courses.tsx"),
    route("courses/:id", "routes/admin/course-edit.tsx"),
    route("courses/:id/report", "routes/admin/course-report.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/:id", "routes/admin/user.tsx"),
    route("sales", "routes/admin/sales.tsx"),
    route("sales/ledger.csv", "routes/admin/sales-ledger.ts"),
    route("sales/analytics.pdf", "routes/admin/sales-analytics.ts"),
    route("sales/quarterly-report.pdf", "routes/admin/sales-quarterly.ts"),
    route("coupons", "routes/admin/coupons.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("settings/role", "routes/admin/settings-role.tsx"),
    route("notifications", "routes/admin/notifications.ts"),
    route("search", "routes/admin/search.tsx"),
    route("inbox", "routes/admin/inbox.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
