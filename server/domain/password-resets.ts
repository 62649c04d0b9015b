import { randomBytes } from "node:crypto";
import type { DB } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import { resetPasswordMail } from "../mail/account-mails.ts";
import { siteName } from "../mail/identity.ts";
import { safeEqual, sha256Hex } from "../security/encryption.ts";
import { hashPassword } from "../security/passwords.ts";
import { deleteSessionsOfUser } from "../security/sessions.ts";
import type { AccountContext } from "./account.ts";
import { forgetInvitation } from "./invitations.ts";
import { findUserByEmail, normalizeEmail } from "./users.ts";

export const RESET_LINK_SENT = "We have emailed your password reset link.";
export const PASSWORD_RESET = "Your password has been reset.";
const TOKEN_LIFETIME_MS = 60 * 60_000;

const invalidToken = () => ValidationError.field("email", "This password reset token is invalid.");

/**
 * Mails a reset link when the address belongs to a user; says nothing either way, so the
 * answer cannot be used to find out who has an account. The lookup, the token and the mail
 * all happen in the background, so neither can the answer's timing. Only the token's hash
 * is stored.
 */
export function sendPasswordResetLink(ctx: AccountContext, email: string): void {
  ctx.mailer.queue(async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return undefined;
    const token = randomBytes(32).toString("hex");
    const row = { token: sha256Hex(token), created_at: new Date().toISOString() };
    await ctx.db
      .insertInto("password_reset_tokens")
      .values({ email: user.email, ...row })
      .onConflict((conflict) => conflict.column("email").doUpdateSet(row))
      .execute();
    const url = `${ctx.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
    return resetPasswordMail(await siteName(ctx.db), user, url);
  });
}

/**
 * Ends every reset link mailed to this address: called when its user's password changes (a link
 * from before must not undo the change) and when the user moves to another address (the next
 * holder of this one must not be reset by it).
 */
export async function forgetPasswordResetTokens(db: DB, email: string): Promise<void> {
  await db.deleteFrom("password_reset_tokens").where("email", "=", normalizeEmail(email)).execute();
}

export type PasswordReset = { token: string; email: string; password: string };

/**
 * Sets the new password when the token is the address's latest, younger than 60 minutes and
 * unused. The token is spent, every session of the user ends and remember cookies stop working.
 * Returns the user's id.
 */
export async function resetPassword(db: DB, input: PasswordReset): Promise<number> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(db, email);
  const row = await db
    .selectFrom("password_reset_tokens")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user || !row || !safeEqual(row.token, sha256Hex(input.token))) throw invalidToken();
  if (Date.now() - Date.parse(row.created_at) > TOKEN_LIFETIME_MS) {
    await forgetPasswordResetTokens(db, email);
    throw invalidToken();
  }
  const password = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const spent = await trx
      .deleteFrom("password_reset_tokens")
      .where("email", "=", email)
      .where("token", "=", row.token)
      .executeTakeFirst();
    // A concurrent reset spent the token first.
    if (Number(spent.numDeletedRows) !== 1) throw invalidToken();
    await trx
      .updateTable("users")
      .set({ password, remember_token: null, updated_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    // An invited user who reset instead: the invitation must not replace this password.
    await forgetInvitation(trx, user.id);
  });
  await deleteSessionsOfUser(db, user.id);
  return user.id;
}
