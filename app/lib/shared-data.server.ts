import { LRUCache } from "lru-cache";
import { ApiClient, type ApiResult, unansweredRead } from "./api.server.ts";
import { silenceOf } from "./api-silence.server.ts";
import type { WebConfig } from "./config.server.ts";

export type SharedDataOptions = {
  /** How long a value answers every caller before the next one fetches it again. */
  freshMs: number;
  /** At most this many keys are kept; the least recently used goes first. */
  maxEntries: number;
  now?: () => number;
};

type Value = NonNullable<unknown>;
type Fetch = () => Promise<Value>;

/** A value given to its callers but not kept (see `keep`). */
class NotKept {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/**
 * Values that are the same for every visitor (the organisation's details, named widgets), kept
 * for a few seconds so a burst of signed-in pages does not ask the API for them on every page.
 * On lru-cache: concurrent callers share one fetch (`fetchMethod`); one begun before `forget()`
 * still answers its callers but is not kept (`ignoreFetchAbort`).
 */
export class SharedData {
  readonly #values: LRUCache<string, Value, Fetch>;

  constructor(options: SharedDataOptions) {
    this.#values = new LRUCache<string, Value, Fetch>({
      max: options.maxEntries,
      // Kept while younger than freshMs: lru-cache's ttl keeps a value up to and including it.
      ttl: options.freshMs - 1,
      ttlResolution: 0,
      perf: options.now && { now: options.now },
      ignoreFetchAbort: true,
      fetchMethod: (_key, _stale, { context: fetchValue }) => fetchValue(),
    });
  }

  /** The kept value of `key`, else what `fetchValue` gives (kept unless it fails or `keep` says no). */
  get<T extends Value>(
    key: string,
    fetchValue: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const context = async () => {
      const value = await fetchValue();
      if (keep(value)) return value;
      throw new NotKept(value);
    };
    const fetched = this.#values.forceFetch(key, { context }) as Promise<T>;
    return fetched.catch((error: unknown) => {
      if (error instanceof NotKept) return error.value as T;
      throw error;
    });
  }

  /** The value kept for `key` while it is fresh, without fetching it. */
  kept<T extends Value>(key: string): T | undefined {
    return this.#values.get(key) as T | undefined;
  }

  /** Nothing kept is answered again; a fetch under way now is not shared with later callers. */
  forget(): void {
    this.#values.clear();
  }
}

/** A few seconds: an edit made straight at the API (or through another instance) shows soon. */
const SHARED_FRESH_MS = 5_000;
const sharedData = new SharedData({ freshMs: SHARED_FRESH_MS, maxEntries: 500 });

/**
 * A public GET answered the same for everyone, asked WITHOUT the visitor's cookies (so nothing
 * personal can be in it) and shared between requests for a few seconds. Only for API paths whose
 * answer does not depend on who asks. A value kept answers at once; else the caller waits no
 * longer than its request's `deadline`: past it, the read is unanswered for this caller (503), as
 * any of its own calls would be.
 */
export function getShared<T>(
  config: Pick<WebConfig, "apiUrl" | "appUrl" | "deadlineMs">,
  path: string,
  read: (api: ApiClient) => Promise<ApiResult<T>>,
  deadline?: AbortSignal,
): Promise<ApiResult<T>> {
  const key = `${config.apiUrl}${path}`;
  const kept = sharedData.kept<ApiResult<T>>(key);
  if (kept) return Promise.resolve(kept);
  const shared = sharedData.get(
    key,
    () =>
      read(
        new ApiClient({
          apiUrl: config.apiUrl,
          appUrl: config.appUrl,
          cookieHeader: null,
          clientAddress: undefined,
          pageLocation: "/",
          // Its own deadline, as long as a request's: the request that started it may be gone.
          deadline: AbortSignal.timeout(config.deadlineMs),
        }),
      ),
    // A failing API is asked again by the next page, not remembered as failing.
    (result) => result.status < 500,
  );
  if (!deadline) return shared;
  const waited = silenceOf(config.apiUrl).readSignal(deadline);
  return untilDeadline(shared, waited, () =>
    unansweredRead(config.apiUrl, "GET", path, waited.reason),
  );
}

/**
 * The shared answer, unless the caller's deadline passes first. The shared fetch has a deadline
 * of its own, begun when it was: waiting on it after the request's had passed would make a page
 * that met a hung API wait twice (settings, then the page's list) before its 503.
 */
function untilDeadline<T>(
  answer: Promise<T>,
  deadline: AbortSignal,
  unanswered: () => unknown,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const giveUp = () => reject(unanswered());
    // Handled first: the shared answer may fail after this caller has given up on it.
    answer.then(resolve, reject).finally(() => deadline.removeEventListener("abort", giveUp));
    if (deadline.aborted) return giveUp();
    deadline.addEventListener("abort", giveUp, { once: true });
  });
}

/** After an admin saved through this web tier: the next page asks the API again. */
export function forgetSharedData(): void {
  sharedData.forget();
}
