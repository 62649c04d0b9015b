import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { GalleryNameSchema, GalleryPhotoSchema } from "../../lib/admin-galleries.ts";
import type { Gallery, GalleryImage } from "../../lib/api-types.ts";
import type { SavedMeanwhile } from "../../lib/changed-meanwhile.ts";
import type { KeptAtSignOut } from "../../lib/drafts.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { FormMessage, IntentField, TextField } from "../form-fields.tsx";
import { AppForm } from "../app-form.tsx";
import { PencilIcon } from "../icons.tsx";
import { LinkIcon } from "./admin-icons.tsx";
import { ConfirmDialog } from "../modal.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { AdminToolbar, SaveOrDeleteButtons } from "./admin-entry-parts.tsx";
import { KeptAtSignOutNotice } from "./autosave.tsx";
import { LoadedValuesField, SavedMeanwhileNote } from "./edit-conflict.tsx";
import { CopyCode } from "./copy-code.tsx";
import { EditPhotoModal } from "./edit-photo-modal.tsx";
import { PhotoSection, photoActionClass } from "./photo-grid.tsx";

type Props = {
  gallery: Gallery;
  flash: Flash | null;
  /** What a Save sent after the session ended (record 050): the name starts from it. */
  kept?: KeptAtSignOut | null;
  confirmingDelete: boolean;
  /** The photo whose alt text and link are being edited (`?photo={id}`). */
  editingPhotoId: number | null;
  /** The largest photo the upload zone lets through. */
  imageMaxBytes: number;
  /** The last post's result, for the form it came from. */
  actionData?: {
    intent: "save" | "save-photo";
    result: SubmissionResult<string[]>;
    gone?: true;
    savedMeanwhile?: readonly SavedMeanwhile[];
  } | null;
};

/** /admin/galleries/{id} (spec §2.5): the name, the upload zone and the sortable photo grid. */
export function AdminGalleryEditor({
  gallery,
  flash,
  kept,
  confirmingDelete,
  editingPhotoId,
  imageMaxBytes,
  actionData,
}: Props) {
  const here = `/admin/galleries/${gallery.id}`;
  const saveResult = actionData?.intent === "save" ? actionData.result : null;
  const [form, fields] = useAppForm(GalleryNameSchema, {
    id: `gallery-${gallery.id}`,
    lastResult: saveResult,
    defaultValue: { name: kept?.values.name ?? gallery.name },
  });
  const editingPhoto = gallery.images.find((image) => image.id === editingPhotoId);
  const photoAnswer = actionData?.intent === "save-photo" ? actionData : null;
  // Deleted while the screen was open: its photos and Delete would each end on the 404 page.
  const gone = actionData?.gone ?? false;

  return (
    <>
      <AdminToolbar backTo="/admin/galleries" />
      <ScreenHeading title="Manage Gallery">{gallery.name}</ScreenHeading>
      {/* A photo's "Moved to Trash" and its Undo show by the photo grid. */}
      <FlashMessage flash={flash?.photos ? null : flash} className="mt-6" />
      <KeptAtSignOutNotice kept={kept} />
      {actionData?.intent === "save" && actionData.savedMeanwhile ? (
        <SavedMeanwhileNote values={actionData.savedMeanwhile} />
      ) : null}

      {/* The errors go under their field (spec §8); the overall message only when none has one. */}
      <AppForm form={form} messageAlone className="mt-8 max-w-3xl space-y-6">
        <FormMessage />
        <IntentField value="save" />
        {/* Deleted meanwhile, the screen holds only what was typed: nothing to compare with. */}
        {gone ? null : (
          <LoadedValuesField
            values={{ name: gallery.name }}
            kept={kept?.values}
            refusal={saveResult}
          />
        )}
        <TextField meta={fields.name} label="Name" />
        <SaveOrDeleteButtons deleteLabel={gone ? undefined : "Delete Gallery"} />
      </AppForm>
      {gone ? null : (
        <>
          <GalleryShortCode gallery={gallery} />

          <PhotoSection
            flash={flash?.photos ? flash : null}
            photos={gallery.images}
            here={here}
            imageMaxBytes={imageMaxBytes}
            uploadLabel="Images to add to this gallery"
            title="Photos"
            subject={gallery.name}
            note={
              <p>
                Put the photos in the order visitors see them in; the first is the gallery's cover.
                Edit a photo to describe it for people who cannot see it, or to make it a link.
              </p>
            }
            renderDetails={(photo) => <PhotoDetails photo={photo} />}
            renderActions={(photo, name) => (
              <Link
                to={`?photo=${photo.id}`}
                preventScrollReset
                aria-label={`Edit ${name}`}
                title="Edit alt text and link"
                className={`${photoActionClass} text-brand-800 hover:bg-brand-50`}
              >
                <PencilIcon className="size-5" />
              </Link>
            )}
          />

          {editingPhoto ? (
            <PhotoDetailsModal
              // A Save stopped by a colleague's change starts the dialog again from the merged
              // values: their link, say, beside the alt text typed (record 053).
              key={`${editingPhoto.id} ${photoAnswer?.savedMeanwhile ? JSON.stringify(photoAnswer.result.initialValue) : ""}`}
              photo={editingPhoto}
              here={here}
              result={photoAnswer?.result ?? null}
              savedMeanwhile={photoAnswer?.savedMeanwhile}
            />
          ) : null}

          {confirmingDelete ? (
            <ConfirmDialog
              cancelTo={here}
              action={here}
              subject={`the gallery “${gallery.name}”`}
              consequence={photosGoWith(gallery.images.length)}
            />
          ) : null}
        </>
      )}
    </>
  );
}

