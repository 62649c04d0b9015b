import { loadConfigOrExit } from "../server/config.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";

const config = loadConfigOrExit();
const database = openDatabase(config);
try {
  const applied = await migrateToLatest(database);
  console.log(
    applied.length > 0
      ? `Applied migrations: ${applied.join(", ")}`
      : "The database is up to date.",
  );
} finally {
  await database.db.destroy();
}
