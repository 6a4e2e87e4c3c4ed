import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table mirrors seed-spec §2. Middleware (v8_middleware) runs before the loaders and
 * actions of the routes under it: root marks every answer to a request with a cookie private unless
 * its route chose its own caching; the layouts below say what they guard.
 */
export default [
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("about", "routes/store/about.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("toppers", "routes/store/toppers.tsx"),
    // Courses, notes, PYQ, tests and bundles share their modules; the first path segment names the kind.
    ...(["courses", "notes", "pyq", "tests", "bundles"] as const).flatMap((base) => [
      route(base, "routes/store/catalog-index.tsx", { id: `${base}-index` }),
      route(`${base}/std/:std`, "routes/store/catalog-class.tsx", { id: `${base}-class` }),
      route(`${base}/:id`, "routes/store/product.tsx", { id: `${base}-detail` }),
    ]),
    // A free preview lesson (issue 36): anyone, signed in or not; rendered per request (no-store).
    route("courses/:id/preview/:lessonId", "routes/store/course-preview.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    // Middleware: signed in only (anybody else goes to /login), every answer private.
    layout("routes/account/layout.tsx", [
      route("account", "routes/account/account.tsx"),
      route("account/orders", "routes/account/orders.tsx"),
      route("account/orders/:orderId", "routes/account/order.tsx"),
    ]),
    // Middleware: every answer private (each route guards itself; a guest may see the checkout).
    layout("routes/store/personal.tsx", [
      // Checkout and orders (issue 5)
      route("checkout", "routes/store/checkout.tsx"),
      route("checkout/pay/:orderId", "routes/store/checkout-pay.tsx"),
      route("my-courses", "routes/store/my-courses.tsx"),
      route("my-courses/:id", "routes/store/course-player.tsx"),
      // Practice tests (issue 23): attempts, strengths, start, take and result.
      route("my-courses/tests", "routes/store/practice-attempts.tsx"),
      route("my-courses/tests/start/:productId", "routes/store/practice-start.tsx"),
      route("my-courses/tests/:attemptId", "routes/store/practice-attempt.tsx"),
      // A photo or PDF of a handwritten answer (issue 35): its student and admins only.
      route("my-courses/tests/:attemptId/files/:fileId", "routes/store/practice-answer-file.ts"),
      route("downloads/:productId", "routes/store/download.ts"),
      // A doubt's photo (issue 36): the course's students who may see the doubt, and admins.
      route("doubts/:doubtId/photo", "routes/store/doubt-photo.ts"),
    ]),
    // One-click unsubscribe from announcement emails (issue 36): a signed link, works signed out.
    route("unsubscribe", "routes/store/unsubscribe.tsx"),
    route("media/images/:name", "routes/store/media.ts"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("logout", "routes/auth/logout.tsx"),
  ...prefix("api", [
    route("cart", "routes/api/cart.ts"),
    route("auth/*", "routes/api/auth.ts"),
    route("practice/attempts/:attemptId/answers", "routes/api/practice-answer.ts"),
    route("practice/attempts/:attemptId/files", "routes/api/practice-answer-files.ts"),
    route("video/:lessonId/*", "routes/api/video.ts"),
  ]),
  // Resource routes of orders (issue 5), under the account pages' middleware (outside the store's layout).
  layout("routes/account/layout.tsx", { id: "routes/account/documents" }, [
    route("account/orders/:orderId/invoice", "routes/account/order-invoice.ts"),
    route("account/orders/:orderId/credit-note", "routes/account/order-credit-note.ts"),
  ]),
  route("api/payments/razorpay/webhook", "routes/api/razorpay-webhook.ts"),
  // Middleware: admins only (anonymous visitors go to /login, anybody else gets 403), every answer
  // private. Every admin route, pages and resource routes (CSV, PDF, uploads) alike, is a child.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx", { id: "routes/admin/dashboard-alias" }),
    route("courses", "routes/admin/courses.tsx"),
    route("courses/:id", "routes/admin/course-edit.tsx"),
    route("courses/:id/report", "routes/admin/course-report.tsx"),
    // Bundles (issue 36): listed in Course Management's Bundles tab, made and edited here.
    route("bundles/new", "routes/admin/bundle-edit.tsx", { id: "routes/admin/bundle-new" }),
    route("bundles/:id", "routes/admin/bundle-edit.tsx"),
    route("videos/:lessonId", "routes/admin/lesson-video.ts"),
    route("users", "routes/admin/users.tsx"),
    route("users/:id", "routes/admin/user.tsx"),
    route("sales", "routes/admin/sales.tsx"),
    route("sales/ledger.csv", "routes/admin/sales-ledger.ts"),
    route("sales/analytics.pdf", "routes/admin/sales-analytics.ts"),
    route("sales/quarterly-report.pdf", "routes/admin/sales-quarterly.ts"),
    route("sales/gstr1.zip", "routes/admin/sales-gstr1.ts"),
    route("orders/:orderId/invoice.pdf", "routes/admin/order-invoice.ts"),
    route("orders/:orderId/credit-note.pdf", "routes/admin/order-credit-note.ts"),
    route("coupons", "routes/admin/coupons.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    // Practice tests (issue 23): question bank, CSV, chapters, test builder and report.
    route("practice", "routes/admin/practice.tsx"),
    route("practice/questions.csv", "routes/admin/practice-export.ts"),
    route("practice/questions/:id", "routes/admin/practice-question.tsx"),
    route("practice/chapters", "routes/admin/practice-chapters.tsx"),
    route("practice/tests/:productId", "routes/admin/practice-test.tsx"),
    // Issue 35: the teacher marks written answers (a queue, then one answer beside its marking points).
    route("practice/marking", "routes/admin/practice-marking.tsx"),
    route("practice/marking/:attemptId/:questionId", "routes/admin/practice-mark.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("settings/role", "routes/admin/settings-role.tsx"),
    route("settings/signature-image", "routes/admin/settings-signature-image.ts"),
    route("notifications", "routes/admin/notifications.ts"),
    route("search", "routes/admin/search.tsx"),
    route("inbox", "routes/admin/inbox.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    // Announcements (issue 36): write, confirm and send to a course, a class or every student.
    route("announcements", "routes/admin/announcements.tsx"),
    // Doubts (issue 36): the queue, unanswered first; answer (emails the student), hide and unhide.
    route("doubts", "routes/admin/doubts.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
