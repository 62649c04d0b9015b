// Runs on whatever Node the machine has (possibly 20): installs the project's
// dependencies, including the pinned Node 24, when they are missing or stale.
import { execSync } from "node:child_process";
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
