import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/gallery-photos";

/** POST /admin/galleries/{id}/photos: the upload zone's files (one per request) or the plain form's. */
export async function action({ context, url }: Route.ActionArgs) {
  requireAdmin({ url, context });
  throw new Response("Not Found", { status: 404 });
}
