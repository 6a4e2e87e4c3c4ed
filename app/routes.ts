import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

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
    route("*", "routes/store/not-found.tsx"),
  ]),
] satisfies RouteConfig;
