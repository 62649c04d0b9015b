import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import type { UsersTable } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { hashPassword } from "../security/passwords.ts";

export type UserRow = Selectable<UsersTable>;
export type Role = UsersTable["role"];

export type NewUser = {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  role?: Role;
  verified?: boolean;
};

export const emailTaken = () => ValidationError.field("email", "The email has already been taken.");

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a user with a hashed password; throws a 422 under `email` when the address is taken. */
export async function createUser(db: DB, input: NewUser): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw emailTaken();
  const now = new Date().toISOString();
  try {
    return await db
      .insertInto("users")
      .values({
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        email,
        password: await hashPassword(input.password),
        role: input.role ?? "user",
        email_verified_at: input.verified ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Another request may have taken the address between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export async function findUserById(db: DB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
