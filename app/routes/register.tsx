import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import {
  FormMessage,
  SubmitButton,
  TextField,
  firstInvalidField,
} from "../components/form-fields.tsx";
import { HoneypotField } from "../components/form-honeypot.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import { parseSubmission, rejectSpam, replyWithApiFailure } from "../lib/forms.server.ts";
import { requiredEmail, requiredSecret, requiredText } from "../lib/forms.ts";
import { requireAnonymous } from "../lib/guards.server.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/register";
import { useAppForm } from "../lib/use-app-form.ts";

export const RegisterSchema = z.object({
  firstname: requiredText("firstname"),
  lastname: requiredText("lastname"),
  email: requiredEmail(),
  password: requiredSecret("password"),
  password_confirmation: requiredSecret("password confirmation"),
});

const SECRET_FIELDS = ["password", "password_confirmation"];

export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

/** POST /register: signed in on 201, then Home (spec §2.4); 422 → the API's lists per field. */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await parseSubmission(request, RegisterSchema);
  rejectSpam(formData);
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: SECRET_FIELDS }) };
  }
  const api = context.get(apiClientContext);
  const result = await api.post("/register", submission.value);
  if (result.ok) return redirect("/");
  return {
    result: replyWithApiFailure(submission, result, {
      hideFields: SECRET_FIELDS,
    }),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Register");
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(RegisterSchema, {
    id: "register",
    lastResult: actionData?.result,
  });
  const ordered = [
    fields.firstname,
    fields.lastname,
    fields.email,
    fields.password,
    fields.password_confirmation,
  ];
  const focus = firstInvalidField(ordered);
  // Registration shows the errors per field (spec §5); the overall message only when no field has one.
  const onlyFormMessage = focus === null;
  return (
    <AuthCard title="Register">
      <p className="mt-3 text-muted">
        Create an account to follow the foundation's work and manage your details.
      </p>
      <Form method="post" {...getFormProps(form)} className="relative mt-6 space-y-5">
        {onlyFormMessage ? <FormMessage form={form} /> : null}
        <HoneypotField />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.firstname}
            label="Firstname"
            autoComplete="given-name"
            focusFirst={focus === fields.firstname.name}
          />
          <TextField
            meta={fields.lastname}
            label="Lastname"
            autoComplete="family-name"
            focusFirst={focus === fields.lastname.name}
          />
        </div>
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          focusFirst={focus === fields.email.name}
        />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          focusFirst={focus === fields.password.name}
        />
        <TextField
          meta={fields.password_confirmation}
          label="Repeat Password"
          type="password"
          autoComplete="new-password"
          focusFirst={focus === fields.password_confirmation.name}
        />
        <SubmitButton pendingText="Registering…" className="w-full">
          Register
        </SubmitButton>
      </Form>
      <p className="mt-6 border-t border-brand-100 pt-5 text-center text-muted">
        Already registered?{" "}
        <Link
          to="/login"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
