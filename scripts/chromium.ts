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

/**
 * End-to-end tests use Debian's Chromium; installs it with apt-get when we may, never downloads a
 * browser. Answers why there is none when it is missing and cannot be installed here.
 */
export function ensureChromium(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    const why = existsSync("/usr/bin/apt-get")
      ? "installing it needs root"
      : "this machine has no apt-get";
    return `Chromium is missing at ${CHROMIUM_PATH} and ${why}. Install Chromium (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH to one.`;
  }
  console.log("Installing Chromium from Debian's packages…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execSync("apt-get update -qq", { stdio: "inherit", env });
    execSync("apt-get install -y -qq --no-install-recommends chromium fonts-liberation", {
      stdio: "inherit",
      env,
    });
  } catch {
    return `Chromium is missing at ${CHROMIUM_PATH} and apt-get could not install it (see above).`;
  }
  return existsSync(CHROMIUM_PATH)
    ? undefined
    : `apt-get installed Chromium, but not at ${CHROMIUM_PATH}: set CHROMIUM_PATH.`;
}
