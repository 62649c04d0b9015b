import type { ReactNode } from "react";
import { useFetcher, useRevalidator, type FetcherWithComponents } from "react-router";
import { INTENT_FIELD } from "../../lib/form-intent.ts";
import { responsiveImage } from "../../lib/images.ts";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { IntentField, UnansweredNote } from "../form-fields.tsx";
import { RotateIcon, TrashIcon } from "./admin-icons.tsx";
import { SortableGrid } from "../sortable-grid.tsx";
import { UploadZone } from "../upload-zone.tsx";

/** What every photo of an entry or a gallery has. */
export type PhotoGridItem = { id: number; image_url: string; alt: string | null };

type PhotoSectionProps<T extends PhotoGridItem> = {
  photos: readonly T[];
  /** The edit screen: the grid's forms post here, the uploads to `${here}/photos`. */
  here: string;
  /** The largest photo the upload zone lets through. */
  imageMaxBytes: number;
  /** The name of the upload zone's file input, e.g. "Images to add to the Photo Gallery". */
  uploadLabel: string;
  /** The grid's heading, also the name of its list, e.g. "Photo Gallery". */
  title: string;
  /** What the photos are for: the entry's title, the gallery's name. */
  subject: string;
  /** What staff read above the grid. */
  note: ReactNode;
  /** Under each photo: its alt text and short code, or alt text and link (`name` as below). */
  renderDetails: (photo: T, name: string) => ReactNode;
  /** A photo's own buttons, before rotate and delete (`name` is its accessible name). */
  renderActions?: (photo: T, name: string) => ReactNode;
  /** A deleted photo's "Moved to Trash" with its Undo. */
  flash?: Flash | null;
};

/**
 * An edit screen's "Upload Photos" card and its sortable grid of photos (spec §2.5), shared by
 * the entry and gallery screens: each photo has a drag handle (move buttons without
 * JavaScript), rotate and delete. Uploads, rotations, deletions and new orders reload the item;
 * one that did not go through is said where its button is, and the grid shows the saved order.
 */
export function PhotoSection<T extends PhotoGridItem>({
  photos,
  here,
  imageMaxBytes,
  uploadLabel,
  title,
  subject,
  note,
  renderDetails,
  renderActions,
  flash = null,
}: PhotoSectionProps<T>) {
  const revalidator = useRevalidator();
  const order = useFetcher();
  const nameOf = (photo: T) => photoName(photo, photos);
  return (
    <div className="mt-12 grid gap-8">
      <section aria-labelledby="upload-photos" className="rounded-2xl bg-sand/50 p-5 sm:p-6">
        <h2 id="upload-photos" className="text-2xl font-semibold">
          Upload Photos
        </h2>
        <div className="mt-4">
          <UploadZone
            action={`${here}/photos`}
            label={uploadLabel}
            maxFileBytes={imageMaxBytes}
            onUploaded={() => void revalidator.revalidate()}
            subject={subject}
          />
        </div>
      </section>

      <section aria-labelledby="photo-grid" className="rounded-2xl bg-sand/50 p-5 sm:p-6">
        <h2 id="photo-grid" className="text-2xl font-semibold">
          {title}
        </h2>
        <div className="mt-2 text-muted">{note}</div>
        <FlashMessage flash={flash} className="mt-4" />
        <UnansweredNote fetcher={order} className="mt-4" />
        {photos.length === 0 ? (
          <p className="mt-4 text-muted">No photos yet.</p>
        ) : (
          <SortableGrid
            items={photos}
            label={title}
            itemName={nameOf}
            // A card whose button did not go through spans the row below lg: its note is too long
            // for half a phone's width.
            className="mt-5 grid grid-cols-2 gap-4 lg:grid-cols-4 max-lg:[&>li:has([role=alert])]:col-span-2"
            moveAction={here}
            moveFields={{ [INTENT_FIELD]: "move-photo" }}
            saving={order.state !== "idle"}
            onReorder={(ids) => {
              order.reset();
              void order.submit(
                { [INTENT_FIELD]: "order-photos", ids: ids.join(",") },
                { method: "post", action: here, preventScrollReset: true },
              );
            }}
            renderItem={(photo, dragHandle) => (
              <PhotoCard
                photo={photo}
                name={nameOf(photo)}
                here={here}
                dragHandle={dragHandle}
                details={renderDetails(photo, nameOf(photo))}
                actions={renderActions?.(photo, nameOf(photo))}
              />
            )}
          />
        )}
      </section>
    </div>
  );
}

/** A photo's name in button labels: its alt text, else its place ("Photo 2"). */
function photoName(photo: PhotoGridItem, photos: readonly PhotoGridItem[]): string {
  return photo.alt || `Photo ${photos.indexOf(photo) + 1}`;
}

function PhotoCard({
  photo,
  name,
  here,
  dragHandle,
  details,
  actions,
}: {
  photo: PhotoGridItem;
  name: string;
  here: string;
  dragHandle: ReactNode;
  details: ReactNode;
  actions: ReactNode;
}) {
  // One fetcher for the card's buttons: its note tells of the last one used.
  const photoAction = useFetcher();
  const busy = photoAction.state !== "idle";
  return (
    <figure
      aria-busy={busy || undefined}
      className={`flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100 ${busy ? "opacity-60" : ""}`}
    >
      <img
        {...responsiveImage(photo.image_url, "(min-width: 1024px) 15rem, 50vw")}
        alt={photo.alt ?? ""}
        width={480}
        height={360}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-sand object-cover"
      />
      <figcaption className="flex flex-1 flex-col gap-2 p-3">
        {details}
        <UnansweredNote fetcher={photoAction} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-1">
          {dragHandle}
          <div className="ml-auto flex gap-0.5">
            {actions}
            <PhotoAction
              fetcher={photoAction}
              action={here}
              intent="rotate-photo"
              photoId={photo.id}
              disabled={busy}
              label={`Rotate ${name}`}
              title="Rotate 90° clockwise"
              className="text-brand-800 hover:bg-brand-50"
            >
              <RotateIcon className="size-5" />
            </PhotoAction>
            <PhotoAction
              fetcher={photoAction}
              action={here}
              intent="delete-photo"
              photoId={photo.id}
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

/** The round icon button of a photo card (rotate, delete, and a gallery photo's edit link). */
export const photoActionClass = "grid size-9 place-items-center rounded-full";

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
  children: ReactNode;
}) {
  return (
    // A note from this fetcher's last post goes as the next one starts.
    <fetcher.Form method="post" action={action} preventScrollReset onSubmit={() => fetcher.reset()}>
      <IntentField value={intent} />
      <input type="hidden" name="id" value={photoId} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={label}
        title={title}
        className={`${photoActionClass} disabled:cursor-wait ${className}`}
      >
        {children}
      </button>
    </fetcher.Form>
  );
}
