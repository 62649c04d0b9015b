import type { Selectable } from "kysely";
import type { DatabaseHandle, DB } from "../db/database.ts";
import { MAX_ID, type EntryKind, type TrashKind, type TrashTable } from "../db/schema.ts";
import { ENTRY_PHOTOS, GALLERY_PHOTOS, takePhoto, takePhotosOf } from "../media/photos.ts";
import type { StorageDriver } from "../media/storage.ts";
import { recordActivity, type Actor } from "./activity.ts";
import { entrySegment, refreshArticleHtml } from "./entries.ts";
import { isPageWidget, PAGE_WIDGET_IN_USE } from "./page-widgets.ts";
import { ValidationError } from "../errors.ts";
import { MESSAGES_SCREEN, messageTitle } from "./contact-messages.ts";
import type { DraftKey } from "./drafts.ts";
import { assertDeletableBy } from "./users.ts";

/**
 * The trash (record 030): deleting an item moves its rows, with those of everything it owns, into
 * one `trash` row in the same transaction; its files stay in storage until the purge. Restoring
 * and purging are in trash-restore.ts.
 */

export type TrashRow = Selectable<TrashTable>;

/** The tables a trashed item's rows come from, in the order a restore inserts them. */
export const TRASH_TABLES = [
  "entries",
  "entry_old_slugs",
  "entry_images",
  "galleries",
  "gallery_images",
  "testimonials",
  "widgets",
  "contact_messages",
  "users",
  "user_invitations",
  "drafts",
] as const;
export type TrashTableName = (typeof TRASH_TABLES)[number];
export type TrashedRows = Partial<Record<TrashTableName, Record<string, unknown>[]>>;

/** Who moves, restores or purges, for the trash row and the activity log. */
export type TrashWho = { actor: Actor; ipAddress?: string | null };

/** What the trash needs besides the database: where files live, and how long items are kept. */
export type TrashContext = { db: DB; storage: StorageDriver; trashDays: number };

export const ENTRY_KINDS: readonly EntryKind[] = ["project", "blog", "opportunity"];

export function isEntryKind(kind: string): kind is EntryKind {
  return (ENTRY_KINDS as readonly string[]).includes(kind);
}

/** The admin screen of an item (the web tier's), for the activity log. */
export function adminLinkOf(kind: TrashKind, itemId: number, parentId: number | null): string {
  if (isEntryKind(kind)) return `/admin/${entrySegment(kind)}/${itemId}`;
  switch (kind) {
    case "entry_image":
      return "/admin/trash";
    case "gallery":
      return `/admin/galleries/${itemId}`;
    case "gallery_image":
      return `/admin/galleries/${parentId}`;
    case "testimonial":
      return "/admin/testimonials";
    case "widget":
      return `/admin/widgets/${itemId}`;
    case "contact_message":
      return MESSAGES_SCREEN;
    case "user":
      return `/admin/users/${itemId}`;
    case "draft":
      return "/admin/trash";
  }
}

/** What `take` deleted: the item, its title, its rows and the files they name. */
type Moved = {
  kind: TrashKind;
  itemId: number;
  /** The item it belongs to (a photo's entry or gallery). */
  parentId?: number;
  title: string;
  rows: TrashedRows;
  files?: (string | null)[];
};

