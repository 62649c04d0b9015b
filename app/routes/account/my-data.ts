import { assertOk } from "../../lib/api.server.ts";
import { requireSiteExtensions, requireUser } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import type { Route } from "./+types/my-data";

const FILENAME = "almoner-my-data.json";

/**
 * "Download my data" (our API's extension, record 037): the member's data from
 * GET /api/user/export as a file, never kept by a cache. A Laravel backend has no such call.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser({ url, context });
  requireSiteExtensions(context);
  const api = context.get(apiClientContext);
  const body = assertOk(await api.get("/api/user/export"), "Downloading the member's data");
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${FILENAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
