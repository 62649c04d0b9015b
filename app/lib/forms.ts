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

/** A checkbox: present ("on") or absent. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** The hidden field that tells several forms on one page apart. */
export const INTENT_FIELD = "intent";
