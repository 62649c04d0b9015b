import type { SubmissionResult } from "@conform-to/react";
import { Link, useFetcher } from "react-router";
import type { AdminEntryKind } from "../../lib/admin-entries.ts";
import { CreateEntrySchema } from "../../lib/admin-entries.ts";
import type { AdminEntryListItem } from "../../lib/admin-entries.ts";
import { INTENT_FIELD } from "../../lib/form-intent.ts";
import { Pager } from "../entry-grid.tsx";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { LocalDate } from "../local-date.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { SortableGrid } from "../sortable-grid.tsx";
import { AddItemModal, AdminCard, AdminToolbar, ScheduledBadge } from "./admin-entry-parts.tsx";

type Props = {
  config: AdminEntryKind;
  items: AdminEntryListItem[];
  page: number;
  pageCount: number;
  flash: Flash | null;
  adding: boolean;
  createResult?: SubmissionResult<string[]> | null;
};

/** /admin/projects, /admin/blog, /admin/opportunities (spec §2.5). */
export function AdminEntryList({
  config,
  items,
  page,
  pageCount,
  flash,
  adding,
  createResult,
}: Props) {
  const listPath = `/admin/${config.kind}`;
  const fetcher = useFetcher();
  return (
    <>
      <AdminToolbar backTo="/admin">
        <Link to="?add=1" preventScrollReset className="button-primary">
          Add Item
        </Link>
      </AdminToolbar>
      <ScreenHeading title={config.listTitle}>{config.listIntro}</ScreenHeading>
      <FlashMessage flash={flash} className="mt-6" />

      <div className="mt-8">
        {items.length === 0 ? (
          <p className="rounded-2xl bg-sand/60 p-8 text-center text-muted">{config.emptyText}</p>
        ) : config.sortable ? (
          <SortableGrid
            items={items}
            label={config.listTitle}
            itemName={(item) => item.title}
            className={config.gridClassName}
            moveAction={listPath}
            moveFields={{ [INTENT_FIELD]: "move" }}
            saving={fetcher.state !== "idle"}
            onReorder={(ids) =>
              fetcher.submit(
                { [INTENT_FIELD]: "order", ids: ids.join(",") },
                { method: "post", action: listPath, preventScrollReset: true },
              )
            }
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
        {config.sortable ? null : <Pager page={page} pageCount={pageCount} />}
      </div>

      {adding ? (
        <AddItemModal
          title={config.addTitle}
          closeTo={listPath}
          schema={CreateEntrySchema}
          fieldName="title"
          label={config.titleLabel}
          result={createResult}
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
      <ScheduledBadge scheduled={item.scheduled} />
    </AdminCard>
  );
}
