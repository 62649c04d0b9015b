import { Form, Link } from "react-router";
import { AdminToolbar } from "../../components/admin/admin-entry-parts.tsx";
import { Pager } from "../../components/entry-grid.tsx";
import { FlashMessage } from "../../components/admin/admin-flash-message.tsx";
import {
  AdminListSearch,
  emptyListText,
  searchPagerQuery,
} from "../../components/admin/admin-list-search.tsx";
import { LocalDateTime } from "../../components/local-date-time.tsx";
import { IntentField, SubmitButton } from "../../components/form-fields.tsx";
import { Modal, NotDoneMessage, useDialogAddress } from "../../components/modal.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { loadTrashScreen, trashAction, type TrashItem } from "../../lib/admin-trash.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { flashUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/trash";

/** The trash's kinds as the screen names them. */
const KIND_LABELS: Record<string, string> = {
  project: "Project",
  blog: "Blog Post",
  opportunity: "Opportunity",
  gallery: "Gallery",
  gallery_image: "Gallery Photo",
  entry_image: "Photo",
  testimonial: "Testimonial",
  widget: "Widget",
  contact_message: "Message",
  user: "User",
  draft: "Unsaved Changes",
};

export function loader({ context, request, url }: Route.LoaderArgs) {
  return loadTrashScreen(context, { request, url });
}

export function action({ context, request }: Route.ActionArgs) {
  return trashAction(context, request);
}

/** A post the site did not answer leaves the screen as it was, with a message. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, flashUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Trash");
}

export default function AdminTrash({ loaderData, actionData }: Route.ComponentProps) {
  const { results: items, page, pageCount, flash, purging, search, unavailable } = loaderData;
  const first = items[0];
  const keptDays = first
    ? Math.round((Date.parse(first.purge_at) - Date.parse(first.deleted_at)) / 86_400_000)
    : null;
  return (
    <>
      <AdminToolbar backTo="/admin" />
      <ScreenHeading title="Trash">
        What staff deleted, newest first.
        {keptDays !== null
          ? ` Items are kept ${keptDays} ${keptDays === 1 ? "day" : "days"}, then deleted permanently.`
          : null}
      </ScreenHeading>
      <FlashMessage flash={actionData?.flash ?? flash} className="mt-6" />
      <div className="mt-6">
        <AdminListSearch search={search} label="Search the trash" />
      </div>
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-sand/60 p-8 text-center text-muted">
          {emptyListText(search, "The trash is empty.", unavailable)}
        </p>
      ) : (
        <>
          {/* A table where there is room for one; a list of cards on a phone. */}
          <div className="mt-6 hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-brand-100 lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Deleted items</caption>
              <thead className="bg-brand-50 text-brand-900">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Kind
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Title
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Deleted
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Purged on
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-brand-100">
                {items.map((item) => (
                  <TrashRow key={item.id} item={item} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="mt-6 space-y-4 lg:hidden" aria-label="Deleted items">
            {items.map((item) => (
              <li key={item.id}>
                <TrashCard item={item} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pageCount={pageCount} query={searchPagerQuery(search)} />
      {purging ? <PurgeDialog item={purging} /> : null}
    </>
  );
}

function TrashRow({ item }: { item: TrashItem }) {
  return (
    <tr className="align-middle">
      <td className="px-4 py-3 whitespace-nowrap text-muted">{kindLabel(item)}</td>
      <th scope="row" className="px-4 py-3 font-semibold text-ink">
        {item.title || "(untitled)"}
      </th>
      <td className="px-4 py-3">
        <DeletedWhenAndWho item={item} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <LocalDateTime iso={item.purge_at} dateOnly />
      </td>
      <td className="px-4 py-3">
        <TrashActions item={item} />
      </td>
    </tr>
  );
}

function TrashCard({ item }: { item: TrashItem }) {
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
      <p className="text-sm text-muted">{kindLabel(item)}</p>
      <h2 className="mt-1 font-sans text-lg font-semibold text-ink">
        {item.title || "(untitled)"}
      </h2>
      <p className="mt-2 text-sm">
        Deleted <DeletedWhenAndWho item={item} />
      </p>
      <p className="mt-1 text-sm text-muted">
        Purged on <LocalDateTime iso={item.purge_at} dateOnly />
      </p>
      <div className="mt-4">
        <TrashActions item={item} />
      </div>
    </article>
  );
}

const kindLabel = (item: TrashItem) => KIND_LABELS[item.kind] ?? item.kind;

function DeletedWhenAndWho({ item }: { item: TrashItem }) {
  return (
    <>
      <LocalDateTime iso={item.deleted_at} />
      {item.deleted_by?.name ? (
        <span className="block text-muted">by {item.deleted_by.name}</span>
      ) : null}
    </>
  );
}

/** A purge's confirmation (`?confirm=purge&id=N`) over the list as it is, its page and search. */
const PURGE_PARAMETERS = ["confirm", "id"];

function TrashActions({ item }: { item: TrashItem }) {
  // Restore, and a purge's Confirm and Cancel, come back to the list as it is.
  const { openTo, closeTo: back } = useDialogAddress(PURGE_PARAMETERS);
  return (
    <div className="flex flex-wrap justify-end gap-2 lg:flex-nowrap">
      <Form method="post">
        <IntentField value="restore" />
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="back" value={back} />
        <button
          type="submit"
          className="button-light !px-3 !py-1.5"
          aria-label={`Restore “${item.title}”`}
        >
          Restore
        </button>
      </Form>
      <Link
        to={openTo({ confirm: "purge", id: String(item.id) })}
        preventScrollReset
        aria-label={`Delete “${item.title}” permanently`}
        className="button bg-white !px-3 !py-1.5 whitespace-nowrap text-red-800 ring-1 ring-red-200 hover:bg-red-50"
      >
        Delete Permanently
      </Link>
    </div>
  );
}

/** The existing confirmation step, naming the item. */
function PurgeDialog({ item }: { item: TrashItem }) {
  const { closeTo: back } = useDialogAddress(PURGE_PARAMETERS);
  return (
    <Modal
      title="Please Confirm?"
      closeTo={back}
      role="alertdialog"
      description={`Delete “${item.title}” permanently? It cannot be undone.`}
    >
      <NotDoneMessage />
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={back} preventScrollReset data-autofocus className="button-light">
          Cancel
        </Link>
        <Form method="post" action={back}>
          <IntentField value="purge" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="back" value={back} />
          <SubmitButton intent="purge" pendingText="Deleting…" variant="danger">
            Confirm
          </SubmitButton>
        </Form>
      </div>
    </Modal>
  );
}
