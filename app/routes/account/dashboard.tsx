import { data, Link } from "react-router";
import {
  DELETE_ACCOUNT_INTENT,
  DeleteAccountSchema,
  DeleteAccountSection,
  MyDataSection,
} from "../../components/account-self-service.tsx";
import { FlashMessage } from "../../components/flash-message.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { redirectWithFlash, takeFlash } from "../../lib/flash.server.ts";
import { parseSubmission, replyWithApiFailure } from "../../lib/forms.server.ts";
import { INTENT_FIELD } from "../../lib/forms.ts";
import { requireSiteExtensions, requireUser } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import { useCurrentUser, useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flash, headers } = await takeFlash(context, request);
  return data({ flash }, { headers });
}

/**
 * "Delete account" (our API's extension, record 037): DELETE /api/user with the password; the
 * API ends the session, so the member lands on Home, signed out, with a message.
 */
export async function action({ url, request, context }: Route.ActionArgs) {
  requireUser({ url, context });
  requireSiteExtensions(context);
  const { formData, submission } = await parseSubmission(request, DeleteAccountSchema);
  if (formData.get(INTENT_FIELD) !== DELETE_ACCOUNT_INTENT) {
    throw data("Unknown action.", { status: 400 });
  }
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: ["password"] }) };
  }
  const api = context.get(apiClientContext);
  const result = await api.request("DELETE", "/api/user", { body: submission.value });
  if (!result.ok) {
    return {
      result: replyWithApiFailure(submission, result, {
        hideFields: ["password"],
        fields: ["password"],
      }),
    };
  }
  return redirectWithFlash(context, "/", {
    kind: "success",
    message: "Your account has been deleted. Thank you for being with us.",
  });
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Dashboard");
}

export default function AccountDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const user = useCurrentUser();
  // Download and delete are our API's extensions: a Laravel backend has neither call.
  const extensions = useRootData()?.settings.editable ?? false;
  return (
    <>
      <FlashMessage flash={loaderData.flash} className="mb-6" />
      <ScreenHeading title="Dashboard">
        {user ? `Welcome, ${user.firstname}. ` : ""}
        Use the menu to manage your profile, password and two factor authentication
        {user?.role === "admin" ? ", or the admin button to manage the web site." : "."}
      </ScreenHeading>
      {user && !user.email_verified_at ? (
        <p className="mt-6 max-w-2xl rounded-xl border border-donate-500/40 bg-donate-500/10 px-4 py-3">
          Your email address is not verified yet.{" "}
          <Link
            to="/verify-email"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            Verify your email address
          </Link>
        </p>
      ) : null}
      {user?.role === "admin" ? (
        <p className="mt-8">
          <Link to="/admin" className="button-primary">
            Admin
          </Link>
        </p>
      ) : null}
      {extensions ? (
        <>
          <MyDataSection />
          <DeleteAccountSection result={actionData?.result} isAdmin={user?.role === "admin"} />
        </>
      ) : null}
    </>
  );
}
