/**
 * How long the reads of one request wait together while the API is silent: a live API answers
 * them well within it, and a hung one then costs a page 2 s instead of the request's whole
 * deadline (record 064).
 */
export const SILENT_READ_MS = 2_000;

/** A request's deadline, cut to SILENT_READ_MS from its first read while the API is silent. */
const silentCuts = new WeakMap<AbortSignal, AbortSignal>();

/**
 * Whether an API has gone silent: a call waited out its deadline and the API answered nothing
 * else while it waited. An API that is only slow keeps answering some calls, so it never is.
 * The first answer ends the silence.
 */
export class ApiSilence {
  readonly #apiUrl: string;
  #lastAnswerAt = Number.NEGATIVE_INFINITY;
  #silent = false;
  #silentSince = 0;
  /** Calls unanswered while silent: not logged one by one, but when the silence ends. */
  #unansweredMeanwhile = 0;

  constructor(apiUrl: string) {
    this.#apiUrl = apiUrl;
  }

  /**
   * What a read of the request with `deadline` waits for: the deadline, or while the API is
   * silent SILENT_READ_MS from the request's first such read, shared by all its reads (so the
   * page's reads after the layout's do not wait again). Writes always get the whole deadline:
   * what staff typed is the last thing to give up on.
   */
  readSignal(deadline: AbortSignal): AbortSignal {
    if (!this.#silent) return deadline;
    let cut = silentCuts.get(deadline);
    if (!cut) {
      cut = AbortSignal.any([deadline, AbortSignal.timeout(SILENT_READ_MS)]);
      silentCuts.set(deadline, cut);
    }
    return cut;
  }

  answered(): void {
    this.#lastAnswerAt = performance.now();
    if (!this.#silent) return;
    this.#silent = false;
    const seconds = Math.round((this.#lastAnswerAt - this.#silentSince) / 1000);
    console.warn(
      `The API at ${this.#apiUrl} answers again after ${seconds} s; ` +
        `${this.#unansweredMeanwhile} calls went unanswered meanwhile.`,
    );
  }

  /** `call` ("GET /api/user"), started at `startedAt` (performance.now()), ran out of time. */
  timedOut(call: string, startedAt: number): void {
    if (this.#silent || this.#lastAnswerAt >= startedAt) return;
    this.#silent = true;
    this.#silentSince = performance.now();
    this.#unansweredMeanwhile = 0;
    console.warn(
      `The API at ${this.#apiUrl} answered nothing while ${call} waited out its deadline: ` +
        `a page's reads wait at most ${SILENT_READ_MS} ms until it answers again.`,
    );
  }

  /** Counts a call the API did not answer; whether to log it on its own (not while silent). */
  unanswered(): boolean {
    if (!this.#silent) return true;
    this.#unansweredMeanwhile += 1;
    return false;
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
