import { z } from "zod";
import { RoleSchema, type Role, type User } from "./api-types.ts";
import { newPassword, requiredEmail, requiredText, withConfirmedPassword } from "./forms.ts";

/** The Access Level choices (spec §5: "Role choices: User and Admin"). */
export const ROLE_CHOICES = [
  { value: "user", label: "User" },
  { value: "admin", label: "Admin" },
] as const satisfies readonly { value: Role; label: string }[];

export function roleLabel(role: Role): string {
  return ROLE_CHOICES.find((choice) => choice.value === role)?.label ?? role;
}

export function fullName(user: Pick<User, "firstname" | "lastname">): string {
  return `${user.firstname} ${user.lastname}`.trim();
}

/** The fields of both user forms, as the API names them (spec §5: the first message of each). */
export const USER_FORM_FIELDS = [
  "firstname",
  "lastname",
  "email",
  "role",
  "password",
  "password_confirmation",
] as const;

/** Never written back into the page after a failed save. */
export const USER_SECRET_FIELDS = ["password", "password_confirmation"];

/** The edit form's fields that show what is saved, by their labels. */
export const USER_FIELD_LABELS = {
  firstname: "First Name",
  lastname: "Last Name",
  email: "Email",
  role: "Access Level",
} as const;

/** Those fields of a user: as the edit form was loaded, and as saved now (record 053). */
export function userFormValues(user: User) {
  return { firstname: user.firstname, lastname: user.lastname, email: user.email, role: user.role };
}

const details = {
  firstname: requiredText("firstname"),
  lastname: requiredText("lastname"),
  email: requiredEmail(),
  role: z.enum(RoleSchema.options, {
    error: (issue) =>
      issue.input === undefined ? "The role field is required." : "The selected role is invalid.",
  }),
};

/**
 * How an added user first signs in (record 036): an invitation mails them a link to choose their
 * own password; or the admin sets one now. Only in front of our API: without the choice (a
 * Laravel backend) the password is set now.
 */
export const ACCESS_CHOICES = [
  {
    value: "invite",
    label: "Send an invitation",
    hint: "They get an email with a link to choose their own password.",
  },
  { value: "password", label: "Set a password now", hint: "You choose it and pass it on." },
] as const;
export type Access = (typeof ACCESS_CHOICES)[number]["value"];

const settingPassword = (values: Record<string, unknown>) => values.access === "password";
const filled = (value: unknown) => typeof value === "string" && value !== "";
// Checked even when another field failed, so every field's first error shows at once.
const always = { when: () => true };

/**
 * The Add User modal: names, email and role; the password pair only when it is set now (the
 * fields are not `required` in the page, so a browser without JavaScript lets an invitation go).
 */
export const AddUserSchema = withConfirmedPassword(
  z
    .object({
      ...details,
      access: z.enum(["invite", "password"]).catch("password"),
      password: z.string().optional(),
      password_confirmation: z.string().optional(),
    })
    .refine((values) => !settingPassword(values) || filled(values.password), {
      path: ["password"],
      message: "The password field is required.",
      ...always,
    })
    .refine(
      (values) =>
        !settingPassword(values) ||
        !filled(values.password) ||
        newPassword().safeParse(values.password).success,
      {
        path: ["password"],
        message: "The password field must be at least 8 characters.",
        ...always,
      },
    )
    .refine((values) => !settingPassword(values) || filled(values.password_confirmation), {
      path: ["password_confirmation"],
      message: "The password confirmation field is required.",
      ...always,
    }),
  { firstErrorOnly: true },
);

/** The edit form: the same, but an empty password keeps the current one. */
export const EditUserSchema = withConfirmedPassword(
  z.object({
    ...details,
    password: newPassword().optional(),
    password_confirmation: z.string().optional(),
  }),
  { firstErrorOnly: true },
);
