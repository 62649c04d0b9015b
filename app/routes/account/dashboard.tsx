import { Link } from "react-router";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { useCurrentUser } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Dashboard");
}

export default function AccountDashboard() {
  const user = useCurrentUser();
  return (
    <>
      <ScreenHeading title="Dashboard">
        {user ? `Welcome, ${user.firstname}. ` : ""}
        Use the menu to manage your profile, password and two factor authentication
        {user?.role === "admin" ? ", or the admin button to manage the web site." : "."}
      </ScreenHeading>
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
