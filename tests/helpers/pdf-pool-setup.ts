import { afterAll } from "vitest";
import { closePdfPool } from "~/lib/pdf-pool.server";

// The unit project's: PDF jobs run on worker threads (app/lib/pdf-pool.server.ts), and a unit file
// leaves none behind (pdf-pool.server.test.ts counts the app pool's threads). The integration
// project keeps the pool across a worker's files instead (vitest.config.ts).
afterAll(async () => {
  await closePdfPool();
});
