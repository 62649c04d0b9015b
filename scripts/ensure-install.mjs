// Runs on whatever Node the machine has (possibly 20): installs the project's dependencies,
// including the pinned Node 24, when they are missing or stale, then runs the given script on
// Node 24. (`npm start` and `npm test` go through here; the other scripts need an install first.)
import { execSync, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const pinnedNode = `${root}node_modules/.bin/node`;
const installedLock = `${root}node_modules/.package-lock.json`;
const lock = `${root}package-lock.json`;

const stale =
  !existsSync(pinnedNode) ||
  !existsSync(installedLock) ||
  statSync(lock).mtimeMs > statSync(installedLock).mtimeMs;

if (stale) {
  // Not `npm ci`: the registry here lacks some optional platform packages (Tailwind's oxide
  // builds for other systems), which npm ci counts as a lock file out of sync.
  const command = "npm install --no-audit --no-fund";
  console.log(`Installing dependencies (${command})…`);
  execSync(command, { cwd: root, stdio: "inherit" });
}

const [script, ...args] = process.argv.slice(2);
if (script) {
  const child = spawn(pinnedNode, [script, ...args], { cwd: root, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
