import { z } from "zod";
import { RoleSchema, type Role, type User } from "./api-types.ts";
import {
  newPassword,
  requiredEmail,
  requiredSecret,
  requiredText,
  withConfirmedPassword,
} from "./forms.ts";

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

const details = {
  firstname: requiredText("firstname"),
  lastname: requiredText("lastname"),
  email: requiredEmail(),
  role: z.enum(RoleSchema.options, {
    error: (issue) =>
      issue.input === undefined ? "The role field is required." : "The selected role is invalid.",
  }),
};

/** The Add User modal: everything required, the password confirmed. */
export const AddUserSchema = withConfirmedPassword(
  z.object({
    ...details,
    password: newPassword(),
    password_confirmation: requiredSecret("password confirmation"),
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
