import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table mirrors seed-spec §2. */
export default [
  layout("routes/store/layout.tsx", [index("routes/store/home.tsx"), route("*", "routes/store/not-found.tsx")]),
] satisfies RouteConfig;
