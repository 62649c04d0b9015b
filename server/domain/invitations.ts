import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import { MAX_ID, type UserInvitationsTable } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { invitationMail } from "../mail/account-mails.ts";
import { siteName } from "../mail/identity.ts";
import type { Mailer } from "../mail/mailer.ts";
import { safeEqual, sha256Hex } from "../security/encryption.ts";
import { hashPassword } from "../security/passwords.ts";
import { deleteSessionsOfUser } from "../security/sessions.ts";
import type { Actor } from "./activity.ts";
import {
  createUser,
  findUserByEmail,
  findUserById,
  NO_PASSWORD,
  normalizeEmail,
  type Role,
  type UserRow,
} from "./users.ts";

/**
 * Invitations (record 036): an admin adds a user without a password; the user is mailed a link to
 * set one. The user and the invitation are stored before the mail is tried, so a mail server that
 * is down loses nothing: the admin sends the invitation again from the user's screen. Only the
 * token's hash is kept; the link works once, until the invitation expires.
 */

export type Invitation = Selectable<UserInvitationsTable>;

export type InvitationContext = {
  db: DB;
  mailer: Mailer;
  appUrl: string;
  /** Days an invitation's link works (INVITATION_DAYS). */
  invitationDays: number;
};

export type Invited = { user: UserRow; invitation: Invitation; mailed: boolean };

export const PASSWORD_SET = "Your password has been set. You can log in now.";
const INVALID_INVITATION = "This invitation link is invalid or has expired.";
const ALREADY_HAS_PASSWORD = "This user has already set a password.";

const invalidInvitation = () => ValidationError.field("email", INVALID_INVITATION);

/** True while the user has not set a password: they can only come in through an invitation. */
export const awaitsPassword = (user: Pick<UserRow, "password">) => user.password === NO_PASSWORD;

/** Adds the user without a password, then mails the invitation; `mailed` says whether it went. */
export async function inviteUser(
  ctx: InvitationContext,
  actor: Actor,
  input: { firstname: string; lastname: string; email: string; role: Role },
): Promise<Invited> {
  const user = await createUser(ctx.db, { ...input, password: null, verified: false });
  return issueInvitation(ctx, actor, user);
}

/**
 * A new link for a user who has not set a password yet (the earlier link stops working). Throws a
 * 422 under `user` once they have one; undefined when there is no such user.
 */
export async function inviteAgain(
  ctx: InvitationContext,
  actor: Actor,
  userId: number,
): Promise<Invited | undefined> {
  const user = userId > MAX_ID ? undefined : await findUserById(ctx.db, userId);
  if (!user) return undefined;
  if (!awaitsPassword(user)) throw ValidationError.field("user", ALREADY_HAS_PASSWORD);
  return issueInvitation(ctx, actor, user);
}

async function issueInvitation(ctx: InvitationContext, actor: Actor, user: UserRow) {
  const token = randomBytes(32).toString("hex");
  const now = new Date();
  const row = {
    email: user.email,
    token: sha256Hex(token),
    invited_by: actor?.id ?? null,
    invited_by_name: actor?.name ?? "",
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ctx.invitationDays * 86_400_000).toISOString(),
    mailed_at: null,
  };
  const invitation = await ctx.db
    .insertInto("user_invitations")
    .values({ user_id: user.id, ...row })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(row))
    .returningAll()
    .executeTakeFirstOrThrow();
  const url = `${ctx.appUrl}/set-password/${token}?email=${encodeURIComponent(user.email)}`;
  const mail = invitationMail(await siteName(ctx.db), user, {
    url,
    inviter: actor?.name ?? "",
    days: ctx.invitationDays,
  });
  if (!(await ctx.mailer.send(mail))) return { user, invitation, mailed: false };
  const mailedAt = new Date().toISOString();
  await ctx.db
    .updateTable("user_invitations")
    .set({ mailed_at: mailedAt })
    .where("id", "=", invitation.id)
    .where("token", "=", row.token)
    .execute();
  return { user, invitation: { ...invitation, mailed_at: mailedAt }, mailed: true };
}

/** The open invitations of these users, by user id. */
export async function invitationsOf(db: DB, userIds: number[]): Promise<Map<number, Invitation>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("user_invitations")
    .selectAll()
    .where("user_id", "in", userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}

export type AcceptedInvitation = { token: string; email: string; password: string };

/**
 * Sets the invited user's password when the token is their invitation's, for the address it was
 * mailed to, and not expired. The invitation is spent; the address counts as verified (the link
 * reached it). Returns the user.
 */
export async function acceptInvitation(db: DB, input: AcceptedInvitation): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(db, email);
  const invitation = user
    ? await db
        .selectFrom("user_invitations")
        .selectAll()
        .where("user_id", "=", user.id)
        .executeTakeFirst()
    : undefined;
  if (
    !user ||
    !invitation ||
    invitation.email !== email ||
    !safeEqual(invitation.token, sha256Hex(input.token))
  )
    throw invalidInvitation();
  if (Date.parse(invitation.expires_at) <= Date.now()) throw invalidInvitation();
  const password = await hashPassword(input.password);
  const now = new Date().toISOString();
  const updated = await db.transaction().execute(async (trx) => {
    const spent = await trx
      .deleteFrom("user_invitations")
      .where("id", "=", invitation.id)
      .where("token", "=", invitation.token)
      .executeTakeFirst();
    // A concurrent request spent the link first.
    if (Number(spent.numDeletedRows) !== 1) throw invalidInvitation();
    return trx
      .updateTable("users")
      .set({
        password,
        remember_token: null,
        email_verified_at: user.email_verified_at ?? now,
        updated_at: now,
      })
      .where("id", "=", user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await deleteSessionsOfUser(db, user.id);
  return updated;
}

/** Ends a user's invitation: their password was set another way (a reset, an admin). */
export async function forgetInvitation(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("user_invitations").where("user_id", "=", userId).execute();
}
