import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher } from "react-router";
import type { AdminEntryKind } from "../../lib/admin-entries.ts";
import { CreateEntrySchema } from "../../lib/admin-entries.ts";
import type { AdminEntryListItem } from "../../lib/admin-entries.ts";
import { INTENT_FIELD } from "../../lib/forms.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import { Pager } from "../entry-grid.tsx";
import { FlashMessage, type Flash } from "../flash-message.tsx";
import {
  FormMessage,
  IntentField,
  SubmitButton,
  TextField,
  formMessageOf,
} from "../form-fields.tsx";
import { LocalDate } from "../local-date.tsx";
import { Modal } from "../modal.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { SortableGrid } from "../sortable-grid.tsx";
import { AdminToolbar, EntryThumbnail, ScheduledBadge } from "./admin-entry-parts.tsx";

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

      {adding ? <AddEntryModal config={config} result={createResult} /> : null}
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
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      <EntryThumbnail url={item.image_url} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-sans text-lg leading-snug font-semibold text-ink">{item.title}</h2>
        {showDate ? (
          <p className="text-sm text-muted">
            <LocalDate iso={item.created_at} />
          </p>
        ) : null}
        <ScheduledBadge scheduled={item.scheduled} />
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <Link
            to={`/admin/${kind}/${item.id}`}
            aria-label={`Edit ${item.title}`}
            className="rounded-full bg-brand-50 px-4 py-1.5 font-semibold text-brand-800 no-underline ring-1 ring-brand-100 hover:bg-brand-100"
          >
            Edit
          </Link>
          {dragHandle}
        </div>
      </div>
    </article>
  );
}

function AddEntryModal({
  config,
  result,
}: {
  config: AdminEntryKind;
  result?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useAppForm(CreateEntrySchema, { id: "add-entry", lastResult: result });
  return (
    <Modal title={config.addTitle} closeTo={`/admin/${config.kind}`}>
      <Form method="post" action="?add=1" {...getFormProps(form)} className="space-y-5">
        <FormMessage form={form} />
        <IntentField value="create" />
        <TextField
          meta={fields.title}
          label={config.titleLabel}
          formMessage={formMessageOf(form)}
          focusFirst
        />
        <div className="flex justify-end">
          <SubmitButton intent="create" pendingText="Adding…">
            {config.addTitle}
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
