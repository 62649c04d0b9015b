import { ADMIN_ENTRY_KINDS } from "../../lib/admin-entries.ts";
import { uploadEntryPhotos } from "../../lib/admin-entries.server.ts";
import type { EntryKind } from "../../lib/api-types.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/entry-photos";

/** POST /admin/{kind}/{id}/photos: the upload zone's files (one per request) or the plain form's. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  requireAdmin({ url, context });
  const kind = url.pathname.split("/")[2] as EntryKind;
  if (!(kind in ADMIN_ENTRY_KINDS)) throw new Response("Not Found", { status: 404 });
  return uploadEntryPhotos(context, kind, params.id, request);
}
