// The last step of `npm run build`: fills the compile cache that `npm run serve` reads
// (NODE_COMPILE_CACHE in package.json and the Dockerfile) with every module its two processes
// load. Node keeps the TypeScript it has stripped in that cache, so when every module is there
// neither process loads the stripper, which holds 15–20 MB in each for as long as it runs
// (record 028). V8 keeps one cache per set of flags, so this runs under the flags of each process.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { flushCompileCache, getCompileCacheDir } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { apiNodeFlags } from "./api-process.ts";
import { repositoryRoot, serveCommand } from "./serve-command.ts";

/** What the web tier's and the API's processes import, directly or on demand. */
const SERVED_SCRIPTS = ["serve.ts", "serve-api.ts", "api-process.ts", "bootstrap.ts"];
const SERVED_DIRECTORIES = ["server", "web"];
const SERVER_BUILD = path.join(repositoryRoot, "build", "server", "index.js");

function typeScriptUnder(directory: string): string[] {
  return readdirSync(path.join(repositoryRoot, directory), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(repositoryRoot, directory, file));
}

const { env, nodeFlags } = serveCommand();
if (!process.env.WARMING_COMPILE_CACHE) {
  // The web tier's process runs with serve's flags, the API's with its own (scripts/api-process.ts).
  for (const flags of [nodeFlags, apiNodeFlags(nodeFlags)]) {
    const warm = spawnSync(process.execPath, [...flags, import.meta.filename], {
      cwd: repositoryRoot,
      env: { ...process.env, ...env, NODE_ENV: "production", WARMING_COMPILE_CACHE: "1" },
      stdio: "inherit",
    });
    if (warm.status !== 0) process.exit(warm.status ?? 1);
  }
  process.exit(0);
}

const modules = [
  ...SERVED_SCRIPTS.map((script) => path.join(repositoryRoot, "scripts", script)),
  ...SERVED_DIRECTORIES.flatMap(typeScriptUnder),
  SERVER_BUILD,
];
for (const module of modules) await import(pathToFileURL(module).href);
flushCompileCache();
console.log(`Compiled ${modules.length} modules into ${getCompileCacheDir()}.`);