function photosGoWith(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? "Its photo goes with it." : `Its ${count} photos go with it.`;
}

/**
 * The code that places the gallery in a text. Only our API renders it (a Laravel backend would
 * show the code as typed), so it shows only in front of ours.
 */
function GalleryShortCode({ gallery }: { gallery: Gallery }) {
  const extensions = useRootData()?.settings.editable ?? false;
  if (!extensions) return null;
  const code = `[[gallery=${gallery.id}]]`;
  return (
    <section
      aria-labelledby="gallery-short-code"
      className="mt-8 max-w-3xl rounded-2xl bg-sand/60 p-5 ring-1 ring-brand-100"
    >
      <h2 id="gallery-short-code" className="text-xl font-semibold">
        Show this gallery on the site
      </h2>
      <p className="mt-2 text-muted">
        Paste this code on a line of its own into the text of a project, blog post, opportunity or
        text widget. Visitors see the photos there as a grid, in the order set here.
      </p>
      <p className="mt-3">
        <CopyCode code={code} label="Copy the short code of this gallery" />
      </p>
    </section>
  );
}

/** Under a photo: its alt text and its link (cut short; the whole address on hover). */
function PhotoDetails({ photo }: { photo: GalleryImage }) {
  const link = photo.link ?? "";
  return (
    <dl className="grid gap-1.5 text-sm">
      <div>
        <dt className="sr-only">Alt text</dt>
        <dd className={`line-clamp-2 break-words ${photo.alt ? "text-ink" : "text-muted italic"}`}>
          {photo.alt || "No alt text"}
        </dd>
      </div>
      <div className="flex min-w-0 items-center gap-1.5">
        <dt>
          <LinkIcon className="size-4 shrink-0 text-muted" />
          <span className="sr-only">Link</span>
        </dt>
        <dd className="min-w-0 truncate" title={link || undefined}>
          {/^https?:\/\//i.test(link) ? (
            <a href={link} target="_blank" rel="noreferrer" className="text-brand-700">
              {link.replace(/^https?:\/\/(www\.)?/i, "")}
            </a>
          ) : (
            <span className={link ? "text-ink" : "text-muted italic"}>{link || "No link"}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** `?photo={id}`: the photo's alt text and link, each with its first error under it. */
function PhotoDetailsModal({
  photo,
  here,
  result,
  savedMeanwhile,
}: {
  photo: GalleryImage;
  here: string;
  result: SubmissionResult<string[]> | null;
  savedMeanwhile?: readonly SavedMeanwhile[] | null;
}) {
  const merged = savedMeanwhile ? result?.initialValue : null;
  const [form, fields] = useAppForm(GalleryPhotoSchema, {
    id: `photo-${photo.id}`,
    lastResult: result,
    defaultValue: {
      alt: String(merged?.alt ?? photo.alt ?? ""),
      link: String(merged?.link ?? photo.link ?? ""),
    },
  });
  return (
    <EditPhotoModal
      photo={photo}
      here={here}
      form={form}
      loaded={{ alt: photo.alt ?? "", link: photo.link ?? "" }}
      refusal={result}
      savedMeanwhile={savedMeanwhile}
    >
      <FormMessage />
      <TextField
        meta={fields.alt}
        label="Alt Text"
        initialFocus
        hint="What the photo shows, for people who cannot see it."
      />
      <TextField
        meta={fields.link}
        label="Link"
        hint="Where the photo’s caption leads: a web address such as www.example.org/page, or nothing."
      />
    </EditPhotoModal>
  );
}
