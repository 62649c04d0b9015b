import { z } from "zod";

/**
 * Field rules shared by Conform in the browser and by the actions on the server. The browser
 * only checks what spec §5 asks of it (required fields, email shape); every real rule is the
 * API's, and its 422 messages land on the same field names. Messages follow Laravel's wording
 * so a field reads the same whichever side found the problem.
 */
export function requiredText(attribute: string) {
  const message = `The ${attribute} field is required.`;
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** Like `requiredText`, but the value is kept exactly as typed (passwords, codes). */
export function requiredSecret(attribute: string) {
  const message = `The ${attribute} field is required.`;
  return z.string({ error: message }).min(1, { error: message });
}

export function requiredEmail(attribute = "email") {
  return requiredText(attribute).pipe(
    z.email({ error: `The ${attribute} field must be a valid email address.` }),
  );
}

/** DESIGN §5: a new password has at least 8 characters. */
const PASSWORD_MIN_LENGTH = 8;

/** A new password: required and long enough, worded as the API words it. */
export function newPassword(attribute = "password") {
  return requiredSecret(attribute).min(PASSWORD_MIN_LENGTH, {
    error: `The ${attribute} field must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  });
}

/**
 * Laravel's `confirmed` rule on `password`: `password_confirmation` must repeat it, and the
 * message goes under `password`, as the API puts it. A password left empty is not checked (the
 * edit forms where empty keeps the old one; a required password says so itself). Forms that show
 * the first message a field (spec §5: user forms) check it only when the password itself passed.
 */
export function withConfirmedPassword<Schema extends z.ZodObject>(
  schema: Schema,
  { firstErrorOnly = false }: { firstErrorOnly?: boolean } = {},
): Schema {
  return schema.refine(
    (values: Record<string, unknown>) =>
      typeof values.password !== "string" ||
      values.password === "" ||
      values.password === values.password_confirmation,
    {
      path: ["password"],
      message: "The password field confirmation does not match.",
      // Checked even when another field failed: every error shows at once.
      when: ({ issues }) =>
        !firstErrorOnly || !issues.some((issue) => issue.path?.[0] === "password"),
    },
  );
}

/** A checkbox: present ("on") or absent. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

// Apart from zod, so that the components naming it do not bring zod into every page.
export { INTENT_FIELD } from "./form-intent.ts";
