// Migrates and fills an empty database with the demo content (used by npm start and the end-to-end tests).
import { loadConfigOrExit } from "../server/config.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { bootstrapAdminFromEnv, seedDemoSite } from "./bootstrap.ts";

const config = loadConfigOrExit();
const database = openDatabase(config);
try {
  await migrateToLatest(database);
  await seedDemoSite(database.db, config);
  await bootstrapAdminFromEnv(database.db, config);
} finally {
  await database.db.destroy();
}
