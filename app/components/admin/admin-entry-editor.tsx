import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import {
  EntryFormSchema,
  entryFormValues,
  entrySubject,
  photosConsequence,
  publishDateText,
  type AdminEntryKind,
} from "../../lib/admin-entries.ts";
import type { AdminEntry } from "../../lib/api-types.ts";
import type { SavedMeanwhile } from "../../lib/changed-meanwhile.ts";
import type { EditConflict } from "../../lib/history.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { FormMessage, IntentField, TextAreaField, TextField } from "../form-fields.tsx";
import { AppForm } from "../app-form.tsx";
import { ConfirmDialog } from "../modal.tsx";
import { RichTextEditor } from "../rich-text-editor.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import type { DraftBanner } from "../../lib/drafts.ts";
import { Autosave, DraftNotice } from "./autosave.tsx";
import {
  AdminToolbar,
  PreviewButton,
  PublishButton,
  SaveOrDeleteButtons,
  StatusBadge,
} from "./admin-entry-parts.tsx";
import {
  EditConflictScreen,
  LoadedValuesField,
  VersionField,
  SavedMeanwhileNote,
  TheirValues,
} from "./edit-conflict.tsx";
import { EntryPhotoSection } from "./entry-photos.tsx";
import { ImageChooser } from "./image-chooser.tsx";
import { OldAddresses, RemoveRedirectForm } from "./old-addresses.tsx";

type Props = {
  config: AdminEntryKind;
  entry: AdminEntry;
  flash: Flash | null;
  confirmingDelete: boolean;
  /** The largest photo the upload zone lets through. */
  imageMaxBytes: number;
  saveResult?: SubmissionResult<string[]> | null;
  /** The article as last submitted, so a failed save loses nothing. */
  submittedArticle?: string;
  /** A save answered 409: the conflict screen instead of the form (record 030). */
  conflict?: EditConflict;
  /** "Merge by hand": the form holds what was typed, at their version, their values beside it. */
  merge?: EditConflict;
  /** The admin's autosaved draft of this entry, if any. */
  draft?: DraftBanner | null;
  /**
   * The save found the entry deleted: the form holds what was typed, and nothing on the screen
   * leads to the entry or changes it but Save (each would end on the 404 page, dropping the form).
   */
  gone?: boolean;
  /** Without versions, a save stopped by a colleague's change to the same field (record 057). */
  savedMeanwhile?: SavedMeanwhile[];
};

const ENTRY_FIELDS = ["title", "slug", "created_at", "preview_text", "article"] as const;

