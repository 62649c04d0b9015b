import type { DB } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import { emailChangedMail } from "../mail/account-mails.ts";
import { siteName } from "../mail/identity.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Keyring } from "../security/encryption.ts";
import { hashPassword, needsRehash, verifyPassword } from "../security/passwords.ts";
import { forgetRememberTokens } from "../security/remember.ts";
import { deleteSessionsOfUser } from "../security/sessions.ts";
import type { User } from "../types.ts";
import { sendVerificationLink } from "./email-verification.ts";
import { forgetPasswordResetTokens } from "./password-resets.ts";
import {
  createUser,
  emailTaken,
  findUserByEmail,
  isUniqueViolation,
  normalizeEmail,
} from "./users.ts";

/** What the account rules need besides the database: keys, the mailer and the public URL for links. */
export type AccountContext = { db: DB; keyring: Keyring; mailer: Mailer; appUrl: string };

export type Registration = { firstname: string; lastname: string; email: string; password: string };

/** Fortify's CreateNewUser plus the Registered event: the new member is mailed a verification link. */
export async function registerUser(ctx: AccountContext, input: Registration): Promise<User> {
  const user = await createUser(ctx.db, input);
  sendVerificationLink(ctx, user);
  return user;
}

/**
 * The user these credentials belong to, or undefined. A hash from before (bcrypt imported
 * from Laravel, or weaker argon2 settings) is replaced by a fresh argon2id hash on success.
 */
export async function findUserByCredentials(
  db: DB,
  email: string,
  password: string,
): Promise<User | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    // Spend about the time a real check takes, so the answer does not tell which addresses exist.
    await verifyPassword(await dummyHash(), password);
    return undefined;
  }
  if (!(await verifyPassword(user.password, password))) return undefined;
  if (needsRehash(user.password)) {
    const rehashed = await hashPassword(password);
    await db.updateTable("users").set({ password: rehashed }).where("id", "=", user.id).execute();
    return { ...user, password: rehashed };
  }
  return user;
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword("almoner-dummy-password"));

export function hasTwoFactorEnabled(user: User): boolean {
  return user.two_factor_secret !== null && user.two_factor_confirmed_at !== null;
}

/** Fortify's ConfirmPassword: the signed-in user proves they still know their password. */
export async function confirmPassword(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(user.password, password)))
    throw ValidationError.field("password", "The provided password was incorrect.");
}

export type ProfileUpdate = { firstname: string; lastname: string; email: string };

/**
 * Saves name and email (the caller checked the password a new email needs). A new address is
 * unverified until its new link is followed; the old one is told of the change once it is saved,
 * and a mail that fails is only logged.
 */
export async function updateProfile(
  ctx: AccountContext,
  user: User,
  input: ProfileUpdate,
): Promise<User> {
  const email = normalizeEmail(input.email);
  const emailChanged = email !== user.email;
  if (emailChanged) {
    const holder = await findUserByEmail(ctx.db, email);
    if (holder && holder.id !== user.id) throw emailTaken();
  }
  let updated: User;
  try {
    updated = await ctx.db.transaction().execute(async (trx) => {
      if (emailChanged) await forgetPasswordResetTokens(trx, user.email);
      return trx
        .updateTable("users")
        .set({
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          email,
          ...(emailChanged ? { email_verified_at: null } : {}),
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    // Another member took the address between the check and the update.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (emailChanged) {
    sendVerificationLink(ctx, updated);
    const contactUrl = `${ctx.appUrl}/contact`;
    ctx.mailer.queue(async () =>
      emailChangedMail(await siteName(ctx.db), user, { newEmail: email, contactUrl }),
    );
  }
  return updated;
}

/**
 * Sets a new password (the current one was checked by the caller's validation). Every other
 * session of the user ends, remember cookies and reset links stop working, so a thief is shut
 * out too.
 */
export async function changePassword(
  db: DB,
  user: User,
  password: string,
  currentSessionId: string,
) {
  const hashed = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password: hashed, updated_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    await forgetPasswordResetTokens(trx, user.email);
  });
  await deleteSessionsOfUser(db, user.id, currentSessionId);
  await forgetRememberTokens(db, user.id);
}
