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
  const command = existsSync(`${root}node_modules`)
    ? "npm install --no-audit --no-fund"
    : "npm ci --no-audit --no-fund";
  console.log(`Installing dependencies (${command})…`);
  execSync(command, { cwd: root, stdio: "inherit" });
}
