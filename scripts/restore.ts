// npm run restore -- FILE [--replace]
import os from "node:os";
import { parseArgs } from "node:util";
import { InvalidBackup } from "../server/backup/archive.ts";
import { restoreBackup, TargetNotEmpty } from "../server/backup/restore.ts";
import { loadConfigOrExit } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { openStorage } from "../server/media/open-storage.ts";

const usage = "usage: npm run restore -- FILE [--replace]";

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    options: { replace: { type: "boolean" } },
    strict: true,
    allowPositionals: true,
  });
} catch (error) {
  fail(`${(error as Error).message.split("\n")[0]} (${usage})`);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) fail(`name one backup file (${usage})`);

const config = loadConfigOrExit();
const database = openDatabase(config);
const storage = await openStorage(config);
const target = config.databaseUrl ? "PostgreSQL" : `SQLite in ${config.dataDir}`;
try {
  const { manifest, migrated } = await restoreBackup(file, {
    database,
    storage,
    appKey: config.appKey,
    replace: parsed.values.replace,
    workDir: os.tmpdir(),
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${file} into ${target}: ${rows} rows, ${manifest.files.length} files (taken ${manifest.createdAt}).`,
  );
  if (migrated.length > 0) console.log(`Migrated it up: ${migrated.join(", ")}`);
} catch (error) {
  if (error instanceof InvalidBackup) fail(`refused ${file}: ${error.message}`);
  if (error instanceof TargetNotEmpty) fail(error.message);
  throw error;
} finally {
  storage.close();
  await database.db.destroy();
}
