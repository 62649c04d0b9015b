import type { ReactNode } from "react";
import { Outlet, useRouteLoaderData } from "react-router";
import { UnseenUploadFailures } from "../../components/admin/unseen-upload-failures.tsx";
import { ErrorPage } from "../../components/error-page.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { AreaLayout, SideMenu, type SideMenuEntry } from "../../components/side-menu.tsx";
import { unreadMessageCount } from "../../lib/admin-messages.server.ts";
import {
  backWhenNotAnswered,
  backWhenSessionUnknown,
  guardedByLoader,
  requireAdmin,
} from "../../lib/guards.server.ts";
import { withSetCookies } from "../../lib/flash.server.ts";
import {
  keptForLogIn,
  keptThroughOutage,
  noteSignedInAdmin,
  typedFormOf,
} from "../../lib/kept-forms.server.ts";
import {
  apiClientContext,
  currentUserContext,
  sessionUnknownContext,
} from "../../lib/request-context.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, request, context }, next) => {
    // A Save or an Add without JavaScript: kept when it cannot go through (records 050, 061).
    const typed = await typedFormOf(request, url);
    if (typed && !context.get(currentUserContext)) {
      const kept = context.get(sessionUnknownContext)
        ? await keptThroughOutage(context, request, url, typed)
        : await keptForLogIn(context, request, url, typed);
      if (kept) throw kept;
    }
    const back = await backWhenSessionUnknown(request, { url, context });
    if (back) throw back;
    if (guardedByLoader(request, context)) return next();
    const admin = requireAdmin({ url, context });
    const response = await next();
    // A Save the API did not answer is kept; a button's post it did not answer goes back.
    const instead =
      typed && context.get(apiClientContext).writeUnanswered
        ? await keptThroughOutage(context, request, url, typed)
        : await backWhenNotAnswered(request, response, { url, context });
    return withSetCookies(instead ?? response, await noteSignedInAdmin(context, request, admin));
  },
];

/**
 * Present so client-side navigations reach the server and its guard; it also counts the unread
 * messages for the menu (record 036), again after every post, so the count follows the screens.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin({ url, context });
  return { unread: await unreadMessageCount(context) };
}

/**
 * The spec's menu (§2.5), plus Testimonials (its screen has no other way in) and, when the API
 * keeps them, Settings, Messages and Backup.
 */
function adminMenu(extensions: boolean, unread: number | null): SideMenuEntry[] {
  return [
    { label: "Dashboard", to: "/admin", end: true },
    { label: "Users", to: "/admin/users" },
    { label: "Blog", to: "/admin/blog" },
    { label: "Our Focus", to: "/admin/projects" },
    { label: "Opportunities", to: "/admin/opportunities" },
    { label: "Widgets", to: "/admin/widgets" },
    { label: "Galleries", to: "/admin/galleries" },
    { label: "Testimonials", to: "/admin/testimonials" },
    ...(extensions ? [{ label: "Activity", to: "/admin/activity" }] : []),
    ...(extensions
      ? [
          { label: "Trash", to: "/admin/trash" },
          { label: "Settings", to: "/admin/settings" },
          {
            label: "Messages",
            to: "/admin/messages",
            count: unread ? { value: unread, of: "unread" } : undefined,
          },
          { label: "Backup", to: "/admin/backup" },
        ]
      : []),
    { label: "Return To Account", to: "/account", end: true },
    { label: "Return To Web Site", to: "/", end: true },
  ];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame unread={loaderData?.unread ?? null}>
      <Outlet />
    </AdminFrame>
  );
}

/** A screen's 404 or failure keeps the menu, so the way on is one click away. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  // The area's menu is for an admin: a page the guard refused is the site's error page.
  if (useRootData()?.user?.role !== "admin") return <ErrorPage error={error} />;
  return (
    <AdminFrame unread={layout?.unread ?? null}>
      <ErrorPage error={error} />
    </AdminFrame>
  );
}

function AdminFrame({ unread, children }: { unread: number | null; children: ReactNode }) {
  const extensions = useRootData()?.settings.editable ?? false;
  return (
    <AreaLayout menu={<SideMenu label="Admin" entries={adminMenu(extensions, unread)} />}>
      <UnseenUploadFailures />
      {children}
    </AreaLayout>
  );
}
