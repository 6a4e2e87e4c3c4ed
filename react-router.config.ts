import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every React Router v8 flag is set, so the build prints no future-flag warnings. All stay off: each
  // keeps today's behaviour (v8_middleware would swap the plain `{ clientIp }` load context for a
  // RouterContextProvider; v8_splitRouteModules would change the client chunks bench/RESULTS.md
  // measures; v8_viteEnvironmentApi would change how server/app.ts is built as the SSR entry).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
