import { useEffect, useRef } from "react";
import { data } from "react-router";
import { z } from "zod";
import { FlashMessage } from "../components/flash-message.tsx";
import { FormMessage, SubmitButton, TextAreaField, TextField } from "../components/form-fields.tsx";
import { AppForm } from "../components/app-form.tsx";
import { HoneypotField } from "../components/form-honeypot.tsx";
import { ContactDetails } from "../components/site-footer.tsx";
import { HeaderImage } from "../components/header-image.tsx";
import { WidgetBlock } from "../components/widget-block.tsx";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import { redirectWithFlash, takeFlash } from "../lib/flash.server.ts";
import { parseSubmission, rejectSpam, replyWithApiFailure } from "../lib/forms.server.ts";
import { requiredEmail, requiredText } from "../lib/forms.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { useAppForm } from "../lib/use-app-form.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import { formUnanswered, unansweredAs } from "../lib/unanswered-posts.ts";
import type { Route } from "./+types/contact";

const HEADER = "ContactHeader";
const SENT = "Your message was sent successfully";
/** Spec §9: the success banner goes after 3 seconds (with JavaScript). */
const SENT_BANNER_MS = 3000;

export const ContactSchema = z.object({
  name: requiredText("name"),
  telephone: z.string().trim().optional(),
  email: requiredEmail(),
  message: requiredText("message"),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const [widgets, { flash, headers }] = await Promise.all([
    loadWidgets(context, [...headerImageWidgets(HEADER), "ContactPage1", "ContactPage2"]),
    takeFlash(context, request),
  ]);
  return data({ widgets, flash }, { headers });
}

/** POST /api/contact; the API stores the message before it mails it, so a sent one is kept. */
export async function action({ context, request }: Route.ActionArgs) {
  const { formData, submission } = await parseSubmission(request, ContactSchema);
  rejectSpam(formData);
  if (submission.status !== "success") return { result: submission.reply() };
  const api = context.get(apiClientContext);
  const result = await api.post("/api/contact", {
    ...submission.value,
    telephone: submission.value.telephone ?? "",
  });
  if (!result.ok) {
    return { result: replyWithApiFailure(submission, result, { firstErrorOnly: true }) };
  }
  // Back to an empty form, scrolled to it, with the message of spec §2.3.
  return redirectWithFlash(context, "/contact#contact-form-title", {
    kind: "success",
    message: SENT,
  });
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "Contact Us",
      description: "Call, message or write to the foundation. We are glad to hear from you.",
    },
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useRootData()?.settings;
  const [form, fields] = useAppForm(ContactSchema, {
    id: "contact",
    lastResult: actionData?.result,
  });
  // With JavaScript the page stays mounted across the redirect: empty the form once it is sent.
  // Once per message sent: typing the next one must not be undone by a later render.
  const resetFor = useRef<unknown>(null);
  useEffect(() => {
    const flash = loaderData.flash;
    if (flash?.kind !== "success" || resetFor.current === flash) return;
    resetFor.current = flash;
    form.reset();
  }, [loaderData.flash, form]);
  return (
    <>
      <HeaderImage title="Contact Us" image={headerImageOf(loaderData.widgets, HEADER)} />
      <div className="mx-auto grid w-full max-w-6xl items-start gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_24rem] lg:px-8">
        <div className="space-y-12">
          <WidgetBlock name="ContactPage1" />
          <section
            aria-labelledby="contact-form-title"
            className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-100"
          >
            <h2 id="contact-form-title" className="text-2xl font-semibold">
              Contact Us By Email
            </h2>
            <p className="mt-2 text-muted">
              Write to us with your name, telephone number and message, and we will reply by email.
            </p>
            <AppForm
              form={form}
              className="relative mt-6 space-y-5"
              aria-labelledby="contact-form-title"
            >
              <FlashMessage flash={loaderData.flash} hideAfterMs={SENT_BANNER_MS} />
              <FormMessage />
              <HoneypotField />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField meta={fields.name} label="Name" autoComplete="name" />
                <TextField
                  meta={fields.telephone}
                  label="Telephone"
                  type="tel"
                  autoComplete="tel"
                />
              </div>
              <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
              <TextAreaField meta={fields.message} label="Message" rows={6} />
              <SubmitButton pendingText="Sending…">Send Message</SubmitButton>
            </AppForm>
          </section>
          <WidgetBlock name="ContactPage2" />
        </div>
        {settings ? (
          <aside
            aria-labelledby="contact-details-title"
            className="rounded-3xl bg-brand-800 p-8 text-brand-50 shadow-lg"
          >
            <h2 id="contact-details-title" className="text-2xl font-semibold text-white">
              {settings.name}
            </h2>
            <ContactDetails settings={settings} className="mt-6 space-y-4" />
          </aside>
        ) : null}
      </div>
    </>
  );
}
