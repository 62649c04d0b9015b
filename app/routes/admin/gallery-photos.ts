import { uploadGalleryPhotos } from "../../lib/admin-galleries.server.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/gallery-photos";

/** POST /admin/galleries/{id}/photos: the upload zone's files (one per request) or the plain form's. */
export async function action({ context, request, params, url }: Route.ActionArgs) {
  requireAdmin({ url, context });
  return uploadGalleryPhotos(context, params.id, request);
}
