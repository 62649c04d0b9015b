import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DB } from "../db/database.ts";
import { findUserById } from "../domain/users.ts";
import type { User } from "../types.ts";
import { type Keyring, keyringFor, safeEqual, sha256Hex } from "./encryption.ts";

/**
 * "Remember me", as Laravel's recaller cookie: `userId|token|signature`. The token is kept only
 * as a SHA-256 hash in users.remember_token (space-separated, the newest few, so several
 * devices can be remembered at once); logout, a password change or a reset clear them all.
 */
export const REMEMBER_COOKIE = "remember_web";
/** About 400 days, the longest lifetime browsers keep a cookie. */
export const REMEMBER_LIFETIME_SECONDS = 400 * 24 * 60 * 60;
const REMEMBERED_DEVICES = 5;

/** Creates a token for the user and returns the cookie value that carries it. */
export async function issueRememberToken(
  db: DB,
  keyring: Keyring,
  user: Pick<User, "id">,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const current = await db
    .selectFrom("users")
    .select("remember_token")
    .where("id", "=", user.id)
    .executeTakeFirst();
  const kept = (current?.remember_token ?? "")
    .split(" ")
    .filter(Boolean)
    .slice(-(REMEMBERED_DEVICES - 1));
  await db
    .updateTable("users")
    .set({ remember_token: [...kept, sha256Hex(token)].join(" ") })
    .where("id", "=", user.id)
    .execute();
  const payload = `${user.id}|${token}`;
  return `${payload}|${keyring.sign(payload)}`;
}

/** The user a remember cookie stands for, when its signature and token are still good. */
export async function findUserByRememberCookie(
  db: DB,
  keyring: Keyring,
  value: string,
): Promise<User | undefined> {
  const [id, token, signature, ...rest] = value.split("|");
  if (!id || !token || !signature || rest.length > 0 || !/^\d{1,15}$/.test(id)) return undefined;
  if (!keyring.verify(`${id}|${token}`, signature)) return undefined;
  const user = await findUserById(db, Number(id));
  if (!user?.remember_token) return undefined;
  const hashed = sha256Hex(token);
  return user.remember_token.split(" ").some((stored) => safeEqual(stored, hashed))
    ? user
    : undefined;
}

/** Invalidates every remember cookie of the user (Laravel's cycleRememberToken). */
export async function forgetRememberTokens(db: DB, userId: number): Promise<void> {
  await db.updateTable("users").set({ remember_token: null }).where("id", "=", userId).execute();
}

const cookieOptions = (app: FastifyInstance) => ({
  path: "/",
  httpOnly: true,
  sameSite: "lax" as const,
  secure: app.config.appUrl.startsWith("https:"),
});

export function setRememberCookie(app: FastifyInstance, reply: FastifyReply, value: string): void {
  reply.setCookie(REMEMBER_COOKIE, value, {
    ...cookieOptions(app),
    maxAge: REMEMBER_LIFETIME_SECONDS,
  });
}

export function clearRememberCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(REMEMBER_COOKIE, cookieOptions(app));
}

/**
 * For the per-request user load: a request whose session has no user but which carries a
 * valid remember cookie is signed in, under a new session id (Laravel's viaRemember).
 */
export async function signInFromRememberCookie(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<User | null> {
  const value = request.cookies[REMEMBER_COOKIE];
  if (!value || !request.session || value.length > 300) return null;
  const user = await findUserByRememberCookie(app.db, keyringFor(app.config.appKey), value);
  if (!user) return null;
  request.session.regenerate();
  request.session.setUser(user.id);
  return user;
}
