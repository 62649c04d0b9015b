import { ApiClient, type ApiResult } from "./api.server.ts";
import type { WebConfig } from "./config.server.ts";

export type SharedDataOptions = {
  /** How long a value answers every caller before the next one fetches it again. */
  freshMs: number;
  /** At most this many keys are kept; the oldest goes first. */
  maxEntries: number;
  now?: () => number;
};

type Entry<T> = { value: Promise<T>; storedAt: number };

/**
 * Values that are the same for every visitor (the organisation's details, named widgets), kept
 * for a few seconds so a burst of signed-in pages does not ask the API for them on every page.
 * Concurrent callers share one fetch, which counts as kept from the moment it starts.
 */
export class SharedData {
  readonly #freshMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry<unknown>>();

  constructor(options: SharedDataOptions) {
    this.#freshMs = options.freshMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The kept value of `key`, else what `fetchValue` gives (kept unless it fails or `keep` says no). */
  get<T>(
    key: string,
    fetchValue: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const now = this.#now();
    const kept = this.#entries.get(key) as Entry<T> | undefined;
    if (kept && now - kept.storedAt < this.#freshMs) return kept.value;

    const value = fetchValue();
    const entry: Entry<T> = { value, storedAt: now };
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    const drop = () => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    };
    value.then((result) => keep(result) || drop(), drop);
    return value;
  }

  /** Nothing kept is answered again; a fetch under way now is not shared with later callers. */
  forget(): void {
    this.#entries.clear();
  }
}

/** A few seconds: an edit made straight at the API (or through another instance) shows soon. */
const SHARED_FRESH_MS = 5_000;
const sharedData = new SharedData({ freshMs: SHARED_FRESH_MS, maxEntries: 500 });

/**
 * A public GET answered the same for everyone, asked WITHOUT the visitor's cookies (so nothing
 * personal can be in it) and shared between requests for a few seconds. Only for API paths whose
 * answer does not depend on who asks.
 */
export function getShared<T>(
  config: Pick<WebConfig, "apiUrl" | "appUrl" | "deadlineMs">,
  path: string,
  read: (api: ApiClient) => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  return sharedData.get(
    `${config.apiUrl}${path}`,
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
}

/** After an admin saved through this web tier: the next page asks the API again. */
export function forgetSharedData(): void {
  sharedData.forget();
}
