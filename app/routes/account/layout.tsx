import { type FormEvent, type ReactNode, useState } from "react";
import { Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "../../components/error-page.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { UnansweredNote } from "../../components/form-fields.tsx";
import { AreaLayout, SideMenu, type SideMenuEntry } from "../../components/side-menu.tsx";
import {
  backWhenNotAnswered,
  backWhenSessionUnknown,
  guardedByLoader,
  requireUser,
} from "../../lib/guards.server.ts";
import { formUnanswered } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, request, context }, next) => {
    const back = await backWhenSessionUnknown(request, { url, context });
    if (back) throw back;
    if (!guardedByLoader(request, context)) requireUser({ url, context });
    const response = await next();
    return (await backWhenNotAnswered(request, response, { url, context })) ?? response;
  },
];

/** Present so client-side navigations reach the server and its guard. */
export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser({ url, context });
  return { isAdmin: user.role === "admin" };
}

const ACCOUNT_MENU: SideMenuEntry[] = [
  { label: "Dashboard", to: "/account", end: true },
  { label: "Update Profile", to: "/account/profile" },
  { label: "Change Password", to: "/account/password" },
  { label: "Two Factor Auth", to: "/account/2fa" },
];

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AccountFrame isAdmin={loaderData.isAdmin}>
      <Outlet />
    </AccountFrame>
  );
}

/** A screen's 404 or failure keeps the menu, so the way on is one click away. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/account/layout");
  // The account's menu is for someone signed in: a page the guard refused is the site's error page.
  if (!useRootData()?.user) return <ErrorPage error={error} />;
  return (
    <AccountFrame isAdmin={layout?.isAdmin ?? false}>
      <ErrorPage error={error} />
    </AccountFrame>
  );
}

function AccountFrame({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  const entries = isAdmin ? [...ACCOUNT_MENU, { label: "Admin", to: "/admin" }] : ACCOUNT_MENU;
  return (
    <AreaLayout
      menu={
        <SideMenu label="Account" entries={entries} wrap>
          {/* With a note, Logout takes the whole row of a narrow menu. */}
          <li className="has-[[role=alert]]:col-span-2 has-[[role=alert]]:w-full">
            <LogoutButton />
          </li>
        </SideMenu>
      }
    >
      {children}
    </AreaLayout>
  );
}

/**
 * Logout, sent with `fetch` when there is a script: the router would first load the logout
 * route's own script, and offline it reloads the page for it. A post that gets no answer leaves
 * the screen as it is and says so by the button; any answer goes Home, loaded anew so that
 * nothing of the session stays on screen. Without a script the browser posts the form itself.
 */
function LogoutButton() {
  const [state, setState] = useState<"idle" | "sending" | "unanswered">("idle");
  async function sendWithScript(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState("sending");
    const sent = await fetch(event.currentTarget.action, {
      method: "POST",
      body: new URLSearchParams(),
      redirect: "manual",
    }).then(
      () => true,
      () => false,
    );
    if (sent) window.location.assign("/");
    else setState("unanswered");
  }
  const sending = state === "sending";
  return (
    <>
      <form
        method="post"
        action="/logout"
        onSubmit={sendWithScript}
        aria-busy={sending || undefined}
      >
        <button
          type="submit"
          disabled={sending}
          className="block w-full rounded-lg px-4 py-2.5 text-left font-medium text-ink hover:bg-brand-50 hover:text-brand-800 disabled:opacity-60"
        >
          Logout
        </button>
      </form>
      <UnansweredNote
        fetcher={{ state: "idle", data: state === "unanswered" ? formUnanswered() : null }}
        className="mt-1"
      />
    </>
  );
}
