import { requireAdmin, requireSiteExtensions } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import type { Route } from "./+types/backup-download";

/** The archive can take a while to gather on a site with many photos. */
const BACKUP_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Streams GET /api/backup to the admin. Without a recent password confirmation the API answers
 * 423 and the admin confirms it, then comes back to the Backup screen.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin({ context, url });
  requireSiteExtensions(context);
  const api = context.get(apiClientContext);
  const response = await api.download("/api/backup", "/admin/backup", BACKUP_TIMEOUT_MS);
  if (!response.ok) throw new Error(`Downloading a backup: the API answered ${response.status}`);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const name of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { headers });
}
