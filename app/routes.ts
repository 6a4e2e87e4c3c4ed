import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table mirrors seed-spec §2. */
export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("account", "routes/account/account.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("logout", "routes/auth/logout.tsx"),
  ...prefix("api", [route("cart", "routes/api/cart.ts"), route("auth/*", "routes/api/auth.ts")]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
