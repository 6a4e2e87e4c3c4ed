import { afterAll } from "vitest";
import { closePdfPool } from "~/lib/pdf-pool.server";

// PDF jobs run on worker threads (app/lib/pdf-pool.server.ts): a test file leaves none behind.
afterAll(async () => {
  await closePdfPool();
});
