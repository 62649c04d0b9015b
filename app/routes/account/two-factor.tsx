import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData, useSubmit } from "react-router";
import { z } from "zod";
import { FlashMessage } from "../../components/flash-message.tsx";
import {
  FormMessage,
  IntentField,
  SubmitButton,
  TextField,
  buttonClass,
  useIsSubmitting,
} from "../../components/form-fields.tsx";
import { AppForm } from "../../components/app-form.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import {
  assertOk,
  confirmPasswordPath,
  unusableAsBadGateway,
  unusableAsUnavailable,
  type ApiClient,
} from "../../lib/api.server.ts";
import { redirectWithFlash, takeFlash, type Flash } from "../../lib/flash.server.ts";
import { replyWithApiFailure } from "../../lib/forms.server.ts";
import { INTENT_FIELD, requiredText } from "../../lib/forms.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { ACTIVATE_AFTER_CONFIRMING } from "../../lib/two-factor.server.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/two-factor";
import { useAppForm } from "../../lib/use-app-form.ts";

export const ConfirmTwoFactorSchema = z.object({ code: requiredText("code") });

const DEACTIVATE_QUESTION = "Are you sure you want to deactivate Two Factor Authentication?";
const HERE = "/account/2fa";
const WITH_CODES = `${HERE}?show=recovery-codes`;

type Setup = { svg: string; secretKey: string };

const PasswordStatusSchema = z.object({ confirmed: z.boolean() });
const QrCodeSchema = z.union([z.object({ svg: z.string() }), z.array(z.unknown())]);
const SecretKeySchema = z.object({ secretKey: z.string() });

/**
 * The state comes from the API: enabled (user.two_factor), being set up (a secret exists but is
 * not confirmed: the QR code answers with an svg), or off. The setup is only looked up while the
 * password confirmation is fresh, so opening the page never asks for the password by itself.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const user = requireUser({ url, context });
  const api = context.get(apiClientContext);
  const { flash, headers } = await takeFlash(context, request);
  const search = url.searchParams;

  let setup: Setup | null = null;
  let recoveryCodes: string[] | null = null;
  if (!user.two_factor) {
    // A setup the API answers with nothing the page can use is shown as none: Activate again.
    setup = await unusableAsUnavailable("The two-factor setup", readSetup(api));
  } else if (search.get("show") === "recovery-codes") {
    recoveryCodes = await unusableAsBadGateway(
      api.read("/user/two-factor-recovery-codes", z.array(z.string())),
    );
  }

  return data(
    {
      flash,
      enabled: user.two_factor,
      setup,
      recoveryCodes,
      confirmingDeactivation: user.two_factor && search.get("confirm") === "deactivate",
    },
    { headers },
  );
}

/**
 * The secret being set up, as its QR code and key, while the password confirmation is fresh;
 * null when none is (or no longer is).
 */
async function readSetup(api: ApiClient): Promise<Setup | null> {
  const status = await api.get("/user/confirmed-password-status", {
    schema: PasswordStatusSchema,
  });
  if (!status.ok || !status.body.confirmed) return null;
  // Without a secret being set up the QR code is an empty list (Fortify), not an svg.
  const qrCode = await api.get("/user/two-factor-qr-code", { schema: QrCodeSchema });
  const svg = qrCode.ok && !Array.isArray(qrCode.body) ? qrCode.body.svg : undefined;
  if (!svg) return null;
  const { secretKey } = await api.read("/user/two-factor-secret-key", SecretKeySchema);
  return { svg, secretKey };
}

