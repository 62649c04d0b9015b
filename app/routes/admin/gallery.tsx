import { AdminGalleryEditor } from "../../components/admin/admin-gallery-editor.tsx";
import { adminGalleryAction, loadAdminGalleryScreen } from "../../lib/admin-galleries.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/gallery";

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  return loadAdminGalleryScreen(context, { request, url, id: params.id });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return adminGalleryAction(context, params.id, request);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Manage Gallery");
}

export default function AdminGallery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminGalleryEditor
      key={loaderData.gallery.id}
      gallery={loaderData.gallery}
      flash={loaderData.flash}
      confirmingDelete={loaderData.confirmingDelete}
      editingPhotoId={loaderData.editingPhotoId}
      imageMaxBytes={loaderData.imageMaxBytes}
      actionData={actionData}
    />
  );
}
