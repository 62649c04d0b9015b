import { redirect, type RouterContextProvider } from "react-router";
import { loginPath, serviceUnavailable, throwNotFound } from "./api.server.ts";
import type { User } from "./api-types.ts";
import {
  currentUserContext,
  sessionUnknownContext,
  siteSettingsContext,
} from "./request-context.server.ts";

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

/** A record's id from the URL (`/admin/galleries/{id}`): anything but a whole number is the 404 page. */
export function requireRecordId(id: string): number {
  if (!/^\d{1,10}$/.test(id)) throwNotFound();
  return Number(id);
}

/**
 * Screens on our API's extensions (Settings, Messages): a backend without them (Laravel) keeps
 * no settings, and there these screens are the 404 page.
 */
export function requireSiteExtensions(context: Readonly<RouterContextProvider>): void {
  if (!context.get(siteSettingsContext).editable) throwNotFound();
}
