import type { SubmissionResult } from "@conform-to/react";
import type { KeptAtSignOut } from "../../lib/drafts.ts";
import { Link, useFetcher } from "react-router";
import type { AdminEntryKind } from "../../lib/admin-entries.ts";
import { CreateEntrySchema, STATUS_FILTERS } from "../../lib/admin-entries.ts";
import type { EntryStatus } from "../../lib/api-types.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { AdminEntryListItem } from "../../lib/admin-entries.ts";
import { INTENT_FIELD } from "../../lib/form-intent.ts";
import { Pager } from "../entry-grid.tsx";
import { UnansweredNote } from "../form-fields.tsx";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { LocalDate } from "../local-date.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { SortableGrid } from "../sortable-grid.tsx";
import {
  AddItemLink,
  AddItemModal,
  AdminCard,
  AdminToolbar,
  StatusBadge,
} from "./admin-entry-parts.tsx";
import { AdminListSearch, emptyListText, searchPagerQuery } from "./admin-list-search.tsx";

type Props = {
  config: AdminEntryKind;
  items: AdminEntryListItem[];
  page: number;
  pageCount: number;
  search: string;
  status: EntryStatus | "";
  flash: Flash | null;
  adding: boolean;
  /** What an Add sent after the session ended, kept over Log In: the modal starts from it. */
  keptAdd?: KeptAtSignOut | null;
  createResult?: SubmissionResult<string[]> | null;
  /** The list could not be read: a message in its place, the rest of the screen as ever. */
  unavailable?: boolean;
};

/** /admin/projects, /admin/blog, /admin/opportunities (spec §2.5). */
export function AdminEntryList({
  config,
  items,
  page,
  pageCount,
  search,
  status,
  flash,
  adding,
  keptAdd,
  createResult,
  unavailable = false,
}: Props) {
  const listPath = `/admin/${config.kind}`;
  const filters: Record<string, string> = status ? { status } : {};
  // Reordering a filtered list comes back to it (the API orders the shown items among themselves).
  const shown = new URLSearchParams({ ...filters, ...(search ? { q: search } : {}) }).toString();
  const shownPath = shown ? `${listPath}?${shown}` : listPath;
  const fetcher = useFetcher();
  const extensions = useRootData()?.settings.editable ?? false;
  return (
    <>
      <AdminToolbar backTo="/admin">
        <AddItemLink>Add Item</AddItemLink>
      </AdminToolbar>
      <ScreenHeading title={config.listTitle}>{config.listIntro}</ScreenHeading>
      <FlashMessage flash={flash} className="mt-6" />

      {extensions ? (
        <div className="mt-8 flex flex-col gap-4">
          <StatusFilter
            listPath={listPath}
            status={status}
            search={search}
            label={`Filter ${config.listTitle} by status`}
          />
          <AdminListSearch search={search} label={`Search ${config.listTitle}`} keep={filters} />
        </div>
      ) : null}
      <div className="mt-8">
        <UnansweredNote fetcher={fetcher} className="mb-4" />
        {items.length === 0 ? (
          <p className="rounded-2xl bg-sand/60 p-8 text-center text-muted">
            {emptyListText(search, status ? NO_STATUS_TEXT[status] : config.emptyText, unavailable)}
          </p>
        ) : config.sortable ? (
          <SortableGrid
            items={items}
            label={config.listTitle}
            itemName={(item) => item.title}
            className={config.gridClassName}
            moveAction={shownPath}
            moveFields={{ [INTENT_FIELD]: "move" }}
            saving={fetcher.state !== "idle"}
            onReorder={(ids) => {
              fetcher.reset();
              void fetcher.submit(
                { [INTENT_FIELD]: "order", ids: ids.join(",") },
                { method: "post", action: shownPath, preventScrollReset: true },
              );
            }}
            renderItem={(item, dragHandle) => (
              <EntryCard item={item} kind={config.kind} showDate={false} dragHandle={dragHandle} />
            )}
          />
        ) : (
          <ul className={config.gridClassName} aria-label={config.listTitle}>
            {items.map((item) => (
              <li key={item.id}>
                <EntryCard item={item} kind={config.kind} showDate />
              </li>
            ))}
          </ul>
        )}
        {config.sortable ? null : (
          <Pager page={page} pageCount={pageCount} query={searchPagerQuery(search, filters)} />
        )}
      </div>

      {adding ? (
        <AddItemModal
          title={config.addTitle}
          schema={CreateEntrySchema}
          fieldName="title"
          label={config.titleLabel}
          result={createResult}
          kept={keptAdd}
        />
      ) : null}
    </>
  );
}

function EntryCard({
  item,
  kind,
  showDate,
  dragHandle,
}: {
  item: AdminEntryListItem;
  kind: string;
  showDate: boolean;
  dragHandle?: React.ReactNode;
}) {
  return (
    <AdminCard
      imageUrl={item.image_url}
      title={item.title}
      editTo={`/admin/${kind}/${item.id}`}
      dragHandle={dragHandle}
    >
      {showDate ? (
        <p className="text-sm text-muted">
          <LocalDate iso={item.created_at} />
        </p>
      ) : null}
      <StatusBadge status={item.status} />
    </AdminCard>
  );
}

const NO_STATUS_TEXT: Record<EntryStatus, string> = {
  draft: "There are no drafts.",
  scheduled: "Nothing is scheduled.",
  published: "Nothing is published yet.",
};

/**
 * All, Drafts, Scheduled, Published: links (`?status=`), so they work without JavaScript; the
 * search is kept, the page starts again at the first.
 */
function StatusFilter({
  listPath,
  status,
  search,
  label,
}: {
  listPath: string;
  status: EntryStatus | "";
  search: string;
  label: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {STATUS_FILTERS.map((filter) => {
          const query = new URLSearchParams({
            ...(filter.status ? { status: filter.status } : {}),
            ...(search ? { q: search } : {}),
          }).toString();
          const current = filter.status === status;
          return (
            <li key={filter.label}>
              <Link
                to={query ? `${listPath}?${query}` : listPath}
                aria-current={current ? "page" : undefined}
                className={`inline-block rounded-full px-3 py-1.5 font-semibold no-underline ring-1 sm:px-4 ${
                  current
                    ? "bg-brand-700 text-white ring-brand-700"
                    : "bg-white text-brand-800 ring-brand-100 hover:bg-brand-50"
                }`}
              >
                {filter.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
