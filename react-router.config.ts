import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every React Router v8 flag is set, so the build prints no future-flag warnings.
  // v8_middleware is on: server/app.ts getLoadContext hands every loader, action and middleware a
  // RouterContextProvider with the database, the client's address and the user
  // (app/features/accounts/context.server.ts), and route modules export `middleware` (the admin and
  // account layouts' guards, the private-cache rule: see app/routes.ts). The others stay off, each
  // keeping today's behaviour (v8_splitRouteModules would change the client chunks bench/RESULTS.md
  // measures; v8_viteEnvironmentApi would change how server/app.ts is built as the SSR entry).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
