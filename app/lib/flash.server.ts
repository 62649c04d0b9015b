import { createCookie, redirect, type Cookie, type RouterContextProvider } from "react-router";
import type { Flash } from "../components/flash-message.tsx";
import { requestFactsContext } from "./request-context.server.ts";

export type { Flash };

type Context = Readonly<RouterContextProvider>;

const FLASH_COOKIE = "almoner_flash";
const signedCookies = new Map<string, Cookie>();

/**
 * A cookie of ours signed with the web tier's cookie secret (from APP_KEY): a value someone
 * planted or altered in the browser fails the signature and is never read.
 */
export function signedCookieOf(
  context: Context,
  name: string,
  /** Without `maxAge` the browser keeps it until it closes. */
  options: { path: string; maxAge?: number },
): Cookie {
  const { cookieSecret } = context.get(requestFactsContext).config;
  const key = `${name} ${cookieSecret}`;
  let cookie = signedCookies.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      ...options,
      httpOnly: true,
      sameSite: "lax",
      secrets: [cookieSecret],
    });
    signedCookies.set(key, cookie);
  }
  return cookie;
}

/** The text a signed cookie of ours holds in this request, or null (none, or not signed by us). */
export async function signedCookieText(cookie: Cookie, request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${cookie.name}=`)) return null;
  const value: unknown = await cookie.parse(header);
  return typeof value === "string" ? value : null;
}

const flashCookieOf = (context: Context) =>
  signedCookieOf(context, FLASH_COOKIE, { path: "/", maxAge: 60 });

/** A redirect that carries a message to the page it leads to, and to no other. */
export async function redirectWithFlash(
  context: Context,
  to: string,
  flash: Flash,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const left: LeftFlash = { page: pagePathOf(new URL(to, "http://flash.invalid")), flash };
  headers.append("Set-Cookie", await flashCookieOf(context).serialize(left));
  return redirect(to, { ...init, headers });
}

/** A message and the page it was left for: the one the redirect leads to. */
type LeftFlash = { page: string; flash: Flash };

/**
 * A page's path as a redirect names it and as its loaders see it: React Router asks for the data
 * of `/admin/blog` at `/admin/blog.data`, and of `/` at `/_.data`.
 */
function pagePathOf(url: URL): string {
  const path = url.pathname.replace(/(?<=\/)_\.data$|\.data$/, "");
  return path.replace(/(?<=.)\/+$/, "");
}

/**
 * Reads the message left for this page and clears it (a planted or altered one too). A message
 * left for another page stays for it: a page loaded in another tab meanwhile must not take the
 * "Saved" of this one. Only the leaf route of a page calls this, so one message is shown once.
 */
export async function takeFlash(
  context: Context,
  request: Request,
): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${FLASH_COOKIE}=`)) return { flash: null, headers };
  const cookie = flashCookieOf(context);
  const value: unknown = await cookie.parse(cookieHeader);
  const left = isLeftFlash(value) ? value : null;
  if (left && left.page !== pagePathOf(new URL(request.url))) return { flash: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { flash: left?.flash ?? null, headers };
}

function isLeftFlash(value: unknown): value is LeftFlash {
  const left = value as Partial<LeftFlash> | null;
  return (
    typeof left === "object" &&
    left !== null &&
    typeof left.page === "string" &&
    isFlash(left.flash)
  );
}

function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    (candidate.kind === "success" || candidate.kind === "error") &&
    typeof candidate.message === "string" &&
    (candidate.undo === undefined || isUndo(candidate.undo)) &&
    (candidate.link === undefined || isLink(candidate.link)) &&
    (candidate.typed === undefined || isTyped(candidate.typed))
  );
}

function isTyped(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((typed) => typeof typed === "string");
}

function isUndo(value: unknown): boolean {
  const undo = value as { trashId?: unknown; statusOf?: unknown; version?: unknown } | null;
  if (typeof undo !== "object" || undo === null) return false;
  if (undo.trashId !== undefined) return Number.isSafeInteger(undo.trashId);
  return (
    typeof undo.statusOf === "string" &&
    undo.statusOf.startsWith("/admin/") &&
    Number.isSafeInteger(undo.version)
  );
}

function isLink(value: unknown): boolean {
  const link = value as { href?: unknown; text?: unknown } | null;
  return (
    typeof link === "object" &&
    link !== null &&
    typeof link.href === "string" &&
    link.href.startsWith("/") &&
    typeof link.text === "string"
  );
}

/**
 * The response with these cookies set, and never cached since it carries them. A response whose
 * headers cannot change (a redirect) is copied first.
 */
export function withSetCookies(response: Response, cookies: readonly string[]): Response {
  if (cookies.length === 0) return response;
  let relayed = response;
  try {
    for (const cookie of cookies) relayed.headers.append("Set-Cookie", cookie);
  } catch {
    relayed = new Response(response.body, response);
    for (const cookie of cookies) relayed.headers.append("Set-Cookie", cookie);
  }
  relayed.headers.set("Cache-Control", "private, no-store");
  return relayed;
}
