import { AdminGalleryEditor } from "../../components/admin/admin-gallery-editor.tsx";
import {
  adminGalleryAction,
  loadAdminGalleryScreen,
  type GalleryActionData,
} from "../../lib/admin-galleries.server.ts";
import { revalidateAfterConflict } from "../../lib/changed-meanwhile.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/gallery";

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  return loadAdminGalleryScreen(context, { request, url, id: params.id });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return adminGalleryAction(context, params.id, request);
}

/**
 * A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts):
 * the photo modal's (`?photo=`), or the name's.
 */
export const clientAction = ({ serverAction, url }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, (message): GalleryActionData => ({
    intent: url.searchParams.has("photo") ? "save-photo" : "save",
    ...formUnanswered(message),
  }));

/** A save stopped by a change made meanwhile reloads the screen (record 053). */
export const shouldRevalidate = revalidateAfterConflict;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Manage Gallery");
}

export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminGalleryEditor
      key={loaderData.gallery.id}
      gallery={loaderData.gallery}
      flash={loaderData.flash}
      kept={loaderData.kept}
      confirmingDelete={loaderData.confirmingDelete}
      editingPhotoId={loaderData.editingPhotoId}
      imageMaxBytes={loaderData.imageMaxBytes}
      actionData={actionData}
    />
  );
}
