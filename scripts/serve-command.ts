import { readFileSync } from "node:fs";
import path from "node:path";

export const repositoryRoot = path.resolve(import.meta.dirname, "..");

/**
 * The environment and Node flags `npm run serve` starts with (package.json's `serve` script), for
 * whatever must run as it does: the bench measures that command, and the compile cache is kept
 * per set of V8 flags.
 */
export function serveCommand(): { env: Record<string, string>; nodeFlags: string[] } {
  const packageJson = JSON.parse(readFileSync(path.join(repositoryRoot, "package.json"), "utf8"));
  const words = String(packageJson.scripts.serve).split(/\s+/);
  const env: Record<string, string> = {};
  for (const word of words) {
    const assignment = /^([A-Z_]+)=(.*)$/.exec(word);
    if (assignment) env[assignment[1]!] = assignment[2]!;
  }
  return { env, nodeFlags: words.filter((word) => word.startsWith("--")) };
}
