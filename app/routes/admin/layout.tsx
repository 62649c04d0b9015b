import { Outlet } from "react-router";
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

const ADMIN_MENU: SideMenuEntry[] = [
  { label: "Dashboard", to: "/admin", end: true },
  { label: "Users", to: "/admin/users" },
  { label: "Blog", to: "/admin/blog" },
  { label: "Our Focus", to: "/admin/projects" },
  { label: "Opportunities", to: "/admin/opportunities" },
  { label: "Widgets", to: "/admin/widgets" },
  { label: "Galleries", to: "/admin/galleries" },
  { label: "Return To Account", to: "/account", end: true },
  { label: "Return To Web Site", to: "/", end: true },
];

export default function AdminLayout() {
  return (
    <AreaLayout menu={<SideMenu label="Admin" entries={ADMIN_MENU} />}>
      <Outlet />
    </AreaLayout>
  );
}
