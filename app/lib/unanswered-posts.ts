import type { SubmissionResult } from "@conform-to/react";
import { data, isRouteErrorResponse } from "react-router";
import type { Flash } from "../components/flash-message.tsx";

/** A form's message when its post was not answered: by the API, or by the site itself. */
export const NO_ANSWER = "The site could not complete this just now. Please try again in a moment.";

/** A form's reply that only says NO_ANSWER: every field keeps what was typed. */
export function formUnanswered(): { result: SubmissionResult<string[]>; unanswered: true } {
  return { result: { status: "error", error: { "": [NO_ANSWER] } }, unanswered: true };
}

/** A screen's message in place of its flash, when a button's post was not answered. */
export function flashUnanswered(): { flash: Flash } {
  return { flash: { kind: "error", message: NO_ANSWER } };
}

/**
 * Whether a fetcher's data is `formUnanswered()`'s: a button's post (rotate a photo, save an
 * order) that the site did not answer, which its screen says where the button is.
 */
export function isUnanswered(data: unknown): boolean {
  return typeof data === "object" && data !== null && "unanswered" in data;
}

/**
 * A route's `clientAction`, so that a post the site does not answer (the connection dropped, the
 * web tier restarting) gives `unanswered()` as the action's data: the router would otherwise draw
 * its error page in place of the screen, and drop what was typed in it. Its status, 503, keeps
 * the router from reloading the screen's data after it, which would fail the same way. Redirects
 * and the server's own errors go on as they are.
 */
export async function unansweredAs<Data, Fallback>(
  serverAction: () => Promise<Data>,
  unanswered: () => Fallback,
) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return data(unanswered(), { status: 503 });
  }
}
