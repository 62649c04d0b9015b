import { Outlet } from "react-router";
import { useRootData } from "../../lib/root-data.ts";
import { AreaLayout, SideMenu, type SideMenuEntry } from "../../components/side-menu.tsx";
import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  ({ url, context }) => {
    requireAdmin({ url, context });
  },
];

/** Present so client-side navigations reach the server and its guard. */
export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin({ url, context });
  return null;
}

/**
 * The spec's menu (§2.5), plus Testimonials (its screen has no other way in) and, when the API
 * keeps them, Settings and Messages.
 */
function adminMenu(extensions: boolean): SideMenuEntry[] {
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
          { label: "Messages", to: "/admin/messages" },
        ]
      : []),
    { label: "Return To Account", to: "/account", end: true },
    { label: "Return To Web Site", to: "/", end: true },
  ];
}

export default function AdminLayout() {
  const extensions = useRootData()?.settings.editable ?? false;
  return (
    <AreaLayout menu={<SideMenu label="Admin" entries={adminMenu(extensions)} />}>
      <Outlet />
    </AreaLayout>
  );
}
