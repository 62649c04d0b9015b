import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useRevalidator, type FetcherWithComponents } from "react-router";
import {
  EMBED_WIDTHS,
  EntryFormSchema,
  publishDateText,
  type AdminEntryKind,
} from "../../lib/admin-entries.ts";
import type { EntryDetail, EntryImage } from "../../lib/api-types.ts";
import { INTENT_FIELD } from "../../lib/forms.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import { FlashMessage, type Flash } from "../flash-message.tsx";
import {
  FormMessage,
  IntentField,
  SubmitButton,
  TextAreaField,
  TextField,
  firstInvalidField,
  formMessageOf,
} from "../form-fields.tsx";
import { RotateIcon, TrashIcon } from "../icons.tsx";
import { ConfirmDialog } from "../modal.tsx";
import { RichTextEditor } from "../rich-text-editor.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { SortableGrid } from "../sortable-grid.tsx";
import { UploadZone } from "../upload-zone.tsx";
import { AdminToolbar } from "./admin-entry-parts.tsx";
import { ImageChooser } from "./image-chooser.tsx";

type Props = {
  config: AdminEntryKind;
  entry: EntryDetail;
  flash: Flash | null;
  confirmingDelete: boolean;
  /** The largest photo the upload zone lets through. */
  imageMaxBytes: number;
  saveResult?: SubmissionResult<string[]> | null;
  /** The article as last submitted, so a failed save loses nothing. */
  submittedArticle?: string;
};

