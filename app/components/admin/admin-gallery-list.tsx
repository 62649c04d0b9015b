import type { SubmissionResult } from "@conform-to/react";
import type { KeptAtSignOut } from "../../lib/drafts.ts";
import { GalleryNameSchema } from "../../lib/admin-galleries.ts";
import type { Gallery } from "../../lib/api-types.ts";
import { Pager } from "../entry-grid.tsx";
import { AdminListSearch, emptyListText, searchPagerQuery } from "./admin-list-search.tsx";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { AddItemLink, AddItemModal, AdminCard, AdminToolbar } from "./admin-entry-parts.tsx";

type Props = {
  galleries: Gallery[];
  page: number;
  pageCount: number;
  search: string;
  flash: Flash | null;
  adding: boolean;
  /** What an Add sent after the session ended, kept over Log In: the modal starts from it. */
  keptAdd?: KeptAtSignOut | null;
  createResult?: SubmissionResult<string[]> | null;
  /** The list could not be read: a message in its place, the rest of the screen as ever. */
  unavailable?: boolean;
};

/** /admin/galleries (spec §2.5): a paged grid of gallery cards and the Add Gallery modal. */
export function AdminGalleryList({
  galleries,
  page,
  pageCount,
  search,
  flash,
  adding,
  keptAdd,
  createResult,
  unavailable = false,
}: Props) {
  return (
    <>
      <AdminToolbar backTo="/admin">
        <AddItemLink>Add Gallery</AddItemLink>
      </AdminToolbar>
      <ScreenHeading title="Galleries">Collections of photos, newest first.</ScreenHeading>
      <FlashMessage flash={flash} className="mt-6" />

      <div className="mt-8">
        <AdminListSearch search={search} label="Search galleries" />
      </div>
      <div className="mt-6">
        {galleries.length === 0 ? (
          <p className="rounded-2xl bg-sand/60 p-8 text-center text-muted">
            {emptyListText(search, "There are no galleries yet. Add the first one.", unavailable)}
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-label="Galleries">
            {galleries.map((gallery) => (
              <li key={gallery.id}>
                <AdminCard
                  imageUrl={gallery.image_url}
                  title={gallery.name}
                  editTo={`/admin/galleries/${gallery.id}`}
                >
                  <p className="text-sm text-muted">{photoCount(gallery.images.length)}</p>
                </AdminCard>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pageCount} query={searchPagerQuery(search)} />
      </div>

      {adding ? (
        <AddItemModal
          title="Add Gallery"
          schema={GalleryNameSchema}
          fieldName="name"
          label="Name"
          result={createResult}
          kept={keptAdd}
        />
      ) : null}
    </>
  );
}

function photoCount(count: number): string {
  if (count === 0) return "No photos yet";
  return count === 1 ? "1 photo" : `${count} photos`;
}
