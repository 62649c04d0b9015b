import { type Selectable, sql } from "kysely";
import type { DatabaseHandle, DB } from "../db/database.ts";
import type { UsersTable } from "../db/schema.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { ValidationError } from "../errors.ts";
import { hashPassword } from "../security/passwords.ts";
import { deleteSessionsOfUser } from "../security/sessions.ts";
import type { PageRequest } from "./paging.ts";
import { matchesSearch } from "./text-search.ts";
import { forgetPasswordResetTokens } from "./password-resets.ts";
import { forgetInvitation } from "./invitations.ts";

export type UserRow = Selectable<UsersTable>;
export type Role = UsersTable["role"];

export type NewUser = {
  firstname: string;
  lastname: string;
  email: string;
  /** Null for an invited user, who sets one through the invitation (record 036). */
  password: string | null;
  role?: Role;
  verified?: boolean;
};

/** What an invited user's password is until they set one: no hash, so no sign-in matches it. */
export const NO_PASSWORD = "";

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
        password: input.password === null ? NO_PASSWORD : await hashPassword(input.password),
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

const USER_BY_ID = preparedQuery((db, id: number) =>
  db.selectFrom("users").selectAll().where("id", "=", id),
);

export async function findUserById(db: DB, id: number): Promise<UserRow | undefined> {
  return USER_BY_ID.first(db, id);
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** One page of the users, by first and last name, and how many there are in all. */
export async function listUsers(
  db: DB,
  { page, limit, q }: PageRequest,
): Promise<{ users: UserRow[]; total: number }> {
  const matching = db
    .selectFrom("users")
    .$if(q !== undefined, (qb) =>
      qb.where(matchesSearch(["firstname", "lastname", "email"], q ?? "")),
    );
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow()
    .then((row) => ({ total: Number(row.total) }));
  if (page * limit >= total) return { users: [], total };
  const users = await matching
    .selectAll()
    .orderBy(sql`lower(firstname)`)
    .orderBy(sql`lower(lastname)`)
    .orderBy("id")
    .limit(limit)
    .offset(page * limit)
    .execute();
  return { users, total };
}

/** What an admin may change on a user; each one left undefined keeps its value. */
export type UserChanges = {
  firstname?: string;
  lastname?: string;
  email?: string;
  role?: Role;
  password?: string;
};

const OWN_ROLE = "You cannot remove your own admin access.";
const LAST_ADMIN_ROLE = "The last admin must keep admin access.";
const OWN_ACCOUNT = "You cannot delete your own account.";
const LAST_ADMIN_ACCOUNT = "The last admin cannot be deleted.";

/**
 * The ids of the admins, locked until the transaction ends on PostgreSQL, so two admins taking
 * each other's access at once cannot both succeed (SQLite runs one transaction at a time).
 */
export function lockedAdminIds({ db, dialect }: DatabaseHandle): Promise<{ id: number }[]> {
  return db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .$if(dialect === "postgres", (qb) => qb.forUpdate())
    .execute();
}

/**
 * An admin's changes to a user (DESIGN §5). A new password ends the user's sessions, remember
 * cookies and reset links, except the session the admin makes the change in; a new email ends
 * the reset links mailed to the old one. Throws a 422 when the email belongs
 * to another user, or when the change would take admin access from the admin making it or from
 * the last admin. Undefined when there is no such user.
 */
export async function updateUserAsAdmin(
  database: DatabaseHandle,
  actor: { id: number; sessionId?: string },
  id: number,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const email = changes.email === undefined ? undefined : normalizeEmail(changes.email);
  const password =
    changes.password === undefined ? undefined : await hashPassword(changes.password);
  let updated: UserRow | undefined;
  try {
    updated = await database.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!user) return undefined;
      if (email !== undefined && email !== user.email) {
        const holder = await findUserByEmail(trx, email);
        if (holder && holder.id !== id) throw emailTaken();
      }
      if (user.role === "admin" && changes.role === "user") {
        if (id === actor.id) throw ValidationError.field("role", OWN_ROLE);
        const admins = await lockedAdminIds({ db: trx, dialect: database.dialect });
        if (admins.every((admin) => admin.id === id))
          throw ValidationError.field("role", LAST_ADMIN_ROLE);
      }
      // A link mailed before must neither undo a new password nor reach the address's next holder.
      if (password !== undefined || (email !== undefined && email !== user.email))
        await forgetPasswordResetTokens(trx, user.email);
      // An invitation must not replace the password an admin set.
      if (password !== undefined) await forgetInvitation(trx, id);
      return trx
        .updateTable("users")
        .set({
          firstname: changes.firstname ?? user.firstname,
          lastname: changes.lastname ?? user.lastname,
          email: email ?? user.email,
          role: changes.role ?? user.role,
          // A new password also invalidates every remember cookie (as forgetRememberTokens does).
          ...(password === undefined ? {} : { password, remember_token: null }),
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    // Another request took the address between the check and the update.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (updated && password !== undefined)
    await deleteSessionsOfUser(database.db, id, id === actor.id ? actor.sessionId : undefined);
  return updated;
}

/**
 * Throws the 422, under `user`, that an admin's delete of `user` meets: it is their own account,
 * or the last admin. Run it in the delete's transaction: the admins are locked, so two admins
 * deleting each other at once cannot both succeed.
 */
export async function assertDeletableBy(
  database: DatabaseHandle,
  actorId: number | undefined,
  user: Pick<UserRow, "id" | "role">,
): Promise<void> {
  if (user.id === actorId) throw ValidationError.field("user", OWN_ACCOUNT);
  if (user.role !== "admin") return;
  const admins = await lockedAdminIds(database);
  if (admins.every((admin) => admin.id === user.id))
    throw ValidationError.field("user", LAST_ADMIN_ACCOUNT);
}
