import { AdminGalleryList } from "../../components/admin/admin-gallery-list.tsx";
import {
  adminGalleryListAction,
  loadAdminGalleryListScreen,
} from "../../lib/admin-galleries.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/galleries";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminGalleryListScreen(context, { request, url });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminGalleryListAction(context, request);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Galleries");
}

export default function AdminGalleries({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminGalleryList
      galleries={loaderData.galleries}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      search={loaderData.search}
      flash={loaderData.flash}
      adding={loaderData.adding}
      unavailable={loaderData.unavailable}
      createResult={actionData?.result}
    />
  );
}