/** Writes the trash row of rows just deleted in `trx`, and its activity line. */
async function keepInTrash(trx: DB, who: TrashWho, moved: Moved): Promise<TrashRow> {
  const row = await trx
    .insertInto("trash")
    .values({
      kind: moved.kind,
      item_id: moved.itemId,
      parent_id: moved.parentId ?? null,
      title: moved.title.slice(0, 200),
      rows: JSON.stringify(moved.rows),
      files: JSON.stringify((moved.files ?? []).filter((key): key is string => Boolean(key))),
      deleted_by: who.actor?.id ?? null,
      deleted_by_name: who.actor?.name ?? "",
      deleted_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordActivity(trx, who.actor, {
    action: "deleted",
    subject: moved.kind,
    subjectId: moved.itemId,
    title: moved.title,
    link: "/admin/trash",
    ipAddress: who.ipAddress,
  });
  return row;
}

/** Moves an entry with its photos and old slugs to the trash; undefined when there is none. */
export async function trashEntry(
  ctx: TrashContext,
  who: TrashWho,
  kind: EntryKind,
  id: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, id, async (trx) => {
    const entry = await trx
      .selectFrom("entries")
      .selectAll()
      .where("kind", "=", kind)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!entry) return undefined;
    // The owned rows first: deleting the entry would cascade to them unseen.
    const images = await takePhotosOf(trx, ENTRY_PHOTOS, id);
    const oldSlugs = await trx
      .deleteFrom("entry_old_slugs")
      .where("entry_id", "=", id)
      .returningAll()
      .execute();
    const deleted = await trx.deleteFrom("entries").where("id", "=", id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return undefined;
    return {
      kind,
      itemId: id,
      title: entry.title,
      rows: { entries: [entry], entry_images: images, entry_old_slugs: oldSlugs },
      files: [entry.image, ...images.map((image) => image.path)],
    };
  });
}

/** Moves one photo of an entry of `kind` to the trash; undefined when there is none. */
export async function trashEntryImage(
  ctx: TrashContext,
  who: TrashWho,
  kind: EntryKind,
  imageId: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, imageId, async (trx) => {
    const owner = await trx
      .selectFrom("entry_images")
      .innerJoin("entries", "entries.id", "entry_images.entry_id")
      .select(["entries.id", "entries.title"])
      .where("entries.kind", "=", kind)
      .where("entry_images.id", "=", imageId)
      .executeTakeFirst();
    if (!owner) return undefined;
    const image = await takePhoto(trx, ENTRY_PHOTOS, imageId);
    if (!image) return undefined;
    await refreshArticleHtml(trx, owner.id);
    return {
      kind: "entry_image",
      itemId: imageId,
      parentId: owner.id,
      title: image.alt || `Photo of “${owner.title}”`,
      rows: { entry_images: [image] },
      files: [image.path],
    };
  });
}

/** Moves a gallery with its photos to the trash; undefined when there is none. */
export async function trashGallery(
  ctx: TrashContext,
  who: TrashWho,
  id: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, id, async (trx) => {
    const gallery = await trx
      .selectFrom("galleries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!gallery) return undefined;
    const images = await takePhotosOf(trx, GALLERY_PHOTOS, id);
    const deleted = await trx.deleteFrom("galleries").where("id", "=", id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return undefined;
    return {
      kind: "gallery",
      itemId: id,
      title: gallery.name,
      rows: { galleries: [gallery], gallery_images: images },
      files: images.map((image) => image.path),
    };
  });
}

/** Moves one photo of a gallery to the trash; undefined when there is none. */
export async function trashGalleryImage(
  ctx: TrashContext,
  who: TrashWho,
  id: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, id, async (trx) => {
    const image = await takePhoto(trx, GALLERY_PHOTOS, id);
    if (!image) return undefined;
    const gallery = await trx
      .selectFrom("galleries")
      .select("name")
      .where("id", "=", image.gallery_id)
      .executeTakeFirst();
    return {
      kind: "gallery_image",
      itemId: id,
      parentId: image.gallery_id,
      title: image.alt || `Photo in “${gallery?.name ?? "a gallery"}”`,
      rows: { gallery_images: [image] },
      files: [image.path],
    };
  });
}

/** Moves a testimonial to the trash; undefined when there is none. */
export async function trashTestimonial(
  ctx: TrashContext,
  who: TrashWho,
  id: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, id, async (trx) => {
    const testimonial = await trx
      .deleteFrom("testimonials")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!testimonial) return undefined;
    return {
      kind: "testimonial",
      itemId: id,
      title: testimonial.name,
      rows: { testimonials: [testimonial] },
    };
  });
}

