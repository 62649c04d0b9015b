// npm run backup [-- --out FILE|FOLDER/] [--keep N]   |   npm run backup -- --verify FILE
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { InvalidBackup, openBackup } from "../server/backup/archive.ts";
import { backupFileName, createBackup, pruneBackups } from "../server/backup/create.ts";
import { loadConfigOrExit } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { openStorage } from "../server/media/open-storage.ts";

const usage =
  "usage: npm run backup [-- --out FILE|FOLDER/] [--keep N] | npm run backup -- --verify FILE";

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: { out: { type: "string" }, keep: { type: "string" }, verify: { type: "string" } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${(error as Error).message.split("\n")[0]} (${usage})`);
}

if (values.verify !== undefined) {
  try {
    const { manifest, cleanup } = await openBackup(values.verify, os.tmpdir());
    await cleanup();
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `${values.verify} is sound: taken ${manifest.createdAt} from ${manifest.source} at ${manifest.schemaVersion}, ` +
        `${rows} rows in ${manifest.tables.length} tables, ${manifest.files.length} files; every checksum matches.`,
    );
    process.exit(0);
  } catch (error) {
    if (error instanceof InvalidBackup)
      fail(`${values.verify} is NOT a sound backup: ${error.message}`);
    throw error;
  }
}

const keep = values.keep === undefined ? undefined : Number(values.keep);
if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
  fail("--keep must be a whole number of at least 1");

const out = values.out ?? "backups/";
const isFolder =
  out.endsWith("/") ||
  (await stat(out).then(
    (info) => info.isDirectory(),
    () => false,
  ));
const file = path.resolve(isFolder ? path.join(out, backupFileName()) : out);

const config = loadConfigOrExit();
const database = openDatabase(config);
const storage = await openStorage(config);
try {
  const manifest = await createBackup(
    { database, dataDir: config.dataDir, storage, appKey: config.appKey },
    file,
  );
  const { size } = await stat(file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Wrote ${file} (${(size / 1024 / 1024).toFixed(1)} MB): ${rows} rows, ${manifest.files.length} files, schema ${manifest.schemaVersion}.`,
  );
  console.log("It holds APP_KEY and every account: keep it as secret as the database.");
  if (keep !== undefined) {
    for (const old of await pruneBackups(path.dirname(file), keep)) console.log(`Removed ${old}`);
  }
} finally {
  storage.close();
  await database.db.destroy();
}
