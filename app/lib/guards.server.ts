import { redirect, type RouterContextProvider } from "react-router";
import { loginPath, serviceUnavailable, throwNotFound } from "./api.server.ts";
import type { User } from "./api-types.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { draftedFormOf } from "./drafts.ts";
import { formCopyOf, safeRedirectPath } from "./forms.server.ts";
import {
  currentUserContext,
  sessionUnknownContext,
  siteSettingsContext,
} from "./request-context.server.ts";
import { flashUnanswered } from "./unanswered-posts.ts";

export const ADMIN_REQUIRED_NOTICE = "admin-required";

type GuardArgs = {
  /** The normalized URL React Router gives loaders, actions and middleware (no `.data`). */
  url: URL;
  context: Readonly<RouterContextProvider>;
};

export function pageLocationOf(url: URL): string {
  return url.pathname + url.search;
}

/**
 * Signed in, else to Login and back here afterwards. When the API did not say who is signed in,
 * the page cannot be shown (503): Log In would not answer either, and the session may be alive.
 */
export function requireUser({ url, context }: GuardArgs): User {
  const user = context.get(currentUserContext);
  if (user) return user;
  if (context.get(sessionUnknownContext)) throw serviceUnavailable();
  throw redirect(loginPath(pageLocationOf(url)));
}

/**
 * Whether an area's middleware leaves its guard to the area's loader: a page read while the API
 * did not say who is signed in. The loader's 503 then comes after the root's loader has run, so
 * the page keeps the site's header and footer; a middleware's throw skips every loader.
 */
export function guardedByLoader(request: Request, context: Readonly<RouterContextProvider>) {
  const read = request.method === "GET" || request.method === "HEAD";
  return read && context.get(sessionUnknownContext);
}

/**
 * A browser's own post of a page, without JavaScript (`Sec-Fetch-Mode: navigate`, or a browser
 * that sends no such header). With JavaScript the router posts with `fetch` (`cors`), and the
 * screen answers for itself what did not go through (record 049).
 */
export function isPageSubmission(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const mode = request.headers.get("Sec-Fetch-Mode");
  return mode === null || mode === "navigate";
}

/**
 * For a page's post while the API did not say who is signed in: it is not done, and the browser
 * goes back to the page it was sent from (`backNotDone`). The area's 503 would come from its
 * middleware, which skips every loader, the root's too: a page without the site's header and
 * footer. Null for any other request.
 */
export async function backWhenSessionUnknown(
  request: Request,
  args: GuardArgs,
): Promise<Response | null> {
  return args.context.get(sessionUnknownContext) ? backNotDone(request, args) : null;
}

/**
 * For a page's post whose action met an API that did not answer its write (or said it was down,
 * a 503), with nothing typed to keep: it is not done, and the browser goes back (`backNotDone`)
 * rather than to a 503 page that says nothing of the button pressed. An action that answered for
 * itself (a form's message, with what was typed) is left as it is.
 */
export async function backWhenNotAnswered(
  request: Request,
  response: Response,
  args: GuardArgs,
): Promise<Response | null> {
  return response.status === 503 ? backNotDone(request, args) : null;
}

/**
 * A page's post without JavaScript that was not done: 303 back to the page it was sent from, with
 * NO_ANSWER as that page's message. While the API still does not answer, that page is the 503
 * page in the site's frame; once it does, the screen with the message. Null for the router's posts
 * (JavaScript), whose screens say so themselves, and for reads.
 */
async function backNotDone(request: Request, { url, context }: GuardArgs) {
  if (!isPageSubmission(request)) return null;
  const typed = await typedFieldsOf(request);
  const flash = { ...flashUnanswered().flash, ...(typed && { typed }) };
  return redirectWithFlash(context, pagePostedFrom(request, url), flash, { status: 303 });
}

/** Fields a screen must never be given back: they stay in the post alone. */
const SECRET_FIELD = /password|code|token|secret/i;
/** What the flash's cookie may carry of a form, besides its message. */
const TYPED_MAX_CHARS = 1024;

/**
 * What a post held that its screen may start its form from again: its text fields as a draft
 * keeps them, never a secret, when they are short. Undefined once the action has read the form.
 */
async function typedFieldsOf(request: Request): Promise<Record<string, string> | undefined> {
  const form = await formCopyOf(request);
  if (!form) return undefined;
  const { values } = draftedFormOf(form);
  for (const name of Object.keys(values)) if (SECRET_FIELD.test(name)) delete values[name];
  const empty = Object.keys(values).length === 0;
  return empty || JSON.stringify(values).length > TYPED_MAX_CHARS ? undefined : values;
}

/** The screen a post to `url` came from: its path and query without React Router's `?index`. */
export function screenLocationOf(url: URL): string {
  const screen = new URL(url);
  screen.searchParams.delete("index");
  return pageLocationOf(screen);
}

/**
 * The page a form was posted from: its Referer on this site, else the address it posted to. A
 * confirmation it was posted from (`?confirm=delete`) was answered: the screen behind it, which
 * shows the message.
 */
function pagePostedFrom(request: Request, url: URL): string {
  const fallback = screenLocationOf(url);
  const referer = URL.parse(request.headers.get("Referer") ?? "");
  if (referer?.host !== url.host) return fallback;
  if (referer.searchParams.has("confirm")) {
    referer.searchParams.delete("confirm");
    referer.searchParams.delete("id"); // the item a confirmation names (`?confirm=purge&id=N`)
  }
  return safeRedirectPath(pageLocationOf(referer), fallback);
}

/** Role admin, else to Login; a signed-in member is told why. */
export function requireAdmin({ url, context }: GuardArgs): User {
  const user = requireUser({ url, context });
  if (user.role !== "admin") {
    throw redirect(`${loginPath(pageLocationOf(url))}&notice=${ADMIN_REQUIRED_NOTICE}`);
  }
  return user;
}

/** Signed out, else Home (for the sign-in and sign-up screens). */
export function requireAnonymous(context: Readonly<RouterContextProvider>): void {
  if (context.get(currentUserContext)) throw redirect("/");
}

/** Whether `value` can name a record: a whole number of at most 10 digits. */
export const isRecordId = (value: string) => /^\d{1,10}$/.test(value);

/** A record's id from the URL (`/admin/galleries/{id}`): anything but a whole number is the 404 page. */
export function requireRecordId(id: string): number {
  if (!isRecordId(id)) throwNotFound();
  return Number(id);
}

/**
 * Screens on our API's extensions (Settings, Messages): a backend without them (Laravel) keeps
 * no settings, and there these screens are the 404 page.
 */
export function requireSiteExtensions(context: Readonly<RouterContextProvider>): void {
  if (!context.get(siteSettingsContext).editable) throwNotFound();
}
