// `npm run db:seed`: migrates the configured database and seeds a new install.
import { closeDb, getDbHandle } from "~/db/client.server";
import { migrateAndSeed } from "~/db/migrate.server";
import { ensureSeedFiles } from "~/features/learning/seed-files.server";
import { ensureSampleVideo } from "~/features/video/sample.server";
import { closePdfPool } from "~/lib/pdf-pool.server";
import { getFileStorage } from "~/platform/files/storage.server";

try {
  const handle = await getDbHandle();
  const { seeded } = await migrateAndSeed(handle);
  const files = await ensureSeedFiles(handle.db, getFileStorage());
  if (files) console.log(`Wrote ${files} sample PDF${files === 1 ? "" : "s"} to file storage.`);
  const videoFiles = await ensureSampleVideo(getFileStorage(), { log: console.warn });
  if (videoFiles) console.log(`Wrote the sample lectures (${videoFiles} HLS and caption files) to file storage.`);
  console.log(
    seeded ? `Seeded the ${handle.kind} database.` : `The ${handle.kind} database was already seeded: nothing added.`,
  );
  await closeDb();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closePdfPool();
}
