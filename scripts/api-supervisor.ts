// `npm start` keeps the API child alive (record 046): a dead one is started again on the same
// port, after 0.5 s, then 1, 2, 4 … up to 30 s while it keeps dying. Meanwhile the web tier
// answers 503 with Retry-After, and serves again by itself once the API listens.
// `npm run serve` does not use this: it exits, and its supervisor (systemd, a container
// runtime) starts it again.
import { type ApiExitListener, type ApiProcess, startApiProcess } from "./api-process.ts";

export type SupervisedApi = {
  url: string;
  /** The running child's pid; undefined between a death and the restart. */
  readonly pid: number | undefined;
  /** No more restarts; stops the running child. */
  stop(): Promise<void>;
};

export type Backoff = { firstMs: number; maxMs: number; stableMs: number };
/** A child that ran this long without dying counts as healthy: the next death waits firstMs again. */
export const DEFAULT_BACKOFF: Backoff = { firstMs: 500, maxMs: 30_000, stableMs: 60_000 };

export function restartDelay(failuresInARow: number, backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** failuresInARow);
}

export async function superviseApiProcess(backoff = DEFAULT_BACKOFF): Promise<SupervisedApi> {
  let current: ApiProcess | undefined;
  let startedAt = Date.now();
  let failuresInARow = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<unknown> | undefined;

  const onExit: ApiExitListener = (code, signal) => {
    const pid = current?.pid;
    current = undefined;
    scheduleRestart(
      `The API process (pid ${pid}) exited unexpectedly (${signal ?? `code ${code}`})`,
    );
  };

  function scheduleRestart(what: string) {
    if (stopped) return;
    if (Date.now() - startedAt > backoff.stableMs) failuresInARow = 0;
    const delay = restartDelay(failuresInARow++, backoff);
    console.error(
      `${what}; starting it again in ${delay / 1000} s. Until then the site answers 503 (try again shortly).`,
    );
    timer = setTimeout(restart, delay);
  }

  function restart() {
    timer = undefined;
    if (stopped) return;
    startedAt = Date.now();
    starting = startApiProcess(onExit, { env: { API_PORT: port }, restarting: true }).then(
      (api) => {
        current = api;
        console.log(`The API is back (pid ${api.pid}) at ${api.url}.`);
      },
      (error: unknown) =>
        scheduleRestart(`The API process could not start again (${(error as Error).message})`),
    );
  }

  // The first start exits this process when it fails: the API has said what is wrong.
  current = await startApiProcess(onExit);
  const url = current.url;
  // API_PORT may be 0 (any free port): a restart takes the same one, where the web tier calls.
  const port = new URL(url).port;

  return {
    url,
    get pid() {
      return current?.pid;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await starting;
      await current?.stop();
    },
  };
}
