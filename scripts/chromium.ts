import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * How every test and the bench start Chromium: no sandbox (root in a container), and no traffic
 * of its own, as the machine may have no internet.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** End-to-end tests use Debian's Chromium; install it with apt-get when we may, never download a browser. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Installing Chromium from Debian's packages…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execSync("apt-get update -qq", { stdio: "inherit", env });
  execSync("apt-get install -y -qq --no-install-recommends chromium fonts-liberation", {
    stdio: "inherit",
    env,
  });
}
