import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";
import { z } from "zod";
import { AdminToolbar } from "../../components/admin/admin-entry-parts.tsx";
import { FlashMessage } from "../../components/flash-message.tsx";
import {
  FormMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  firstInvalidField,
  formMessageOf,
} from "../../components/form-fields.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { SettingsSchema } from "../../lib/api-types.ts";
import { redirectWithFlash, takeFlash } from "../../lib/flash.server.ts";
import { parseSubmission, replyWithApiFailure } from "../../lib/forms.server.ts";
import { requiredText } from "../../lib/forms.ts";
import { requireSiteExtensions } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import type { Route } from "./+types/settings";

/**
 * The organisation's details (our API's extension, `GET`/`PUT /api/settings`): the browser
 * checks only the name; the API checks every rule (email, http(s) links).
 */
const SettingsFormSchema = z.object({
  name: requiredText("name"),
  phone: z.string().trim().optional(),
  whatsapp: z.string().trim().optional(),
  email: z.string().trim().optional(),
  address: z.string().optional(),
  donate_url: z.string().trim().optional(),
  facebook: z.string().trim().optional(),
  instagram: z.string().trim().optional(),
  twitter: z.string().trim().optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSiteExtensions(context);
  const api = context.get(apiClientContext);
  const [settings, { flash, headers }] = await Promise.all([
    api.read("/api/settings", SettingsSchema),
    takeFlash(context, request),
  ]);
  return data(
    {
      flash,
      values: {
        name: settings.name ?? "",
        phone: settings.phone ?? "",
        whatsapp: settings.whatsapp ?? "",
        email: settings.email ?? "",
        address: settings.address ?? "",
        donate_url: settings.donate_url ?? "",
        facebook: settings.social?.facebook ?? "",
        instagram: settings.social?.instagram ?? "",
        twitter: settings.social?.twitter ?? "",
      },
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSiteExtensions(context);
  const { submission } = await parseSubmission(request, SettingsFormSchema);
  if (submission.status !== "success") return { result: submission.reply() };
  const { facebook, instagram, twitter, ...details } = submission.value;
  const api = context.get(apiClientContext);
  const result = await api.put("/api/settings", {
    name: details.name,
    phone: details.phone ?? "",
    whatsapp: details.whatsapp ?? "",
    email: details.email ?? "",
    address: details.address ?? "",
    donate_url: details.donate_url ?? "",
    social: { facebook: facebook ?? "", instagram: instagram ?? "", twitter: twitter ?? "" },
  });
  if (!result.ok) {
    return {
      result: replyWithApiFailure(submission, result, {
        firstErrorOnly: true,
        fieldNames: {
          "social.facebook": "facebook",
          "social.instagram": "instagram",
          "social.twitter": "twitter",
        },
      }),
    };
  }
  return redirectWithFlash(context, "/admin/settings", {
    kind: "success",
    message: "Changes saved....",
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Settings");
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(SettingsFormSchema, {
    id: "settings",
    lastResult: actionData?.result,
    defaultValue: loaderData.values,
  });
  const message = formMessageOf(form);
  const focus = firstInvalidField([
    fields.name,
    fields.phone,
    fields.whatsapp,
    fields.email,
    fields.address,
    fields.donate_url,
    fields.facebook,
    fields.instagram,
    fields.twitter,
  ]);
  const field = (meta: (typeof fields)[keyof typeof fields]) => ({
    meta,
    formMessage: message,
    focusFirst: focus === meta.name,
  });

  return (
    <>
      <AdminToolbar backTo="/admin" />
      <ScreenHeading title="Settings">
        The foundation's details as visitors see them in the header, the footer and on the contact
        page.
      </ScreenHeading>
      <FlashMessage flash={loaderData.flash} hideAfterMs={3000} className="mt-6" />

      <Form method="post" {...getFormProps(form)} className="mt-8 max-w-3xl space-y-8">
        <FormMessage form={form} />
        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">Organisation</legend>
          <TextField
            {...field(fields.name)}
            label="Organisation Name"
            autoComplete="organization"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              {...field(fields.phone)}
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="As visitors dial it, e.g. +44 20 7946 0000."
            />
            <TextField
              {...field(fields.whatsapp)}
              label="WhatsApp"
              type="tel"
              hint="With the country code, e.g. +44 7700 900123."
            />
          </div>
          <TextField {...field(fields.email)} label="Email" type="email" autoComplete="email" />
          <TextAreaField
            meta={fields.address}
            focusFirst={focus === fields.address.name}
            label="Postal Address"
            rows={4}
          />
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">Links</legend>
          <TextField
            {...field(fields.donate_url)}
            label="Donate Button URL"
            type="url"
            hint="Where every Donate Now button leads: a Stripe Payment Link or a PayPal donate link, for example."
          />
          <TextField {...field(fields.facebook)} label="Facebook" type="url" />
          <TextField {...field(fields.instagram)} label="Instagram" type="url" />
          <TextField {...field(fields.twitter)} label="Twitter" type="url" />
        </fieldset>

        <div className="border-t border-brand-100 pt-6">
          <SubmitButton pendingText="Saving…">Save Changes</SubmitButton>
        </div>
      </Form>
    </>
  );
}