/**
 * Moves a widget to the trash; undefined when there is none. Throws a 422 under `name` for a
 * widget the site's pages show.
 */
export async function trashWidget(
  ctx: TrashContext,
  who: TrashWho,
  id: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, id, async (trx) => {
    const widget = await trx
      .selectFrom("widgets")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!widget) return undefined;
    if (isPageWidget(widget.name)) throw ValidationError.field("name", PAGE_WIDGET_IN_USE);
    await trx.deleteFrom("widgets").where("id", "=", id).execute();
    return {
      kind: "widget",
      itemId: id,
      title: widget.name,
      rows: { widgets: [widget] },
      files: [widget.image],
    };
  });
}

/** Moves a visitor's message to the trash (record 036); undefined when there is none. */
export async function trashContactMessage(
  ctx: TrashContext,
  who: TrashWho,
  id: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, id, async (trx) => {
    const message = await trx
      .deleteFrom("contact_messages")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!message) return undefined;
    return {
      kind: "contact_message",
      itemId: id,
      title: messageTitle(message),
      rows: { contact_messages: [message] },
    };
  });
}

/**
 * Moves a user to the trash with their invitation and drafts (record 055). Their sessions end
 * with the row, and the kept row has no remember token, so no cookie of theirs works again.
 * Undefined when there is none; a 422 for the admin's own account or the last admin.
 */
export async function trashUser(
  ctx: TrashContext,
  who: TrashWho,
  dialect: DatabaseHandle["dialect"],
  id: number,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, id, async (trx) => {
    const user = await trx.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    if (!user) return undefined;
    await assertDeletableBy({ db: trx, dialect }, who.actor?.id, user);
    // The owned rows first: deleting the user would cascade to them unseen.
    const invitations = await trx
      .deleteFrom("user_invitations")
      .where("user_id", "=", id)
      .returningAll()
      .execute();
    const drafts = await trx
      .deleteFrom("drafts")
      .where("user_id", "=", id)
      .returningAll()
      .execute();
    await trx.deleteFrom("users").where("id", "=", id).execute();
    return {
      kind: "user",
      itemId: id,
      title: `${user.firstname} ${user.lastname}`,
      rows: {
        users: [{ ...user, remember_token: null }],
        user_invitations: invitations,
        drafts,
      },
    };
  });
}

/**
 * Moves the user's draft of an item to the trash (record 056), so that the draft banner's Discard
 * can be undone. Undefined when they have none.
 */
export async function trashDraft(
  ctx: TrashContext,
  who: TrashWho,
  key: DraftKey,
): Promise<TrashRow | undefined> {
  return moveToTrash(ctx, who, key.subjectId, async (trx) => {
    const draft = await trx
      .deleteFrom("drafts")
      .where("user_id", "=", key.userId)
      .where("subject", "=", key.subject)
      .where("subject_id", "=", key.subjectId)
      .returningAll()
      .executeTakeFirst();
    if (!draft) return undefined;
    const typed = JSON.parse(draft.data) as Record<string, unknown>;
    const name = typed.title ?? typed.name;
    return {
      kind: "draft",
      itemId: draft.id,
      title:
        key.subject === "settings"
          ? "Unsaved changes to the settings"
          : `Unsaved changes to “${typeof name === "string" ? name : ""}”`,
      rows: { drafts: [draft] },
    };
  });
}

/**
 * Runs `take` (which deletes an item's rows and says what they were) and keeps them in the trash,
 * in one transaction; undefined for an id no row can have, or when `take` found nothing.
 */
async function moveToTrash(
  ctx: TrashContext,
  who: TrashWho,
  id: number,
  take: (trx: DB) => Promise<Moved | undefined>,
): Promise<TrashRow | undefined> {
  if (id > MAX_ID) return undefined;
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await take(trx);
    return moved ? keepInTrash(trx, who, moved) : undefined;
  });
}