export async function action({ url, request, context }: Route.ActionArgs) {
  requireUser({ url, context });
  const api = context.get(apiClientContext);
  const formData = await request.formData();
  const done = (to: string, flash: Flash) => redirectWithFlash(context, to, flash);

  switch (formData.get(INTENT_FIELD)) {
    case "activate": {
      // Without a fresh password confirmation (423) Confirm Password comes first, and carries
      // the activation on by itself when it is done.
      const result = await api.post("/user/two-factor-authentication", undefined, {
        handles: [423],
      });
      if (result.status === 423) return redirect(confirmPasswordPath(ACTIVATE_AFTER_CONFIRMING));
      assertOk(result, "Activate two-factor");
      return redirect(HERE);
    }
    case "confirm": {
      const submission = parseWithZod(formData, { schema: ConfirmTwoFactorSchema });
      if (submission.status !== "success") {
        return { result: submission.reply({ hideFields: ["code"] }) };
      }
      const result = await api.post("/user/confirmed-two-factor-authentication", submission.value);
      if (!result.ok) {
        return {
          result: replyWithApiFailure(submission, result, {
            hideFields: ["code"],
          }),
        };
      }
      return done(WITH_CODES, {
        kind: "success",
        message:
          "Two factor authentication is now enabled. Store these recovery codes somewhere safe: each one lets you in once if you lose your device.",
      });
    }
    case "regenerate":
      assertOk(await api.post("/user/two-factor-recovery-codes"), "Reset recovery codes");
      return done(WITH_CODES, {
        kind: "success",
        message: "Your recovery codes have been reset. The old ones no longer work.",
      });
    case "deactivate":
      assertOk(await api.delete("/user/two-factor-authentication"), "Deactivate two-factor");
      return done(HERE, {
        kind: "success",
        message: "Two factor authentication has been deactivated.",
      });
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Two Factor Auth");
}

export default function AccountTwoFactor({ loaderData }: Route.ComponentProps) {
  const { enabled, setup, recoveryCodes, confirmingDeactivation, flash } = loaderData;
  return (
    <>
      <ScreenHeading title="Two Factor Auth">
        Protect your account with a code from an authenticator app.
      </ScreenHeading>
      <FlashMessage flash={flash} className="mt-8 max-w-2xl" />
      <p className="mt-8 flex items-start gap-2.5 text-lg font-medium">
        <span
          aria-hidden="true"
          className={`mt-2 size-3 shrink-0 rounded-full ${enabled ? "bg-brand-600" : "bg-donate-500"}`}
        />
        {enabled
          ? "Two factor authentication is enabled."
          : "Two factor authentication is not enabled."}
      </p>

      {enabled ? (
        confirmingDeactivation ? (
          <DeactivateConfirmation />
        ) : (
          <EnabledPanel recoveryCodes={recoveryCodes} />
        )
      ) : setup ? (
        <SetupPanel setup={setup} />
      ) : (
        <div className="mt-6 max-w-2xl">
          <p className="text-muted">
            When it is on, signing in asks for a code from an app such as Google Authenticator,
            Microsoft Authenticator or 1Password on your phone, as well as your password.
          </p>
          <Form method="post" className="mt-6">
            <IntentField value="activate" />
            <SubmitButton intent="activate" pendingText="Activating…">
              Activate
            </SubmitButton>
          </Form>
        </div>
      )}
    </>
  );
}

function SetupPanel({ setup }: { setup: Setup }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAppForm(ConfirmTwoFactorSchema, {
    id: "confirm-two-factor",
    lastResult: actionData?.result,
  });
  return (
    <section aria-labelledby="two-factor-setup" className="mt-8 max-w-2xl">
      <h2 id="two-factor-setup" className="text-2xl font-semibold">
        Finish activating
      </h2>
      <p className="mt-2 text-muted">
        Scan this QR code with your authenticator app, or type in the setup key, then enter the
        first code the app shows.
      </p>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="size-48 shrink-0 rounded-xl bg-white p-2 ring-1 ring-brand-100 [&>svg]:h-full [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: setup.svg }}
        />
        <div className="min-w-0">
          <p className="font-medium">Setup key</p>
          <p
            data-testid="two-factor-setup-key"
            className="mt-1 rounded-lg bg-sand px-3 py-2 font-mono text-base tracking-wider break-all"
          >
            {setup.secretKey}
          </p>
        </div>
      </div>
      <AppForm form={form} className="mt-8 max-w-sm space-y-5">
        <FormMessage />
        <IntentField value="confirm" />
        <TextField
          meta={fields.code}
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="confirm" pendingText="Activating…">
            Activate 2FA
          </SubmitButton>
          {/* Submits the form below (forms cannot nest): drops the unconfirmed secret. */}
          <SubmitButton
            intent="deactivate"
            pendingText="Cancelling…"
            variant="light"
            form="cancel-two-factor"
          >
            Cancel
          </SubmitButton>
        </div>
      </AppForm>
      <Form method="post" id="cancel-two-factor" hidden>
        <IntentField value="deactivate" />
      </Form>
    </section>
  );
}

function EnabledPanel({ recoveryCodes }: { recoveryCodes: string[] | null }) {
  const submit = useSubmit();
  const deactivating = useIsSubmitting({ intent: "deactivate" });
  return (
    <div className="mt-6 max-w-2xl">
      <p className="text-muted">
        Signing in asks for a code from your authenticator app. If you lose your device, one of your
        recovery codes lets you in instead; each works once.
      </p>
      {recoveryCodes ? (
        <section aria-labelledby="recovery-codes" className="mt-6 rounded-xl bg-sand/70 p-5">
          <h2 id="recovery-codes" className="text-xl font-semibold">
            Recovery codes
          </h2>
          <ul
            data-testid="recovery-codes"
            className="mt-3 grid gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-2"
          >
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        {recoveryCodes ? null : (
          <Form method="get">
            <button type="submit" name="show" value="recovery-codes" className="button-light">
              Show Recovery-Codes
            </button>
          </Form>
        )}
        <Form method="post">
          <IntentField value="regenerate" />
          <SubmitButton intent="regenerate" pendingText="Resetting…" variant="light">
            Reset Recovery-Codes
          </SubmitButton>
        </Form>
        {/* Without JavaScript this asks on a page of its own (?confirm=deactivate). */}
        <Form
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            if (window.confirm(DEACTIVATE_QUESTION)) {
              submit({ [INTENT_FIELD]: "deactivate" }, { method: "post" });
            }
          }}
        >
          <button
            type="submit"
            name="confirm"
            value="deactivate"
            disabled={deactivating}
            className={`${buttonClass("danger")} disabled:cursor-wait disabled:opacity-70`}
          >
            {deactivating ? "Deactivating…" : "Deactivate"}
          </button>
        </Form>
      </div>
    </div>
  );
}

function DeactivateConfirmation() {
  return (
    <section
      role="alertdialog"
      aria-labelledby="deactivate-question"
      className="mt-6 max-w-2xl rounded-xl border border-red-200 bg-red-50 p-6"
    >
      <h2 id="deactivate-question" className="text-xl font-semibold text-red-900">
        {DEACTIVATE_QUESTION}
      </h2>
      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post" action={HERE}>
          <IntentField value="deactivate" />
          <SubmitButton intent="deactivate" pendingText="Deactivating…" variant="danger">
            Confirm
          </SubmitButton>
        </Form>
        <Link to={HERE} className="button-light">
          Cancel
        </Link>
      </div>
    </section>
  );
}
