import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { csrfMismatch } from "../errors.ts";
import { signInFromRememberCookie } from "./remember.ts";
import {
  deleteExpiredSessions,
  loadSession,
  SESSION_COOKIE,
  SESSION_LIFETIME_SECONDS,
  XSRF_COOKIE,
} from "./sessions.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== "null") return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Sanctum's rule: routes outside /api (login, register, the account calls) always use the
 * session; /api routes use it only when the request comes from a stateful origin (APP_URL's
 * or STATEFUL_ORIGINS), and are anonymous otherwise.
 */
function isStateful(app: FastifyInstance, request: FastifyRequest): boolean {
  if (!request.url.startsWith("/api/")) return true;
  const origin = requestOrigin(request);
  return origin !== null && app.config.statefulOrigins.includes(origin);
}

function tokensMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Loads the session and the signed-in user, checks CSRF on writes, and saves the session on the way out. */
export function registerSessionHandling(app: FastifyInstance): void {
  const secure = app.config.appUrl.startsWith("https:");
  app.decorateRequest("session", null);
  app.decorateRequest("user", null);

  app.addHook("onRequest", async (request) => {
    if (request.url === "/healthz" || request.url.startsWith("/storage/")) return;
    if (!isStateful(app, request)) return;
    const { session, user } = await loadSession(app.db, request.cookies[SESSION_COOKIE]);
    request.session = session;
    if (session.userId !== null) {
      request.user = user ?? null;
      if (!user) session.setUser(null);
    }
    if (!request.user) request.user = await signInFromRememberCookie(app, request);
  });

  app.addHook("preHandler", async (request) => {
    const session = request.session;
    if (!session || SAFE_METHODS.has(request.method)) return;
    const header = request.headers["x-xsrf-token"] ?? request.headers["x-csrf-token"];
    const given = typeof header === "string" ? safeDecode(header) : undefined;
    const expected = session.get<string>("_token");
    if (!expected || !tokensMatch(expected, given)) throw csrfMismatch();
  });

  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply) => {
    const session = request.session;
    if (!session || !session.exists) return;
    const saved = await session.save(app.db, {
      ip: request.ip,
      userAgent: request.headers["user-agent"] ?? null,
    });
    // The cookies' lifetime is the session's, which only a save restarts.
    if (!saved && !request.routeOptions.config.setsSessionCookies) return;
    const cookie = {
      path: "/",
      sameSite: "lax" as const,
      secure,
      maxAge: SESSION_LIFETIME_SECONDS,
    };
    reply.setCookie(SESSION_COOKIE, session.id, { ...cookie, httpOnly: true });
    const token = session.get<string>("_token");
    if (token) reply.setCookie(XSRF_COOKIE, token, { ...cookie, httpOnly: false });
    if (Math.random() < 0.02) await deleteExpiredSessions(app.db);
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
