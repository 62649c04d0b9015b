import { tooManyAttempts } from "../errors.ts";

/**
 * A fixed-window attempt counter, as Laravel's RateLimiter keeps one in its cache: the first
 * hit opens a window of `decaySeconds`; at `maxAttempts` hits the key is locked until the
 * window ends. In memory, so each API instance counts on its own.
 */
export type Throttle = {
  readonly maxAttempts: number;
  readonly decaySeconds: number;
  hit(key: string): number;
  attempts(key: string): number;
  tooManyAttempts(key: string): boolean;
  /** Seconds until the key's window ends (0 when it has none). */
  availableIn(key: string): number;
  clear(key: string): void;
};

type Window = { count: number; resetAt: number };

const SWEEP_EVERY = 1000;

export function createThrottle(options: { maxAttempts: number; decaySeconds: number }): Throttle {
  const windows = new Map<string, Window>();
  let hitsSinceSweep = 0;

  const live = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.resetAt <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  return {
    ...options,
    hit(key) {
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        sweep();
      }
      const window = live(key);
      if (window) return ++window.count;
      windows.set(key, { count: 1, resetAt: Date.now() + options.decaySeconds * 1000 });
      return 1;
    },
    attempts: (key) => live(key)?.count ?? 0,
    tooManyAttempts: (key) => (live(key)?.count ?? 0) >= options.maxAttempts,
    availableIn(key) {
      const window = live(key);
      return window ? Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000)) : 0;
    },
    clear: (key) => void windows.delete(key),
  };
}

/** Throws 429 when the key is locked, without counting (login: only failures count). */
export function ensureNotThrottled(throttle: Throttle, key: string): void {
  if (throttle.tooManyAttempts(key)) throw tooManyAttempts(throttle.availableIn(key));
}

/** Laravel's `throttle:` middleware: every call counts; the call past the limit gets 429. */
export function consumeAttempt(throttle: Throttle, key: string): void {
  ensureNotThrottled(throttle, key);
  throttle.hit(key);
}
