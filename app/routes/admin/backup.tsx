import { AdminToolbar } from "../../components/admin/admin-entry-parts.tsx";
import { buttonClass } from "../../components/form-fields.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { requireAdmin, requireSiteExtensions } from "../../lib/guards.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/backup";

/** A fresh backup of the whole site as a file (our API's extension, record 044). */
export function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin({ context, url });
  requireSiteExtensions(context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Backup");
}

export default function AdminBackup() {
  return (
    <>
      <AdminToolbar backTo="/admin" />
      <ScreenHeading title="Backup">
        One file with everything the site holds: the content, the accounts and every uploaded photo.
        It can be restored on this server or on another one.
      </ScreenHeading>
      <div className="mt-8 max-w-2xl space-y-4">
        <p>
          Keep the file somewhere safe and private: it holds every account and the key that protects
          two-factor sign-ins. You will be asked to confirm your password first.
        </p>
        {/* A plain link: the file downloads with or without JavaScript. */}
        <a href="/admin/backup/download" className={buttonClass("primary")}>
          Download a backup
        </a>
      </div>
    </>
  );
}
