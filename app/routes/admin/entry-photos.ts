import { adminEntryKindAt } from "../../lib/admin-entries.ts";
import { uploadEntryPhotos } from "../../lib/admin-entries.server.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/entry-photos";

/** POST /admin/{kind}/{id}/photos: the upload zone's files (one per request) or the plain form's. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  requireAdmin({ url, context });
  return uploadEntryPhotos(context, adminEntryKindAt(url.pathname).kind, params.id, request);
}
