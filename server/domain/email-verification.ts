import { createHash } from "node:crypto";
import type { DB } from "../db/database.ts";
import { unauthorized } from "../errors.ts";
import { verifyEmailMail } from "../mail/account-mails.ts";
import { siteName } from "../mail/identity.ts";
import { safeEqual } from "../security/encryption.ts";
import { signedPath } from "../security/signed-urls.ts";
import type { User } from "../types.ts";
import type { AccountContext } from "./account.ts";

const LINK_LIFETIME_MINUTES = 60;

const emailHash = (email: string) => createHash("sha1").update(email).digest("hex");

/** Laravel's verification link: `APP_URL/email/verify/{id}/{sha1(email)}?expires=…&signature=…`. */
export function verificationUrl(
  ctx: Pick<AccountContext, "keyring" | "appUrl">,
  user: User,
  now = Date.now(),
) {
  const expiresAt = new Date(now + LINK_LIFETIME_MINUTES * 60_000);
  return `${ctx.appUrl}${signedPath(ctx.keyring, `/email/verify/${user.id}/${emailHash(user.email)}`, expiresAt)}`;
}

export function sendVerificationLink(ctx: AccountContext, user: User): void {
  const url = verificationUrl(ctx, user);
  ctx.mailer.queue(async () => verifyEmailMail(await siteName(ctx.db), user, url));
}

/**
 * Marks the signed-in user's address verified when the link is theirs (Laravel's
 * EmailVerificationRequest: 403 when the id or the email hash belongs to someone else).
 * Returns false when it already was verified.
 */
export async function verifyEmail(
  db: DB,
  user: User,
  link: { id: string; hash: string },
): Promise<boolean> {
  if (!safeEqual(String(user.id), link.id) || !safeEqual(emailHash(user.email), link.hash))
    throw unauthorized();
  if (user.email_verified_at) return false;
  await db
    .updateTable("users")
    .set({ email_verified_at: new Date().toISOString() })
    .where("id", "=", user.id)
    .execute();
  return true;
}
