import { beforeAll, beforeEach } from "vitest";
import { getTestDb, resetDb } from "./db";
import { rememberPasswordHashes } from "./password-memo";
import { useTestStorage } from "./storage";

beforeAll(async () => {
  await getTestDb();
  await rememberPasswordHashes();
  useTestStorage();
});

// Every test starts from the freshly seeded sample content.
beforeEach(async () => {
  await resetDb();
});
