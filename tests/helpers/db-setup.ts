import { beforeAll, beforeEach } from "vitest";
import { getTestDb, resetDb } from "./db";

beforeAll(async () => {
  await getTestDb();
});

// Every test starts from the freshly seeded sample content.
beforeEach(async () => {
  await resetDb();
});