/** /admin/projects/{id}, /admin/blog/{id}, /admin/opportunities/{id} (spec §2.5). */
export function AdminEntryEditor({
  config,
  entry,
  flash,
  confirmingDelete,
  imageMaxBytes,
  saveResult,
  submittedArticle,
  conflict,
  merge,
  draft,
  gone = false,
  savedMeanwhile,
}: Props) {
  const restored = draft?.restored?.values;
  const here = `/admin/${config.kind}/${entry.id}`;
  const extensions = useRootData()?.settings.editable ?? false;
  // History, Preview, the status and Publish: our API's extensions, about an entry still there.
  const entryTools = extensions && !gone;
  const [form, fields] = useAppForm(EntryFormSchema, {
    id: `entry-${entry.id}`,
    // Page order: the picture (`image`, not parsed here) after the date.
    fieldOrder: ["title", "slug", "created_at", "image", "preview_text", "article"],
    lastResult: saveResult,
    defaultValue: merge
      ? merge.mine
      : {
          title: restored?.title ?? entry.title,
          slug: restored?.slug ?? entry.slug,
          preview_text: restored?.preview_text ?? entry.preview_text ?? "",
          created_at: restored?.created_at ?? publishDateText(entry.created_at),
        },
  });
  const version = merge?.version ?? entry.version;
  const imageErrors = form.allErrors.image ?? [];

  return (
    <>
      <AdminToolbar backTo={`/admin/${config.kind}`}>
        {entryTools ? (
          <Link to={`${here}/history`} className="button-light">
            History
          </Link>
        ) : null}
        {entryTools && entry.status && !conflict ? (
          // What the form holds as visitors will see it, whatever its status (records 031, 054).
          <PreviewButton formId={form.id} action={`${here}/preview`} />
        ) : null}
        {!gone && (entry.status === undefined || entry.status === "published") ? (
          <Link to={entry.url} className="button-light">
            View on the site
          </Link>
        ) : null}
      </AdminToolbar>
      <ScreenHeading title={config.editTitle}>{entry.title}</ScreenHeading>
      {entryTools ? (
        <div className="mt-3">
          <StatusBadge status={entry.status} />
        </div>
      ) : null}
      {/* A photo's "Moved to Trash" and its Undo show by the photo grid. */}
      <FlashMessage flash={flash?.photos ? null : flash} className="mt-6" />
      <DraftNotice draft={draft} subject={config.kind} id={entry.id} here={here} />
      {conflict ? (
        <EditConflictScreen
          conflict={conflict}
          fields={ENTRY_FIELDS.filter((field) => field !== "created_at" || config.publishDate)}
        />
      ) : (
        entryForm()
      )}
    </>
  );

  // Called, not rendered as a component: the form must keep its state across renders.
  function entryForm() {
    return (
      <>
        {merge ? <TheirValues conflict={merge} /> : null}
        {savedMeanwhile ? <SavedMeanwhileNote values={savedMeanwhile} /> : null}
        <AppForm form={form} encType="multipart/form-data" className="mt-8 max-w-3xl space-y-6">
          <FormMessage />
          <IntentField value="save" />
          <VersionField version={version} refusal={saveResult} />
          {/* Without versions (a Laravel backend), what the save compares with (record 057). */}
          {version === undefined && !gone ? (
            <LoadedValuesField
              values={entryFormValues(entry)}
              kept={restored}
              refusal={saveResult}
            />
          ) : null}
          <TextField meta={fields.title} label="Title" />
          <TextField
            meta={fields.slug}
            label="Item Slug URL"
            hint={`The page's address: /${config.kind}/… — lowercase letters, digits and hyphens.`}
          />
          {gone ? null : <OldAddresses kind={config.kind} slugs={entry.old_slugs} />}
          {config.publishDate ? (
            <TextField
              meta={fields.created_at}
              label="Change Publish Date"
              hint={
                entry.status === "draft" && entry.date_chosen === false
                  ? "dd/mm/yyyy. Left as it is, the post is dated the day you publish it. A date in the future keeps it hidden until that day."
                  : "dd/mm/yyyy. A date in the future keeps the post hidden until that day."
              }
              inputMode="numeric"
            />
          ) : null}
          <ImageChooser
            id="entry-image"
            name="image"
            currentUrl={entry.image_url}
            errors={imageErrors}
            emptyHint="Choose the item's picture."
          />
          <TextAreaField
            meta={fields.preview_text}
            label="Preview Text"
            hint="Shown on the cards and in link previews. Leave it empty to use the start of the text."
          />
          <RichTextEditor
            name="article"
            label={config.articleLabel}
            defaultValue={submittedArticle ?? restored?.article ?? entry.article ?? ""}
            errors={form.allErrors.article}
          />
          <SaveOrDeleteButtons
            deleteLabel={gone ? undefined : "Delete Item"}
            beside={entryTools && entry.status ? <PublishButton status={entry.status} /> : null}
          />
          <Autosave formId={form.id} subject={config.kind} id={entry.id} draft={draft} />
        </AppForm>
        {gone ? null : (
          <>
            {entry.old_slugs?.length ? <RemoveRedirectForm here={here} /> : null}
            <EntryPhotoSection
              flash={flash?.photos ? flash : null}
              photos={entry.images}
              here={here}
              imageMaxBytes={imageMaxBytes}
              subject={entry.title}
            />
          </>
        )}

        {confirmingDelete ? (
          <ConfirmDialog
            cancelTo={here}
            action={here}
            subject={entrySubject(config.kind, entry.title)}
            consequence={photosConsequence(entry.images.length)}
          />
        ) : null}
      </>
    );
  }
}
