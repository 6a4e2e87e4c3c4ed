import { beforeAll, beforeEach } from "vitest";
import { getTestDb, resetDb } from "./db";
import { useTestStorage } from "./storage";

beforeAll(async () => {
  await getTestDb();
  useTestStorage();
});

// Every test starts from the freshly seeded sample content.
beforeEach(async () => {
  await resetDb();
});
