import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useSearchParams } from "react-router";
import { EMBED_WIDTHS, EntryPhotoSchema } from "../../lib/admin-entries.ts";
import type { EntryImage } from "../../lib/api-types.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import type { Flash } from "../flash-message.tsx";
import { FormMessage, TextField } from "../form-fields.tsx";
import { PencilIcon } from "../icons.tsx";
import { CopyCode } from "./copy-code.tsx";
import type { SavedMeanwhile } from "../../lib/changed-meanwhile.ts";
import { EditPhotoModal } from "./edit-photo-modal.tsx";
import { PhotoSection, photoActionClass } from "./photo-grid.tsx";

/** What the edit screen's action answers to a photo's description that did not go through. */
export type EntryPhotoActionData = {
  photoResult?: SubmissionResult<string[]>;
  photoSavedMeanwhile?: readonly SavedMeanwhile[];
};

/** The short code that shows photo `id` at `width` % inside the text. */
const shortCode = (width: number, id: number) => `[[image${width}=${id}]]`;

/**
 * An entry's "Upload Photos" card and "Photo Gallery" grid: under each photo its alt text and
 * its short code with a Copy button, and (with our API's extensions) an Edit button opening
 * "Edit Photo" (`?photo={id}`, a URL state, so it works without JavaScript) for its alt text.
 */
export function EntryPhotoSection({
  photos,
  here,
  imageMaxBytes,
  flash,
  subject,
}: {
  photos: readonly EntryImage[];
  /** The entry's title. */
  subject: string;
  here: string;
  imageMaxBytes: number;
  flash: Flash | null;
}) {
  const extensions = useRootData()?.settings.editable ?? false;
  const [searchParams] = useSearchParams();
  const editing = extensions
    ? photos.find((photo) => String(photo.id) === searchParams.get("photo"))
    : undefined;
  return (
    <>
      <PhotoSection
        flash={flash}
        photos={photos}
        here={here}
        imageMaxBytes={imageMaxBytes}
        uploadLabel="Images to add to the Photo Gallery"
        title="Photo Gallery"
        subject={subject}
        note={<ShortCodeNote first={photos[0]} />}
        renderDetails={(photo, name) => <PhotoDetails photo={photo} name={name} />}
        renderActions={
          extensions
            ? (photo, name) => (
                <Link
                  to={`?photo=${photo.id}`}
                  preventScrollReset
                  aria-label={`Edit ${name}`}
                  title="Edit alt text"
                  className={`${photoActionClass} text-brand-800 hover:bg-brand-50`}
                >
                  <PencilIcon className="size-5" />
                </Link>
              )
            : undefined
        }
      />
      {editing ? <EditPhotoDialog key={editing.id} photo={editing} here={here} /> : null}
    </>
  );
}

/** The widths note of spec §2.5, with this item's own codes once it has a photo. */
function ShortCodeNote({ first }: { first: EntryImage | undefined }) {
  const widths = EMBED_WIDTHS.join(", ");
  if (!first) {
    return (
      <p>
        Put a photo inside the text with its short code, shown under it once uploaded: the number
        after “image” is the width in percent ({widths}).
      </p>
    );
  }
  return (
    <p>
      Set a photo's width inside the text with its short code: type{" "}
      <code className="rounded bg-white px-1.5 py-0.5">{shortCode(50, first.id)}</code> to show the
      first photo at half the width, or{" "}
      <code className="rounded bg-white px-1.5 py-0.5">{shortCode(100, first.id)}</code> at full
      width. The number after “image” is the width in percent ({widths}), the number after “=” is
      the photo's. Copy each photo's code from under it.
    </p>
  );
}

function PhotoDetails({ photo, name }: { photo: EntryImage; name: string }) {
  return (
    <div className="grid gap-1.5 text-sm">
      <p className={`line-clamp-2 break-words ${photo.alt ? "text-ink" : "text-muted italic"}`}>
        <span className="sr-only">Alt text: </span>
        {photo.alt || "No alt text"}
      </p>
      <CopyCode
        code={photo.short_code || shortCode(100, photo.id)}
        label={`Copy the short code of ${name}`}
      />
    </div>
  );
}

/** `?photo={id}`: what the photo shows, for people who cannot see it. */
function EditPhotoDialog({ photo, here }: { photo: EntryImage; here: string }) {
  const actionData = useActionData<EntryPhotoActionData>();
  const [form, fields] = useAppForm(EntryPhotoSchema, {
    id: `photo-${photo.id}`,
    lastResult: actionData?.photoResult ?? null,
    defaultValue: { alt: photo.alt ?? "" },
  });
  return (
    <EditPhotoModal
      photo={photo}
      here={here}
      form={form}
      loaded={{ alt: photo.alt ?? "" }}
      refusal={actionData?.photoResult}
      savedMeanwhile={actionData?.photoSavedMeanwhile}
    >
      <FormMessage />
      <TextField
        meta={fields.alt}
        label="Alt Text"
        hint="What the photo shows, for people who cannot see it: the carousel, the lightbox and the text say it."
        initialFocus
      />
    </EditPhotoModal>
  );
}
