// A clone must build and run on the machines people have (record 046): package-lock.json keeps
// every platform's optional package of the native dependencies. Reads node_modules and the lock
// only; no network.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isFor, missingPlatformEntries, PLATFORMS } from "../../scripts/platforms.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

describe("package-lock.json", () => {
  it("holds the native packages of Tailwind, lightningcss, sharp and argon2 for macOS, Windows and Linux", () => {
    expect(missingPlatformEntries(lock)).toEqual([]);
  });

  it("names, in words, an entry a commit took out", () => {
    const packages = { ...lock.packages };
    delete packages["node_modules/@tailwindcss/oxide-darwin-arm64"];
    delete packages["node_modules/@node-rs/argon2-win32-x64-msvc"];
    expect(missingPlatformEntries({ packages })).toEqual([
      expect.stringMatching(
        /^package-lock\.json lacks @tailwindcss\/oxide-darwin-arm64 [\d.]+: on macOS on Apple silicon, npm ci installs @tailwindcss\/oxide without its native code\.$/,
      ),
      expect.stringMatching(
        /^package-lock\.json lacks @node-rs\/argon2-win32-x64-msvc [\d.]+: on Windows on x64,/,
      ),
    ]);
  });

  it("reads a platform's packages by their names", () => {
    const keys = PLATFORMS.map((platform) => platform.key);
    const platformsOf = (name: string) => keys.filter((key) => isFor(name, key));
    expect(platformsOf("lightningcss-linux-x64-gnu")).toEqual(["linux-x64"]);
    expect(platformsOf("@img/sharp-libvips-darwin-arm64")).toEqual(["darwin-arm64"]);
    expect(platformsOf("@tailwindcss/oxide-win32-x64-msvc")).toEqual(["win32-x64"]);
    expect(platformsOf("@tailwindcss/oxide-win32-arm64-msvc")).toEqual([]);
    expect(platformsOf("@node-rs/argon2-linux-arm64-musl")).toEqual(["linux-arm64"]);
  });
});
