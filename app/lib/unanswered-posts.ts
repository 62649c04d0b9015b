import type { SubmissionResult } from "@conform-to/react";
import { data, isRouteErrorResponse } from "react-router";
import type { Flash } from "../components/flash-message.tsx";

/** A form's message when its post was not answered: by the API, or by the site itself. */
export const NO_ANSWER = "The site could not complete this just now. Please try again in a moment.";

/**
 * A form's message when its post met an ended session (record 049): the screen stays as typed,
 * and the Log In page opens beside it (`LogInLink`) instead of in its place.
 */
export const SIGNED_OUT =
  "You were signed out, so this was not saved. Everything you typed is still here: log in again in a new tab, then try again.";

/**
 * SIGNED_OUT for a button's post (Restore, rotate a photo, a new order): nothing was typed, and
 * the screen stays as it was.
 */
export const SIGNED_OUT_NOT_DONE =
  "You were signed out, so this was not done. Log in again in a new tab, then try again.";

/** A button's message for `message`: SIGNED_OUT without its word about typing. */
export function forButton(message: string): string {
  return message === SIGNED_OUT ? SIGNED_OUT_NOT_DONE : message;
}

/** Whether `message` asks to log in again: the Log In link follows it (`LogInLink`). */
export function asksToLogIn(message: string | null | undefined): boolean {
  return message === SIGNED_OUT || message === SIGNED_OUT_NOT_DONE;
}

/** A form's reply that only says `message`: every field keeps what was typed. */
export function formUnanswered(message: string = NO_ANSWER): {
  result: SubmissionResult<string[]>;
  unanswered: string;
} {
  return { result: { status: "error", error: { "": [message] } }, unanswered: message };
}

/**
 * A screen's message in place of its flash, when a button's post was not answered; `unanswered`
 * keeps the screen's forms as typed (`useFreshFormKey`) and says so in a confirmation dialog.
 */
export function flashUnanswered(message: string = NO_ANSWER): {
  flash: Flash;
  unanswered: string;
} {
  return { flash: { kind: "error", message: forButton(message) }, unanswered: message };
}

/**
 * The message of a fetcher's data that is `formUnanswered()`'s: a button's post (rotate a photo,
 * save an order) that did not go through, which its screen says where the button is.
 */
export function unansweredMessageOf(data: unknown): string | null {
  const message = (data as { unanswered?: unknown } | null | undefined)?.unanswered;
  return typeof message === "string" ? forButton(message) : null;
}

/**
 * Whether a post's answer sends the browser to Log In and back to this very page: the session
 * ended while the page was open (an API 401 or 419, record 049).
 */
function isSignedOutFromHere(error: unknown): boolean {
  const location = error instanceof Response ? error.headers.get("Location") : null;
  if (!location) return false;
  const target = new URL(location, window.location.href);
  const back = target.searchParams.get("redirectTo");
  return (
    target.pathname === "/login" &&
    back !== null &&
    new URL(back, window.location.href).pathname === window.location.pathname
  );
}

/**
 * A route's `clientAction`, so that what was typed stays on screen when a post does not go
 * through: `unanswered(message)` becomes the action's data instead.
 * - A post the site does not answer (the connection dropped, the web tier restarting) says
 *   NO_ANSWER, where the router would draw its error page in place of the screen. Its status,
 *   503, keeps the router from reloading the screen's data after it, which would fail the same way.
 * - A post that met an ended session says SIGNED_OUT, where the router would go to Log In.
 * - A post the server answered 503 (the API did not answer it, or did not say who is signed in)
 *   says NO_ANSWER too, where the router would draw the 503 page.
 * Other redirects and the server's own errors go on as they are.
 */
export async function unansweredAs<Data, Fallback>(
  serverAction: () => Promise<Data>,
  unanswered: (message: string) => Fallback,
) {
  try {
    return await serverAction();
  } catch (error) {
    if (isSignedOutFromHere(error)) return data(unanswered(SIGNED_OUT), { status: 401 });
    // The server's 503: the API did not answer (record 061), where the router would draw its page.
    const unavailable = isRouteErrorResponse(error) && error.status === 503;
    if (!unavailable && (error instanceof Response || isRouteErrorResponse(error))) throw error;
    return data(unanswered(NO_ANSWER), { status: 503 });
  }
}
