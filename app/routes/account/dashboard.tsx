import { data, Link } from "react-router";
import { FlashMessage } from "../../components/flash-message.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { takeFlash } from "../../lib/flash.server.ts";
import { useCurrentUser } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flash, headers } = await takeFlash(context, request);
  return data({ flash }, { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Dashboard");
}

export default function AccountDashboard({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
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
    </>
  );
}
