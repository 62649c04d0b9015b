// Migrates and fills an empty database with the demo content (used by npm start and the end-to-end tests).
import { loadConfigOrExit } from "../server/config.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { seedDemoContent } from "../server/db/seed/demo.ts";
import { createLocalStorage } from "../server/media/storage.ts";
import { bootstrapAdminFromEnv } from "./bootstrap.ts";

const config = loadConfigOrExit();
const database = openDatabase(config);
try {
  await migrateToLatest(database);
  const started = performance.now();
  const result = await seedDemoContent(database.db, createLocalStorage(config.dataDir), config);
  if (result.seeded)
    console.log(
      `Seeded the demo content (${result.images} pictures) in ${Math.round(performance.now() - started)} ms.`,
    );
  else console.log("The site already has content: nothing seeded.");
  await bootstrapAdminFromEnv(database.db, config);
} finally {
  await database.db.destroy();
}
