import { randomBytes } from "node:crypto";
import type { Config } from "../../config.ts";
import { createUser, findUserByEmail } from "../../domain/users.ts";
import type { DB } from "../database.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@example.org";

export type AdminBootstrap = {
  email: string;
  /** Set only when a random password was generated: the caller prints it once. */
  password?: string;
  created: boolean;
};

type Log = { info(message: string): void };

/**
 * Makes sure someone can sign in to the admin area. With ADMIN_EMAIL, that verified admin is
 * created unless the address already exists. Without it, `admin@example.org` is created when the
 * database has no admin at all. The password is ADMIN_PASSWORD, or a random one that is returned.
 */
export async function ensureAdmin(
  db: DB,
  config: Pick<Config, "adminEmail" | "adminPassword">,
  log: Log,
): Promise<AdminBootstrap> {
  if (!config.adminEmail) {
    const admin = await db
      .selectFrom("users")
      .select("email")
      .where("role", "=", "admin")
      .orderBy("id")
      .executeTakeFirst();
    if (admin) return { email: admin.email, created: false };
  }

  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const existing = await findUserByEmail(db, email);
  if (existing) return { email: existing.email, created: false };

  const generated = config.adminPassword ? undefined : randomBytes(15).toString("base64url");
  const user = await createUser(db, {
    firstname: "Site",
    lastname: "Admin",
    email,
    password: config.adminPassword ?? generated!,
    role: "admin",
    verified: true,
  });
  log.info(`Created the admin user ${user.email}`);
  return generated
    ? { email: user.email, password: generated, created: true }
    : { email: user.email, created: true };
}
