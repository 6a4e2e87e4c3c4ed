import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table mirrors seed-spec §2. */
export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("my-courses", "routes/store/my-courses.tsx"),
    route("my-courses/:id", "routes/store/course-player.tsx"),
    route("downloads/:productId", "routes/store/download.ts"),
    route("media/images/:name", "routes/store/media.ts"),
    route("*", "routes/store/not-found.tsx"),
  ]),
] satisfies RouteConfig;
