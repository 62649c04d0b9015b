// What Linux's /proc says of a process: the bench reads its tiers' CPU and memory there, and the
// serve tests look for the API's child process.
import { closeSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";

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

const PAGE_BYTES = 4096;
const PRESENT = 1n << 63n;
const FRAME_NUMBER = (1n << 55n) - 1n;
/** Pagemap entries read at a time: V8 reserves gigabytes of address space it never touches. */
const PAGEMAP_CHUNK_PAGES = 65_536;

/**
 * The memory the processes hold together, in bytes, each physical page counted once: what they
 * take from the machine. The sum of their RSS counts twice what they share (the `node` binary's
 * pages, about 50 MB in each); their PSS shares it with any other process mapping it (a load
 * generator on Node). Reads /proc/<pid>/pagemap, whose frame numbers only root may see: for
 * anyone else, undefined.
 */
export function residentBytesTogether(pids: number[]): number | undefined {
  const frames = new Set<bigint>();
  const entries = Buffer.alloc(PAGEMAP_CHUNK_PAGES * 8);
  for (const pid of pids) {
    const pagemap = openSync(`/proc/${pid}/pagemap`, "r");
    try {
      for (const line of readFileSync(`/proc/${pid}/maps`, "utf8").split("\n")) {
        const range = /^([0-9a-f]+)-([0-9a-f]+)/.exec(line);
        if (!range) continue;
        const first = parseInt(range[1]!, 16) / PAGE_BYTES;
        const end = parseInt(range[2]!, 16) / PAGE_BYTES;
        // [vsyscall], at the top of the address space, is beyond what a file position can say.
        if (!Number.isSafeInteger(end * 8)) continue;
        for (let page = first; page < end; page += PAGEMAP_CHUNK_PAGES) {
          const read = readSync(
            pagemap,
            entries,
            0,
            Math.min(PAGEMAP_CHUNK_PAGES, end - page) * 8,
            page * 8,
          );
          for (let offset = 0; offset + 8 <= read; offset += 8) {
            const entry = entries.readBigUInt64LE(offset);
            if ((entry & PRESENT) === 0n) continue;
            const frame = entry & FRAME_NUMBER;
            if (frame === 0n) return undefined;
            frames.add(frame);
          }
        }
      }
    } finally {
      closeSync(pagemap);
    }
  }
  return frames.size * PAGE_BYTES;
}
