import type { ReactNode } from "react";
import { Form, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "../../components/error-page.tsx";
import { AreaLayout, SideMenu, type SideMenuEntry } from "../../components/side-menu.tsx";
import { requireUser } from "../../lib/guards.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  ({ url, context }) => {
    requireUser({ url, context });
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
          <li>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="block w-full rounded-lg px-4 py-2.5 text-left font-medium text-ink hover:bg-brand-50 hover:text-brand-800"
              >
                Logout
              </button>
            </Form>
          </li>
        </SideMenu>
      }
    >
      {children}
    </AreaLayout>
  );
}
