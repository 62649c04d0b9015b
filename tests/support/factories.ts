import { randomBytes } from "node:crypto";
import type { DB } from "../../server/db/database.ts";
import { hashPassword } from "../../server/security/passwords.ts";
import { SESSION_COOKIE, Session, XSRF_COOKIE } from "../../server/security/sessions.ts";
import type { User } from "../../server/types.ts";
import type { HttpClient } from "./http-client.ts";

export const DEFAULT_PASSWORD = "correct-horse-battery";

let counter = 0;

export async function createUser(
  db: DB,
  overrides: Partial<Omit<User, "id">> & { plainPassword?: string } = {},
) {
  counter += 1;
  const { plainPassword, ...columns } = overrides;
  const now = new Date().toISOString();
  return db
    .insertInto("users")
    .values({
      firstname: "Ada",
      lastname: "Member",
      email: `member${counter}-${randomBytes(3).toString("hex")}@example.org`,
      password: await hashPassword(plainPassword ?? DEFAULT_PASSWORD),
      role: "user",
      email_verified_at: now,
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
      two_factor_last_step: null,
      remember_token: null,
      created_at: now,
      updated_at: now,
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const createAdmin = (db: DB, overrides: Partial<Omit<User, "id">> = {}) =>
  createUser(db, { role: "admin", firstname: "Grace", lastname: "Admin", ...overrides });

/** Signs the client in by writing a session row, as a login would, without going through the form. */
export async function signInAs(
  db: DB,
  client: HttpClient,
  user: User,
  data: Record<string, unknown> = {},
) {
  const session = new Session({});
  session.setUser(user.id);
  const token = session.token();
  for (const [key, value] of Object.entries(data)) session.put(key, value);
  await session.save(db, { ip: "127.0.0.1", userAgent: "test" });
  await client.setCookie(SESSION_COOKIE, session.id);
  await client.setCookie(XSRF_COOKIE, token);
  return session;
}
