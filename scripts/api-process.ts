import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

/** What scripts/serve-api.ts tells its parent over IPC: it listens; it has closed, and exits. */
export type ApiProcessMessage = { type: "listening"; url: string } | { type: "closed" };

export type ApiProcess = {
  pid: number;
  url: string;
  /** SIGTERM, then waits until the process has exited (SIGKILL if its exit hangs). */
  stop(): Promise<void>;
};

/**
 * How long the API may take to exit once it said it closed, and at most after SIGTERM (it gives
 * its requests 10 s). Node 24 can hang in its own exit, its main thread waiting for a compiler
 * thread that waits for it (nodejs/node#54918): seen in a test run, the API closed and then never
 * exited. Past these, nothing of it is left to lose, and SIGKILL ends it.
 */
const EXIT_AFTER_CLOSED_MS = 2_000;
const EXIT_AFTER_SIGTERM_MS = 15_000;

const serveApiScript = path.join(import.meta.dirname, "serve-api.ts");
/**
 * V8 lets a busy process's young generation grow to 64 MB and more; capped at 8 MB semi-spaces
 * the API held about 40 MB less after the bench's load (record 022). NODE_OPTIONS may say otherwise.
 */
const SEMI_SPACE_FLAG = "--max-semi-space-size";
/**
 * V8 favouring memory over speed: after the bench's load the API held 113–121 MB instead of
 * 138–164 MB, for up to a sixth fewer requests a second (record 028). The web tier, whose
 * pages are CPU-bound, lost a fifth of its signed-in pages with it, so it is the API's alone.
 */
const OPTIMIZE_FOR_SIZE_FLAG = "--optimize-for-size";

/** The API process's Node flags: those of the serve process, and the two above unless named. */
export function apiNodeFlags(serveFlags: readonly string[], nodeOptions = ""): string[] {
  const given = [...serveFlags, nodeOptions];
  const defaults = [`${SEMI_SPACE_FLAG}=8`, OPTIMIZE_FOR_SIZE_FLAG].filter((flag) => {
    const name = flag.split("=")[0]!;
    return !given.some((arg) => arg.includes(name));
  });
  return [...serveFlags, ...defaults];
}

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

export type ApiExitListener = (code: number | null, signal: NodeJS.Signals | null) => void;

export class ApiStartFailed extends Error {}

/**
 * Forks the API into its own process (scripts/serve-api.ts) and resolves once it listens. When
 * it exits before that (a bad environment, a database it cannot open), this process exits with
 * its code: the API has already said why; a restart (`restarting`) rejects with ApiStartFailed
 * instead. `onUnexpectedExit` hears of an exit `stop` did not ask for.
 */
export function startApiProcess(
  onUnexpectedExit: ApiExitListener,
  { env = {}, restarting = false }: { env?: Record<string, string>; restarting?: boolean } = {},
): Promise<ApiProcess> {
  const child = fork(serveApiScript, [], {
    stdio: "inherit",
    execArgv: apiNodeFlags(process.execArgv, process.env.NODE_OPTIONS),
    env: { ...MALLOC_TUNING, ...process.env, ...env },
  });
  let listening = false;
  let stopping = false;

  return new Promise((resolve, reject) => {
    child.once("exit", (code, signal) => {
      if (!listening && !restarting) process.exit(code || 1);
      if (!listening) reject(new ApiStartFailed(`${signal ?? `code ${code}`}`));
      else if (!stopping) onUnexpectedExit(code, signal);
    });
    child.on("message", (message: ApiProcessMessage) => {
      if (message.type !== "listening" || listening) return;
      listening = true;
      resolve({
        pid: child.pid!,
        url: message.url,
        stop() {
          stopping = true;
          return stopChild(child);
        },
      });
    });
  });
}

/**
 * SIGTERM, then SIGKILL when the process has not exited `afterClosedMs` after it said it closed
 * (`{type: "closed"}`), or `afterSigtermMs` after SIGTERM. Resolves once it has exited.
 */
export async function stopChild(
  child: ChildProcess,
  { afterClosedMs = EXIT_AFTER_CLOSED_MS, afterSigtermMs = EXIT_AFTER_SIGTERM_MS } = {},
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = () => child.kill("SIGKILL");
  let timer = setTimeout(kill, afterSigtermMs);
  const onMessage = (message: ApiProcessMessage) => {
    if (message.type !== "closed") return;
    clearTimeout(timer);
    timer = setTimeout(kill, afterClosedMs);
  };
  child.on("message", onMessage);
  child.kill("SIGTERM");
  await exited;
  clearTimeout(timer);
  child.off("message", onMessage);
}
