import { data, redirect } from "react-router";
import { inWords } from "./operations.server.ts";

/**
 * What the web tier makes of the API's answers: the session statuses' redirects, the 404 page,
 * and the messages a form shows. The calls themselves go through ApiClient (api.server.ts).
 */

/** A 2xx answer carries the parsed body; any other keeps the raw one (errors, messages). */
export type ApiResult<T = unknown> =
  | { ok: true; status: number; body: T; headers: Headers }
  | { ok: false; status: number; body: unknown; headers: Headers };

export type FormFailure = {
  status: number;
  formError: string | null;
  fieldErrors: Record<string, string[]>;
};

/** Thrown when a 2xx body does not have the shape of DESIGN §5. */
export class UnexpectedApiResponse extends Error {
  constructor(path: string, issues: string) {
    super(`The API answered ${path} with an unexpected body: ${issues}`);
    this.name = "UnexpectedApiResponse";
  }
}

/**
 * An item the API answered with a body the page cannot use (an entry without a title, say): the
 * API's fault, so the page is a 502 rather than the web tier's 500.
 */
export async function unusableAsBadGateway<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof UnexpectedApiResponse)) throw error;
    console.error(error.message);
    throw data({ message: "Bad Gateway." }, { status: 502, statusText: "Bad Gateway" });
  }
}

/**
 * A part of a page (a list, say) the API answered with a body the web tier cannot use: null,
 * logged once, and the page shows that part as unavailable while the rest renders as ever.
 * Anything else (a redirect, the API's 5xx) is the page's answer as before.
 */
export async function unusableAsUnavailable<T>(
  what: string,
  answer: Promise<T>,
): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof UnexpectedApiResponse)) throw error;
    console.error(`${what} is shown as unavailable:`, error.message);
    return null;
  }
}

export const IMAGE_TOO_LARGE = "The image you have uploaded is too large";
const NOT_FOUND_STATUSES = new Set([400, 404, 414]);

export function loginPath(pageLocation: string): string {
  return `/login?redirectTo=${encodeURIComponent(pageLocation)}`;
}

export function confirmPasswordPath(pageLocation: string): string {
  return `/confirm-password?redirectTo=${encodeURIComponent(pageLocation)}`;
}

/** 401/419 → Login, 403 → VerifyEmail, 423 → ConfirmPassword (spec §4, §8). */
export function throwForSessionStatus(status: number, pageLocation: string): void {
  switch (status) {
    case 401:
    case 419:
      throw redirect(loginPath(pageLocation));
    case 403:
      throw redirect("/verify-email");
    case 423:
      throw redirect(confirmPasswordPath(pageLocation));
  }
}

/** For calls whose failure the visitor cannot fix: anything but 2xx is an error of the system. */
export function assertOk<T>(result: ApiResult<T>, call: string): T {
  // Not answered (api.server.ts), or down for now (Laravel's maintenance mode): no failure of ours.
  if (result.status === 503) throw serviceUnavailable();
  if (!result.ok) {
    throw new Error(
      `${call}: the API answered ${result.status} ${messageOf(result.body) ?? ""}`.trim(),
    );
  }
  return result.body;
}

/** What `ApiClient.read` makes of an answer: its body, the 404 page, or an error. */
export function bodyOrNotFound<T>(result: ApiResult<T>): T {
  if (result.ok) return result.body;
  if (NOT_FOUND_STATUSES.has(result.status)) throwNotFound();
  if (result.status === 503) throw serviceUnavailable();
  throw new Error(`The API answered ${result.status} ${messageOf(result.body) ?? ""}`.trim());
}

/** A page that cannot be shown while the API does not answer: the host adds Retry-After. */
export function serviceUnavailable() {
  return data(
    { message: "Service Unavailable." },
    { status: 503, statusText: "Service Unavailable" },
  );
}

const unansweredReads = new WeakSet<object>();

/** The 503 of a read the API did not answer, once the client has logged it. */
export function unansweredUnavailable() {
  const unavailable = serviceUnavailable();
  unansweredReads.add(unavailable);
  return unavailable;
}

/**
 * Says in the log that a part of the page fell back (`what`: "Site settings"), unless the API
 * did not answer its read: the client has logged that, or counts it while the API is silent.
 */
export function logFallback(what: string, error: unknown): void {
  if (typeof error === "object" && error !== null && unansweredReads.has(error)) return;
  console.error(`${what} failed to load: ${inWords(error)}`);
}

export function throwNotFound(): never {
  throw data({ message: "Not Found." }, { status: 404 });
}

/** What a form shows after a failed save: field errors (422) or one message (413, 429, others). */
export function formFailureFrom(result: ApiResult): FormFailure {
  const failure: FormFailure = { status: result.status, formError: null, fieldErrors: {} };
  switch (result.status) {
    case 422:
      failure.fieldErrors = fieldErrorsOf(result.body);
      failure.formError = messageOf(result.body);
      break;
    case 413: {
      // Spec §5: a 413 on save is the image's; our API names a body too large for any other reason.
      const message = messageOf(result.body);
      if (message && message !== IMAGE_TOO_LARGE) {
        failure.formError = message;
      } else {
        failure.fieldErrors = { image: [IMAGE_TOO_LARGE] };
        failure.formError = IMAGE_TOO_LARGE;
      }
      break;
    }
    case 429:
      failure.formError = tooManyAttemptsMessage(result.headers.get("Retry-After"));
      break;
    default:
      failure.formError = messageOf(result.body) ?? "Something went wrong. Please try again.";
  }
  return failure;
}

export function messageOf(body: unknown): string | null {
  if (isRecord(body) && typeof body.message === "string" && body.message !== "") {
    return body.message;
  }
  return null;
}

/** Accepts Laravel's `{"message", "errors": {field: [...]}}` and the bare `{field: "message"}`. */
export function fieldErrorsOf(body: unknown): Record<string, string[]> {
  if (!isRecord(body)) return {};
  const source = isRecord(body.errors) ? body.errors : body;
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(source)) {
    if (source === body && field === "message") continue;
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (message): message is string => typeof message === "string",
    );
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}

export function tooManyAttemptsMessage(retryAfter: string | null): string {
  const seconds = secondsToWait(retryAfter);
  if (seconds === null) return "Too many attempts. Please wait a moment and try again.";
  if (seconds < 90) {
    return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minutes.`;
}

function secondsToWait(retryAfter: string | null): number | null {
  if (!retryAfter) return null;
  if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim());
  const until = Date.parse(retryAfter);
  if (Number.isNaN(until)) return null;
  return Math.max(1, Math.ceil((until - Date.now()) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
