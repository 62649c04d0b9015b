import { fork } from "node:child_process";
import path from "node:path";

/** What scripts/serve-api.ts tells its parent over IPC. */
export type ApiProcessMessage = { type: "listening"; url: string };

export type ApiProcess = {
  pid: number;
  url: string;
  /** SIGTERM, then waits until the process has exited. */
  stop(): Promise<void>;
};

const serveApiScript = path.join(import.meta.dirname, "serve-api.ts");
/**
 * V8 lets a busy process's young generation grow to 64 MB and more; capped at 8 MB semi-spaces
 * the API held about 40 MB less after the bench's load (record 022). NODE_OPTIONS may say otherwise.
 */
const SEMI_SPACE_FLAG = "--max-semi-space-size";
const apiExecArgv = [...process.execArgv];
if (![...apiExecArgv, process.env.NODE_OPTIONS ?? ""].some((arg) => arg.includes(SEMI_SPACE_FLAG)))
  apiExecArgv.push(`${SEMI_SPACE_FLAG}=8`);

/**
 * glibc's allocator, unless the environment says otherwise: two arenas instead of one per thread,
 * and blocks of 64 kB and more mapped on their own and returned when freed, so memory a burst
 * took is given back (record 027). `npm run serve` and the Dockerfile set the same for the web tier.
 */
const MALLOC_TUNING = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "65536",
  MALLOC_TRIM_THRESHOLD_: "131072",
};

/**
 * Forks the API into its own process (scripts/serve-api.ts) and resolves once it listens. When
 * it exits before that (a bad environment, a database it cannot open), this process exits with
 * its code: the API has already said why. `onUnexpectedExit` hears of an exit `stop` did not ask for.
 */
export function startApiProcess(
  onUnexpectedExit: (code: number | null, signal: NodeJS.Signals | null) => void,
): Promise<ApiProcess> {
  const child = fork(serveApiScript, [], {
    stdio: "inherit",
    execArgv: apiExecArgv,
    env: { ...MALLOC_TUNING, ...process.env },
  });
  let listening = false;
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", (code, signal) => {
    if (!listening) process.exit(code || 1);
    if (!stopping) onUnexpectedExit(code, signal);
  });

  return new Promise((resolve) => {
    child.on("message", (message: ApiProcessMessage) => {
      if (message.type !== "listening" || listening) return;
      listening = true;
      resolve({
        pid: child.pid!,
        url: message.url,
        async stop() {
          stopping = true;
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          await exited;
        },
      });
    });
  });
}
