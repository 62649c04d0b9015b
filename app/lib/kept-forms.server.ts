import { randomBytes } from "node:crypto";
import { redirect, type RouterContextProvider } from "react-router";
import { loginPath } from "./api-answers.server.ts";
import { draftedFormOf, type KeptAtSignOut } from "./drafts.ts";
import { redirectWithFlash, signedCookieOf, signedCookieText } from "./flash.server.ts";
import { INTENT_FIELD } from "./form-intent.ts";
import { formCopyOf } from "./forms.server.ts";
import { isPageSubmission, screenLocationOf } from "./guards.server.ts";
import { KEPT_FOR_MS } from "./kept-form-store.server.ts";
import type { User } from "./api-types.ts";
import { currentUserContext, requestFactsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * What an admin typed into an edit form whose Save met an ended session, without JavaScript
 * (record 050): the browser is sent to Log In, and after it the edit screen starts from this.
 */
export type KeptForm = KeptAtSignOut & {
  /** The screen the form was posted from: its path and query (`/admin/testimonials?edit=3`). */
  location: string;
  version: number | null;
  /** The admin last signed in to the admin area in this browser, when it had noted them. */
  keptFor: string | null;
};

export const KEPT_FORM_NOTICE =
  "You were signed out, so your changes were not saved. Log in, and what you typed will be back in the form.";

/**
 * The edit screens that restore a kept Save: those with autosaved drafts (record 030), a user's
 * and a gallery's.
 */
const EDIT_SCREENS =
  /^\/admin\/(?:(?:projects|blog|opportunities|widgets|users|galleries)\/\d{1,10}|testimonials|settings)\/?$/;
/** The lists whose Add modal (`?add=1`) restores a kept Add. */
const ADD_MODALS =
  /^\/admin\/(?:projects|blog|opportunities|widgets|users|galleries|testimonials)\/?$/;
const PASSWORD_FIELD = /password/i;
const KEPT_COOKIE = "almoner_kept";
/** Who was last signed in to the admin area in this browser: a kept form goes back to them only. */
const ADMIN_COOKIE = "almoner_admin";

const keptCookieOf = (context: Context) =>
  signedCookieOf(context, KEPT_COOKIE, { path: "/admin", maxAge: KEPT_FOR_MS / 1000 });
const adminCookieOf = (context: Context) =>
  signedCookieOf(context, ADMIN_COOKIE, { path: "/admin" });

/**
 * The Set-Cookie that notes the admin signed in now, when the browser does not name them yet: a
 * form kept once their session ends is for them, not for whoever logs in next on this computer.
 */
export async function noteSignedInAdmin(
  context: Context,
  request: Request,
  admin: User,
): Promise<string[]> {
  const cookie = adminCookieOf(context);
  if ((await signedCookieText(cookie, request)) === String(admin.id)) return [];
  return [await cookie.serialize(String(admin.id))];
}

/**
 * What a Save or an Add posted without JavaScript from a screen that restores it holds, read
 * before its action runs (a copy, so the action still reads the form); null for any other post.
 */
export async function typedFormOf(request: Request, url: URL): Promise<FormData | null> {
  if (request.method !== "POST" || !isPageSubmission(request)) return null;
  const adding = ADD_MODALS.test(url.pathname) && url.searchParams.has("add");
  if (!adding && !EDIT_SCREENS.test(url.pathname)) return null;
  const formData = await formCopyOf(request);
  const intent = formData?.get(INTENT_FIELD) ?? null;
  const keeps = adding ? intent === "create" : intent === null || intent === "save";
  return keeps ? formData : null;
}

/**
 * For a Save or an Add posted without JavaScript by a browser whose session has ended: keeps what
 * was typed and answers the redirect to Log In, with a notice and the kept form's cookie. Null
 * when nothing was kept (too large, or the store did not answer): Log In as before, without the
 * promise.
 */
export async function keptForLogIn(
  context: Context,
  request: Request,
  url: URL,
  formData: FormData,
): Promise<Response | null> {
  const kept = await keepTyped(context, request, url, formData, false);
  if (!kept) return null;
  return redirectWithFlash(
    context,
    loginPath(kept.location),
    { kind: "error", message: KEPT_FORM_NOTICE },
    { headers: kept.headers },
  );
}

/**
 * For a Save or an Add posted without JavaScript that the API did not answer (record 061): the
 * page after it could not be drawn either, so what was typed is kept, and the browser goes back
 * to the screen, which starts from it once the API answers again. Null when nothing was kept.
 */
export async function keptThroughOutage(
  context: Context,
  request: Request,
  url: URL,
  formData: FormData,
): Promise<Response | null> {
  const kept = await keepTyped(context, request, url, formData, true);
  if (!kept) return null;
  const back = screenLocationOf(new URL(kept.location, url));
  return redirect(back, { status: 303, headers: kept.headers });
}

/** Keeps `formData` for the screen at `url` (passwords dropped): the cookie that names it. */
async function keepTyped(
  context: Context,
  request: Request,
  url: URL,
  formData: FormData,
  unanswered: boolean,
): Promise<{ location: string; headers: Headers } | null> {
  const { version, values } = draftedFormOf(formData);
  let passwordLost = false;
  for (const [name, value] of Object.entries(values)) {
    if (!PASSWORD_FIELD.test(name)) continue;
    passwordLost ||= value !== "";
    delete values[name];
  }
  if (Object.keys(values).length === 0) return null;
  const choseFile = [...formData.values()].some(
    (value) => typeof value !== "string" && value.size > 0,
  );
  const { tooLargeUploads = [], keptForms } = context.get(requestFactsContext);
  const location = url.pathname + url.search;
  const token = randomBytes(18).toString("base64url");
  const pictureLost = choseFile || tooLargeUploads.length > 0;
  const keptFor = await signedCookieText(adminCookieOf(context), request);
  const kept = { location, version, values, pictureLost, passwordLost, unanswered, keptFor };
  if (!(await keptForms.keep(token, kept))) return null;
  const headers = new Headers({ "Set-Cookie": await keptCookieOf(context).serialize(token) });
  return { location, headers };
}

/**
 * The form this browser kept for the screen at `url`, taken out of the store: the screen starts
 * from it once. Null when there is none for this screen.
 */
export async function takeKeptForm(
  context: Context,
  request: Request,
  url: URL,
): Promise<KeptForm | null> {
  // No one known to be signed in (the API may not have answered): kept for when someone is.
  const admin = context.get(currentUserContext);
  if (!admin) return null;
  const token = await signedCookieText(keptCookieOf(context), request);
  if (token === null) return null;
  const { keptForms } = context.get(requestFactsContext);
  const kept = await keptForms.get(token);
  if (!kept || !sameLocation(kept.location, url)) return null;
  await keptForms.forget(token);
  // Another admin logged in on this computer: what was typed is not theirs to see.
  const keptFor = kept.keptFor ?? null; // Forms kept before this was noted name nobody.
  if (keptFor !== null && keptFor !== String(admin.id)) return null;
  return kept;
}

/** What an open Add modal (`?add=1`) starts from: the Add this browser kept for it, if any. */
export async function takeKeptAdd(
  context: Context,
  request: Request,
  url: URL,
): Promise<KeptAtSignOut | null> {
  if (!url.searchParams.has("add")) return null;
  const kept = await takeKeptForm(context, request, url);
  return kept && keptAtSignOutOf(kept);
}

/** What a screen shows of a kept form: the values typed, and what could not be kept. */
export function keptAtSignOutOf(kept: KeptForm): KeptAtSignOut {
  const { values, pictureLost, passwordLost, unanswered = false } = kept;
  return { values, pictureLost, passwordLost, unanswered };
}

/** The same screen: the same path, and the same query but for how the form was sent (`?index`). */
function sameLocation(location: string, url: URL): boolean {
  const kept = new URL(location, url);
  const query = (params: URLSearchParams) =>
    [...params].filter(([name]) => name !== "index" && name !== "draft").join("&");
  return (
    kept.pathname.replace(/\/$/, "") === url.pathname.replace(/\/$/, "") &&
    query(kept.searchParams) === query(url.searchParams)
  );
}
