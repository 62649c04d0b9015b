// What Linux's /proc says of a process: the bench reads its tiers' CPU and memory there, and the
// serve tests look for the API's child process.
import { readdirSync, readFileSync } from "node:fs";

/** The fields of /proc/<pid>/stat after the command name: state, ppid, … (stat(5) from field 3). */
export function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name, in parentheses, may hold spaces: the fields after it are space-separated.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The processes whose parent is `parent`. */
export function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return Number(statFields(pid)[1]) === parent;
      } catch {
        return false; // gone meanwhile
      }
    });
}
