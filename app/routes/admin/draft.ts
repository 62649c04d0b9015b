import { draftAction } from "../../lib/drafts.server.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/draft";

/** /admin/drafts/{subject}/{id}: the edit screens' autosave and the banner's Discard. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  requireAdmin({ url, context });
  return draftAction(context, request, params);
}
