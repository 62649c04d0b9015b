// `npm start`: the quickstart on a fresh clone. Builds when stale, migrates, seeds demo content
// into an empty database (SEED_DEMO=0 to skip), makes sure an admin exists, then serves both tiers.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { loadConfigOrExit } from "../server/config.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { describeAdminSignIn, seedDemoSite } from "./bootstrap.ts";
import { unloadableNativePackages } from "./platforms.ts";

const root = path.resolve(import.meta.dirname, "..");
process.env.SEED_DEMO ??= "1";
// One readable line per request in the terminal; `npm run serve` logs JSON (record 046).
if (!process.env.LOG_FORMAT) process.env.LOG_FORMAT = "pretty";
const config = loadConfigOrExit();

function newestChange(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((child) => newestChange(path.join(entry, child))));
}

const built = path.join(root, "build", "server", "index.js");
const sources = ["app", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const mustBuild =
  !existsSync(built) || Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs;
// Said in words before anything fails on it with a stack trace (record 046).
const cannotLoad = unloadableNativePackages([
  "sharp",
  "@node-rs/argon2",
  "better-sqlite3",
  ...(mustBuild ? ["@tailwindcss/oxide"] : []),
]);
if (cannotLoad.length > 0) {
  for (const problem of cannotLoad) console.error(problem);
  process.exit(1);
}
if (mustBuild) {
  console.log("Building the web tier…");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let adminSignIn = "";
if (!process.env.API_URL) {
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    if (config.seedDemo) await seedDemoSite(database.db, config);
    adminSignIn = await describeAdminSignIn(database.db, config);
  } finally {
    await database.db.destroy();
  }
}

const { serve } = await import("./serve.ts");
await serve({ restartApi: true });
console.log(`\n  Almoner is running: ${config.appUrl}`);
if (adminSignIn) console.log(`  ${adminSignIn}\n`);
