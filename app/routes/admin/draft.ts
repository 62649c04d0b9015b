import { isRouteErrorResponse } from "react-router";
import { draftAction } from "../../lib/drafts.server.ts";
import type { AutosaveFailure } from "../../lib/drafts.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/draft";

/** /admin/drafts/{subject}/{id}: the edit screens' autosave and the banner's Discard. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  requireAdmin({ url, context });
  return draftAction(context, request, params);
}

/**
 * An autosave the site did not answer (the connection dropped) is told by the Save button: the
 * router would otherwise show its error page in place of the edit screen, and what was typed with
 * it. Redirects and the server's own refusals go on as they are.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const failed: AutosaveFailure = "unavailable";
    return { saved_at: null, failed };
  }
}
