/**
 * How long a read waits while the API is silent: a live API answers its reads well within it,
 * and a hung one then costs a page 2 s instead of the request's whole deadline (record 064).
 */
export const SILENT_READ_MS = 2_000;

/**
 * Whether an API has gone silent: a call waited out its deadline and the API answered nothing
 * else while it waited. An API that is only slow keeps answering some calls, so it never is.
 * The first answer ends the silence.
 */
export class ApiSilence {
  readonly #apiUrl: string;
  #lastAnswerAt = Number.NEGATIVE_INFINITY;
  #silent = false;

  constructor(apiUrl: string) {
    this.#apiUrl = apiUrl;
  }

  get silent(): boolean {
    return this.#silent;
  }

  answered(): void {
    this.#lastAnswerAt = performance.now();
    if (!this.#silent) return;
    this.#silent = false;
    console.warn(`The API at ${this.#apiUrl} answers again: reads wait out the full deadline.`);
  }

  /** A call started at `startedAt` (performance.now()) that ran out of time. */
  timedOut(startedAt: number): void {
    if (this.#silent || this.#lastAnswerAt >= startedAt) return;
    this.#silent = true;
    console.warn(
      `The API at ${this.#apiUrl} answered nothing while a call waited out its deadline: ` +
        `reads wait at most ${SILENT_READ_MS} ms until it answers again.`,
    );
  }

  /** The signal a call is to use: a read's is cut to SILENT_READ_MS while the API is silent. */
  signalFor(method: string, deadline: AbortSignal): AbortSignal {
    if (!this.#silent || method !== "GET") return deadline;
    return AbortSignal.any([deadline, AbortSignal.timeout(SILENT_READ_MS)]);
  }
}

const silences = new Map<string, ApiSilence>();

/** The one tracker of an API (by its URL) in this process. */
export function silenceOf(apiUrl: string): ApiSilence {
  let silence = silences.get(apiUrl);
  if (!silence) silences.set(apiUrl, (silence = new ApiSilence(apiUrl)));
  return silence;
}

/** Whether `error` is a fetch that ran out of time (its signal's `AbortSignal.timeout`). */
export function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === "TimeoutError";
}
