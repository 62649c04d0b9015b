import { redirect, type RouterContextProvider } from "react-router";
import { loginPath } from "./api.server.ts";
import type { User } from "./api-types.ts";
import { currentUserContext } from "./request-context.server.ts";

export const ADMIN_REQUIRED_NOTICE = "admin-required";

export function pageLocationOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** Signed in, else to Login and back here afterwards. */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): User {
  const user = context.get(currentUserContext);
  if (!user) throw redirect(loginPath(pageLocationOf(request)));
  return user;
}

/** Role admin, else to Login; a signed-in member is told why. */
export function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): User {
  const user = requireUser(request, context);
  if (user.role !== "admin") {
    throw redirect(`${loginPath(pageLocationOf(request))}&notice=${ADMIN_REQUIRED_NOTICE}`);
  }
  return user;
}

/** Signed out, else Home (for the sign-in and sign-up screens). */
export function requireAnonymous(context: Readonly<RouterContextProvider>): void {
  if (context.get(currentUserContext)) throw redirect("/");
}
