import { data } from "react-router";
import { z } from "zod";
import { AdminToolbar } from "../../components/admin/admin-entry-parts.tsx";
import { Autosave, DraftNotice } from "../../components/admin/autosave.tsx";
import {
  EditConflictScreen,
  HistoryLink,
  TheirValues,
  VersionField,
} from "../../components/admin/edit-conflict.tsx";
import { FlashMessage } from "../../components/admin/admin-flash-message.tsx";
import {
  FormMessage,
  IntentField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/form-fields.tsx";
import { AppForm } from "../../components/app-form.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { SettingsSchema } from "../../lib/api-types.ts";
import { loadDraft } from "../../lib/drafts.server.ts";
import { draftFormKey } from "../../lib/drafts.ts";
import { redirectWithFlash, takeFlash } from "../../lib/flash.server.ts";
import { parseSubmission, replyWithApiFailure } from "../../lib/forms.server.ts";
import { INTENT_FIELD, requiredText } from "../../lib/forms.ts";
import {
  conflictOf,
  holdsWhatWasTyped,
  loadedVersionOf,
  mergeOf,
  takeTheirs,
  typedValues,
} from "../../lib/history.server.ts";
import type { EditConflict } from "../../lib/history.ts";
import { requireSiteExtensions } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
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

const SETTINGS_FIELDS = Object.keys(SettingsFormSchema.shape);
const SETTINGS_TARGET = {
  subject: "settings",
  id: 0,
  fields: SETTINGS_FIELDS,
  editPath: "/admin/settings",
} as const;

/** Their side in the form's own names: `social.facebook` is the field `facebook`. */
function settingsConflict(conflict: EditConflict): EditConflict {
  const theirs = Object.fromEntries(
    Object.entries(conflict.theirs).map(([field, value]) => [
      field.replace(/^social\./, ""),
      value,
    ]),
  );
  return { ...conflict, theirs };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireSiteExtensions(context);
  const api = context.get(apiClientContext);
  const [settings, { flash, headers }, draft] = await Promise.all([
    api.read("/api/settings", SettingsSchema),
    takeFlash(context, request),
    loadDraft(context, "settings", 0, { request, url }),
  ]);
  return data(
    {
      flash,
      draft,
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
      // From a restored draft, the draft's version: a stale draft meets the conflict screen.
      version: draft?.restored ? draft.restored.version : settings.version,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSiteExtensions(context);
  const { formData, submission } = await parseSubmission(request, SettingsFormSchema);
  const intent = formData.get(INTENT_FIELD);
  if (intent === "merge") return { result: null, merge: mergeOf(formData, SETTINGS_FIELDS) };
  if (intent === "take-theirs") return takeTheirs(context, SETTINGS_TARGET, formData);
  if (submission.status !== "success") return { result: submission.reply() };
  const { facebook, instagram, twitter, ...details } = submission.value;
  const api = context.get(apiClientContext);
  const result = await api.put("/api/settings", {
    version: formData.get("version") || undefined,
    name: details.name,
    phone: details.phone ?? "",
    whatsapp: details.whatsapp ?? "",
    email: details.email ?? "",
    address: details.address ?? "",
    donate_url: details.donate_url ?? "",
    social: { facebook: facebook ?? "", instagram: instagram ?? "", twitter: twitter ?? "" },
  });
  if (!result.ok) {
    const conflict = conflictOf(
      result.status,
      result.body,
      typedValues(formData, SETTINGS_FIELDS),
      {
        loadedVersion: loadedVersionOf(formData),
        pictureChosen: false,
      },
    );
    if (!conflict) {
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
    const shown = settingsConflict(conflict);
    if (!holdsWhatWasTyped(shown)) return { result: null, conflict: shown };
  }
  return redirectWithFlash(context, "/admin/settings", {
    kind: "success",
    message: "Changes saved....",
  });
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Settings");
}

export default function AdminSettings(props: Route.ComponentProps) {
  // A save starts the form again from what was saved (so nothing is left unsaved to ask about
  // on leaving); restoring a draft, from the draft.
  const saved = JSON.stringify(props.loaderData.values);
  return <SettingsScreen key={draftFormKey(saved, props.loaderData.draft)} {...props} />;
}

function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const restored = loaderData.draft?.restored?.values;
  const conflict = actionData && "conflict" in actionData ? actionData.conflict : undefined;
  const merge = actionData && "merge" in actionData ? actionData.merge : undefined;
  const [form, fields] = useAppForm(SettingsFormSchema, {
    id: "settings",
    lastResult: actionData?.result,
    defaultValue: merge?.mine ?? { ...loaderData.values, ...restored },
  });

  return (
    <>
      <AdminToolbar backTo="/admin">
        <HistoryLink to="/admin/settings/history" />
      </AdminToolbar>
      <ScreenHeading title="Settings">
        The foundation's details as visitors see them in the header, the footer and on the contact
        page.
      </ScreenHeading>
      <FlashMessage flash={loaderData.flash} hideAfterMs={3000} className="mt-6" />
      <DraftNotice draft={loaderData.draft} subject="settings" id={0} here="/admin/settings" />

      {conflict ? <EditConflictScreen conflict={conflict} fields={SETTINGS_FIELDS} /> : null}
      {merge ? <TheirValues conflict={merge} /> : null}
      <AppForm form={form} hidden={conflict !== undefined} className="mt-8 max-w-3xl space-y-8">
        <FormMessage />
        <IntentField value="save" />
        <VersionField version={merge?.version ?? loaderData.version} refusal={actionData?.result} />
        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">Organisation</legend>
          <TextField meta={fields.name} label="Organisation Name" autoComplete="organization" />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              meta={fields.phone}
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="As visitors dial it, e.g. +44 20 7946 0000."
            />
            <TextField
              meta={fields.whatsapp}
              label="WhatsApp"
              type="tel"
              hint="With the country code, e.g. +44 7700 900123."
            />
          </div>
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
          <TextAreaField meta={fields.address} label="Postal Address" rows={4} />
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-xl font-semibold">Links</legend>
          <TextField
            meta={fields.donate_url}
            label="Donate Button URL"
            type="url"
            hint="Where every Donate Now button leads: a Stripe Payment Link or a PayPal donate link, for example."
          />
          <TextField meta={fields.facebook} label="Facebook" type="url" />
          <TextField meta={fields.instagram} label="Instagram" type="url" />
          <TextField meta={fields.twitter} label="Twitter" type="url" />
        </fieldset>

        <div className="border-t border-brand-100 pt-6">
          <SubmitButton intent="save" pendingText="Saving…">
            Save Changes
          </SubmitButton>
        </div>
        <Autosave formId={form.id} subject="settings" id={0} draft={loaderData.draft} />
      </AppForm>
    </>
  );
}
