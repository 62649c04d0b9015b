import type { DB } from "../db/database.ts";
import { findUserByEmail, normalizeEmail } from "../domain/users.ts";
import { verifyPassword } from "../security/passwords.ts";
import type { User } from "../types.ts";
import { line, secret, z } from "./validation.ts";

/** The inputs of the account calls, with Fortify's rules and Laravel's messages. */

const name = line().min(1).max(255);
const email = line().min(1).max(255).pipe(z.email());
/** Laravel's Password::defaults(): at least 8 characters (and a cap, so hashing stays cheap). */
export const newPassword = secret().min(8).max(1024);
const requiredSecret = secret().min(1).max(1024);
/** Laravel's `$request->boolean()`. */
export const boolean = z
  .unknown()
  .optional()
  .transform((value) => [true, 1, "1", "true", "on", "yes"].includes(value as never));

/** Laravel's `confirmed` rule: `<field>_confirmation` must equal the field; the message goes under the field. */
export function confirmed<T extends z.ZodObject>(schema: T, field: string) {
  return schema.refine(
    (input: Record<string, unknown>) => {
      const value = input[field];
      return typeof value !== "string" || value === "" || input[`${field}_confirmation`] === value;
    },
    { path: [field], message: `The ${field} field confirmation does not match.`, when: () => true },
  );
}

export const uniqueEmail = (db: DB, ignoreUserId?: number) =>
  email.refine(
    async (value) => {
      const holder = await findUserByEmail(db, value);
      return !holder || holder.id === ignoreUserId;
    },
    { message: "The email has already been taken." },
  );

export const registrationForm = (db: DB) =>
  confirmed(
    z.object({
      firstname: name,
      lastname: name,
      email: uniqueEmail(db),
      password: newPassword,
      password_confirmation: z.unknown().optional(),
    }),
    "password",
  );

export const loginForm = z.object({
  email: line().min(1).max(1024),
  password: requiredSecret,
  remember: boolean,
});

/** Both optional: the web tier sends the same value in both; a wrong type counts as absent. */
export const twoFactorChallengeForm = z.object({
  code: secret().max(100).nullish().catch(null),
  recovery_code: secret().max(100).nullish().catch(null),
});

export const twoFactorCodeForm = z.object({ code: secret().max(100).catch("") });

export const enableTwoFactorForm = z.object({ force: boolean });

export const confirmPasswordForm = z.object({ password: requiredSecret });

export const forgotPasswordForm = z.object({ email });

export const resetPasswordForm = confirmed(
  z.object({
    token: requiredSecret,
    email,
    password: newPassword,
    password_confirmation: z.unknown().optional(),
  }),
  "password",
);

/**
 * Fortify's profile update, with a guard Fortify lacks: a new email address needs the current
 * password, or a password confirmed in the last PASSWORD_TIMEOUT_SECONDS (as `passwordConfirmed`
 * counts), so a borrowed session cannot move the account, and its reset links, elsewhere.
 */
export const profileForm = (
  db: DB,
  user: User,
  { passwordConfirmed }: { passwordConfirmed: boolean },
) =>
  z
    .object({
      firstname: name,
      lastname: name,
      email: uniqueEmail(db, user.id),
      current_password: secret().max(1024).nullish(),
    })
    .superRefine(
      async ({ email, current_password: password }, ctx) => {
        const emailChanged = typeof email === "string" && normalizeEmail(email) !== user.email;
        if (!emailChanged || passwordConfirmed) return;
        const path = ["current_password"];
        if (!password)
          ctx.addIssue({
            code: "custom",
            path,
            message: "The current password field is required.",
          });
        else if (!(await verifyPassword(user.password, password)))
          ctx.addIssue({ code: "custom", path, message: "The password is incorrect." });
      },
      // Asked even when another field failed, so the form shows everything at once.
      { when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "current_password") },
    );

export const passwordUpdateForm = (user: User) =>
  confirmed(
    z.object({
      current_password: requiredSecret.refine((value) => verifyPassword(user.password, value), {
        message: "The provided password does not match your current password.",
      }),
      password: newPassword,
      password_confirmation: z.unknown().optional(),
    }),
    "password",
  );
