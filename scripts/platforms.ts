// Which machines a clone builds and runs on (record 046). npm's lock file loses the optional
// platform packages of native dependencies when it is written on one platform (npm/cli#4828):
// `npm ci` on a Mac or on Windows then installs no native binding. The suite checks the lock
// (tests/api/lockfile-platforms.test.ts); `npm start` and `npm test` say in words what cannot run.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The dependencies whose code is a native binary, shipped as one optional package per platform. */
export const NATIVE_PACKAGES = ["@tailwindcss/oxide", "lightningcss", "sharp", "@node-rs/argon2"];

/** The machines people have, as npm's optional packages name them, and as people call them. */
export const PLATFORMS = [
  { key: "darwin-arm64", name: "macOS on Apple silicon" },
  { key: "darwin-x64", name: "macOS on Intel" },
  { key: "win32-x64", name: "Windows on x64" },
  { key: "linux-x64", name: "Linux on x64" },
  { key: "linux-arm64", name: "Linux on arm64" },
] as const;

type Lock = { packages: Record<string, { version?: string; optionalDependencies?: object }> };
type PackageJson = { version: string; optionalDependencies?: Record<string, string> };

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

/** Whether an optional package is one platform's (`…-darwin-arm64`, `…-linux-x64-gnu`). */
export const isFor = (optional: string, platform: string) =>
  new RegExp(`-${platform}(?:-[a-z]+)?$`).test(optional);

/**
 * Each lock entry a native dependency's platforms need that package-lock.json lacks, in words.
 * The optional packages are those the installed package's own package.json lists (what the
 * registry lists for that version), so it needs no network.
 */
export function missingPlatformEntries(
  lock: Lock = readJson<Lock>(path.join(root, "package-lock.json")),
): string[] {
  const problems: string[] = [];
  for (const name of NATIVE_PACKAGES) {
    const installed = readJson<PackageJson>(path.join(root, "node_modules", name, "package.json"));
    const locked = lock.packages[`node_modules/${name}`];
    if (locked?.version !== installed.version) {
      problems.push(
        `package-lock.json has ${name} ${locked?.version ?? "nowhere"}, node_modules has ${installed.version}.`,
      );
    }
    const optionals = Object.entries(installed.optionalDependencies ?? {});
    for (const platform of PLATFORMS) {
      const needed = optionals.filter(([optional]) => isFor(optional, platform.key));
      if (needed.length === 0) {
        problems.push(`${name} ${installed.version} ships no package for ${platform.name}.`);
      }
      for (const [optional, version] of needed) {
        const entry = lock.packages[`node_modules/${optional}`];
        if (entry?.version === version) continue;
        problems.push(
          `package-lock.json lacks ${optional} ${version}: on ${platform.name}, npm ci installs ${name} without its native code.`,
        );
      }
    }
  }
  return problems;
}

/** The native dependencies this machine cannot load, with why, in words. */
export function unloadableNativePackages(names: readonly string[]): string[] {
  const require = createRequire(path.join(root, "package.json"));
  const here = `${process.platform}-${process.arch}`;
  const problems: string[] = [];
  for (const name of names) {
    try {
      require(name);
    } catch (error) {
      const reason = (error as Error).message.split("\n", 1)[0];
      problems.push(
        `${name} cannot load on this machine (${here}): ${reason}. Reinstall the dependencies (npm install) on this machine; a lock file written elsewhere may lack its ${here} package.`,
      );
    }
  }
  return problems;
}
