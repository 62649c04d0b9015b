import type { DatabaseHandle } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import type { User } from "../types.ts";
import { forgetPasswordResetTokens } from "./password-resets.ts";
import { lockedAdminIds } from "./users.ts";

export const LAST_ADMIN_CLOSING =
  "You are the last admin: make someone else an admin before you delete your account.";

/**
 * A member deletes their own account (our extension, record 037); the caller checked their
 * password. As when an admin deletes a user, the row goes, and with it (foreign keys) their
 * sessions and drafts; their reset links go too. What staff made stays: no entry or testimonial
 * references a user, and revisions, trash and activity keep the name the person had. The last
 * admin is refused, so the site is never left without one.
 */
export async function deleteOwnAccount(database: DatabaseHandle, user: User): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    if (user.role === "admin") {
      const admins = await lockedAdminIds({ db: trx, dialect: database.dialect });
      if (admins.every((admin) => admin.id === user.id))
        throw ValidationError.field("user", LAST_ADMIN_CLOSING);
    }
    await forgetPasswordResetTokens(trx, user.email);
    await trx.deleteFrom("users").where("id", "=", user.id).execute();
  });
}