/** /admin/projects/{id}, /admin/blog/{id}, /admin/opportunities/{id} (spec §2.5). */
export function AdminEntryEditor({
  config,
  entry,
  flash,
  confirmingDelete,
  imageMaxBytes,
  saveResult,
  submittedArticle,
}: Props) {
  const here = `/admin/${config.kind}/${entry.id}`;
  const [form, fields] = useAppForm(EntryFormSchema, {
    id: `entry-${entry.id}`,
    lastResult: saveResult,
    defaultValue: {
      title: entry.title,
      slug: entry.slug,
      preview_text: entry.preview_text ?? "",
      created_at: publishDateText(entry.created_at),
    },
  });
  const message = formMessageOf(form);
  const focus = firstInvalidField([fields.title, fields.slug, fields.created_at]);
  const imageErrors = form.allErrors.image ?? [];

  return (
    <>
      <AdminToolbar backTo={`/admin/${config.kind}`}>
        <Link to={entry.url} className="button-light">
          View on the site
        </Link>
      </AdminToolbar>
      <ScreenHeading title={config.editTitle}>{entry.title}</ScreenHeading>
      <FlashMessage flash={flash} className="mt-6" />

      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-8 max-w-3xl space-y-6"
      >
        <FormMessage form={form} />
        <IntentField value="save" />
        <TextField
          meta={fields.title}
          label="Title"
          formMessage={message}
          focusFirst={focus === fields.title.name}
        />
        <TextField
          meta={fields.slug}
          label="Item Slug URL"
          hint={`The page's address: /${config.kind}/… — lowercase letters, digits and hyphens.`}
          formMessage={message}
          focusFirst={focus === fields.slug.name}
        />
        {config.publishDate ? (
          <TextField
            meta={fields.created_at}
            label="Change Publish Date"
            hint="dd/mm/yyyy. A date in the future keeps the post hidden until that day."
            inputMode="numeric"
            formMessage={message}
            focusFirst={focus === fields.created_at.name}
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
          defaultValue={submittedArticle ?? entry.article ?? ""}
          errors={form.allErrors.article}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-brand-100 pt-6">
          <SubmitButton intent="save" pendingText="Saving…">
            Save Changes
          </SubmitButton>
          <Link
            to="?confirm=delete"
            preventScrollReset
            className="button bg-white text-red-800 ring-1 ring-red-200 hover:bg-red-50"
          >
            Delete Item
          </Link>
        </div>
      </Form>

      <PhotoSection entry={entry} here={here} imageMaxBytes={imageMaxBytes} />

      {confirmingDelete ? (
        <ConfirmDialog cancelTo={here}>
          <Form method="post" action={here}>
            <IntentField value="delete" />
            <SubmitButton intent="delete" pendingText="Deleting…" variant="danger">
              Confirm
            </SubmitButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function PhotoSection({
  entry,
  here,
  imageMaxBytes,
}: {
  entry: EntryDetail;
  here: string;
  imageMaxBytes: number;
}) {
  const revalidator = useRevalidator();
  const order = useFetcher();
  return (
    <div className="mt-12 grid gap-8">
      <section aria-labelledby="upload-photos" className="rounded-2xl bg-sand/50 p-5 sm:p-6">
        <h2 id="upload-photos" className="text-2xl font-semibold">
          Upload Photos
        </h2>
        <div className="mt-4">
          <UploadZone
            action={`${here}/photos`}
            label="Images to add to the Photo Gallery"
            maxFileBytes={imageMaxBytes}
            onUploaded={() => void revalidator.revalidate()}
          />
        </div>
      </section>

      <section aria-labelledby="photo-gallery" className="rounded-2xl bg-sand/50 p-5 sm:p-6">
        <h2 id="photo-gallery" className="text-2xl font-semibold">
          Photo Gallery
        </h2>
        <p className="mt-2 text-muted">
          Set an image's width inside the text with a short code such as{" "}
          <code className="rounded bg-white px-1.5 py-0.5">[[image50=1]]</code> or{" "}
          <code className="rounded bg-white px-1.5 py-0.5">[[image100=4]]</code>: the number after
          “image” is the width in percent ({EMBED_WIDTHS.join(", ")}), the number after “=” is the
          photo's. Copy a photo's code from under it.
        </p>
        {entry.images.length === 0 ? (
          <p className="mt-4 text-muted">No photos yet.</p>
        ) : (
          <SortableGrid
            items={entry.images}
            label="Photo Gallery"
            itemName={(image) => photoName(image, entry.images)}
            className="mt-5 grid gap-4 grid-cols-2 lg:grid-cols-4"
            moveAction={here}
            moveFields={{ [INTENT_FIELD]: "move-photo" }}
            onReorder={(ids) =>
              order.submit(
                { [INTENT_FIELD]: "order-photos", ids: ids.join(",") },
                { method: "post", action: here, preventScrollReset: true },
              )
            }
            renderItem={(image, dragHandle) => (
              <PhotoCard
                image={image}
                name={photoName(image, entry.images)}
                here={here}
                dragHandle={dragHandle}
              />
            )}
          />
        )}
      </section>
    </div>
  );
}

function photoName(image: EntryImage, images: readonly EntryImage[]): string {
  return image.alt || `Photo ${images.indexOf(image) + 1}`;
}

function PhotoCard({
  image,
  name,
  here,
  dragHandle,
}: {
  image: EntryImage;
  name: string;
  here: string;
  dragHandle: React.ReactNode;
}) {
  const rotate = useFetcher();
  const remove = useFetcher();
  const busy = rotate.state !== "idle" || remove.state !== "idle";
  const shortCode = image.short_code ?? `[[image100=${image.id}]]`;
  return (
    <figure
      aria-busy={busy || undefined}
      className={`flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100 ${busy ? "opacity-60" : ""}`}
    >
      <img
        src={image.image_url}
        alt={image.alt ?? ""}
        width={480}
        height={360}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-sand object-cover"
      />
      <figcaption className="flex flex-1 flex-col gap-2 p-3">
        <code className="block rounded bg-sand/70 px-2 py-1 text-center text-sm select-all">
          {shortCode}
        </code>
        <div className="mt-auto flex items-center justify-between gap-1">
          {dragHandle}
          <div className="flex gap-1">
            <PhotoAction
              fetcher={rotate}
              action={here}
              intent="rotate-photo"
              photoId={image.id}
              disabled={busy}
              label={`Rotate ${name}`}
              title="Rotate 90° clockwise"
              className="text-brand-800 hover:bg-brand-50"
            >
              <RotateIcon className="size-5" />
            </PhotoAction>
            <PhotoAction
              fetcher={remove}
              action={here}
              intent="delete-photo"
              photoId={image.id}
              disabled={busy}
              label={`Delete ${name}`}
              title="Delete photo"
              className="text-red-700 hover:bg-red-50"
            >
              <TrashIcon className="size-5" />
            </PhotoAction>
          </div>
        </div>
      </figcaption>
    </figure>
  );
}

/** A photo's icon button: a form of its own that stays on the page (and reloads the item). */
function PhotoAction({
  fetcher,
  action,
  intent,
  photoId,
  disabled,
  label,
  title,
  className,
  children,
}: {
  fetcher: FetcherWithComponents<unknown>;
  action: string;
  intent: string;
  photoId: number;
  disabled: boolean;
  label: string;
  title: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <fetcher.Form method="post" action={action} preventScrollReset>
      <IntentField value={intent} />
      <input type="hidden" name="id" value={photoId} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={label}
        title={title}
        className={`grid size-10 place-items-center rounded-full disabled:cursor-wait ${className}`}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}
