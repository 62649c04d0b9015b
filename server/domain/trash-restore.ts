import type { DB } from "../db/database.ts";
import { MAX_ID, type EntryKind, type RevisionSubject, type TrashKind } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { deleteImage } from "../media/images.ts";
import { AUTOMATIC, recordActivity } from "./activity.ts";
import { refreshArticleHtml } from "./entries.ts";
import { availableSlug } from "./entry-slugs.ts";
import type { PageRequest } from "./paging.ts";
import { matchesSearch } from "./text-search.ts";
import { findUserByEmail } from "./users.ts";
import {
  adminLinkOf,
  ENTRY_KINDS,
  isEntryKind,
  TRASH_TABLES,
  type TrashContext,
  type TrashedRows,
  type TrashRow,
  type TrashWho,
} from "./trash.ts";

/** What the trash list shows of an item; its rows and files stay in the database. */
export type TrashListItem = Omit<TrashRow, "rows" | "files">;

const LIST_COLUMNS = [
  "id",
  "kind",
  "item_id",
  "parent_id",
  "title",
  "deleted_by",
  "deleted_by_name",
  "deleted_at",
] as const;

/** How a restore refused for a missing owner names it. */
const KIND_TITLES: Record<TrashKind, string> = {
  project: "project",
  blog: "blog post",
  opportunity: "opportunity",
  entry_image: "photo",
  gallery: "gallery",
  gallery_image: "photo",
  testimonial: "testimonial",
  widget: "widget",
  contact_message: "message",
  user: "user",
  draft: "unsaved changes",
};

/** One page of the trash, newest first, of the items whose title matches `q` if given; and the total. */
export async function listTrash(
  db: DB,
  { page, limit, q }: PageRequest,
): Promise<{ items: TrashListItem[]; total: number }> {
  const matching = db
    .selectFrom("trash")
    .$if(q !== undefined, (qb) => qb.where(matchesSearch(["title"], q ?? "")));
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  if (page * limit >= Number(total)) return { items: [], total: Number(total) };
  const items = await matching
    .select(LIST_COLUMNS)
    .orderBy("deleted_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(page * limit)
    .execute();
  return { items, total: Number(total) };
}

/** One item of the trash as the list shows it; undefined when the trash holds no such item. */
export async function findTrashItem(db: DB, id: number): Promise<TrashListItem | undefined> {
  if (id > MAX_ID) return undefined;
  return db.selectFrom("trash").select(LIST_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** When an item deleted at `deletedAt` is purged. */
export function purgeDateOf(deletedAt: string, trashDays: number): string {
  return new Date(Date.parse(deletedAt) + trashDays * 86_400_000).toISOString();
}

export type Restored = { item: TrashRow; slug: string | null; slugChanged: boolean };

/**
 * Puts a trashed item's rows back under their old ids and positions, and removes it from the
 * trash. An entry whose slug was taken meanwhile gets the next free one (`slugChanged`); an old
 * slug taken meanwhile no longer redirects to it. Throws a 422 for a photo whose entry or gallery
 * is gone, or a widget whose name another took. Undefined when the trash holds no such item.
 */
export async function restoreFromTrash(
  { db }: TrashContext,
  who: TrashWho,
  id: number,
): Promise<Restored | undefined> {
  if (id > MAX_ID) return undefined;
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .deleteFrom("trash")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!item) return undefined;
    const rows = JSON.parse(item.rows) as TrashedRows;
    await assertOwnerIsBack(trx, item);

    let slug: string | null = null;
    let slugChanged = false;
    const entry = rows.entries?.[0];
    if (entry && isEntryKind(item.kind)) {
      const kind: EntryKind = item.kind;
      slug = await availableSlug(trx, kind, String(entry.slug));
      slugChanged = slug !== entry.slug;
      entry.slug = slug;
      rows.entry_old_slugs = await stillFree(trx, kind, rows.entry_old_slugs ?? []);
    }
    const widget = rows.widgets?.[0];
    if (widget) {
      const holder = await trx
        .selectFrom("widgets")
        .select("id")
        .where("name", "=", String(widget.name))
        .executeTakeFirst();
      if (holder)
        throw ValidationError.field(
          "name",
          `Another widget is named “${String(widget.name)}” now. Rename it, then restore this one.`,
        );
    }

    const user = rows.users?.[0];
    if (user) {
      const holder = await findUserByEmail(trx, String(user.email));
      if (holder)
        throw ValidationError.field(
          "email",
          `Another account has the email address ${String(user.email)} now. Change or delete it, then restore this one.`,
        );
    }

    if (item.kind === "draft") await assertDraftMayReturn(trx, rows.drafts?.[0] ?? {});

    for (const table of TRASH_TABLES) {
      const tableRows = rows[table];
      if (!tableRows?.length) continue;
      // The rows are the table's own, as they were read before the delete.
      await trx
        .insertInto(table)
        .values(tableRows as never)
        .execute();
    }
    const entryId = isEntryKind(item.kind)
      ? item.item_id
      : item.kind === "entry_image"
        ? item.parent_id
        : null;
    if (entryId !== null) await refreshArticleHtml(trx, entryId);

    await recordActivity(trx, who.actor, {
      action: "restored",
      subject: item.kind,
      subjectId: item.item_id,
      title: item.title,
      link: await restoredLink(trx, item),
      ipAddress: who.ipAddress,
    });
    return { item, slug, slugChanged };
  });
}

/** The admin screen of a restored item: a photo's is its entry's. */
async function restoredLink(db: DB, item: TrashRow): Promise<string> {
  if (item.kind !== "entry_image" || item.parent_id === null)
    return adminLinkOf(item.kind, item.item_id, item.parent_id);
  const entry = await db
    .selectFrom("entries")
    .select("kind")
    .where("id", "=", item.parent_id)
    .executeTakeFirst();
  return entry ? adminLinkOf(entry.kind, item.parent_id, null) : "/admin/trash";
}

/**
 * Discarded unsaved changes come back only to their user, and not over newer ones (each user has
 * one draft of an item): 422 otherwise.
 */
async function assertDraftMayReturn(db: DB, draft: Record<string, unknown>): Promise<void> {
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", Number(draft.user_id))
    .executeTakeFirst();
  if (!owner)
    throw ValidationError.field(
      "draft",
      "Their author's account is gone: restore it from the trash first.",
    );
  const newer = await db
    .selectFrom("drafts")
    .select("id")
    .where("user_id", "=", Number(draft.user_id))
    .where("subject", "=", String(draft.subject) as RevisionSubject)
    .where("subject_id", "=", Number(draft.subject_id))
    .executeTakeFirst();
  if (newer)
    throw ValidationError.field(
      "draft",
      "There are newer unsaved changes of this item: save or discard them, then restore these.",
    );
}

/** A photo comes back only into its entry or gallery: 422 while that is gone. */
async function assertOwnerIsBack(db: DB, item: TrashRow): Promise<void> {
  if (item.parent_id === null) return;
  if (item.kind === "gallery_image") {
    const gallery = await db
      .selectFrom("galleries")
      .select("id")
      .where("id", "=", item.parent_id)
      .executeTakeFirst();
    if (!gallery) throw ownerGone("gallery");
  }
  if (item.kind === "entry_image") {
    const entry = await db
      .selectFrom("entries")
      .select("id")
      .where("id", "=", item.parent_id)
      .executeTakeFirst();
    if (entry) return;
    const trashed = await db
      .selectFrom("trash")
      .select("kind")
      .where("kind", "in", ENTRY_KINDS)
      .where("item_id", "=", item.parent_id)
      .executeTakeFirst();
    throw ownerGone(trashed ? KIND_TITLES[trashed.kind] : "entry");
  }
}

const ownerGone = (kindTitle: string) =>
  ValidationError.field("id", `Restore the ${kindTitle} it belongs to first.`);

/** The old slugs no entry of the kind has taken meanwhile, as its slug or as an old one. */
async function stillFree(db: DB, kind: EntryKind, oldSlugs: Record<string, unknown>[]) {
  const free = [];
  for (const row of oldSlugs) {
    const slug = String(row.slug);
    const holder =
      (await db
        .selectFrom("entries")
        .select("id")
        .where("kind", "=", kind)
        .where("slug", "=", slug)
        .executeTakeFirst()) ??
      (await db
        .selectFrom("entry_old_slugs")
        .select("id")
        .where("kind", "=", kind)
        .where("slug", "=", slug)
        .executeTakeFirst());
    if (!holder) free.push(row);
  }
  return free;
}

/**
 * Deletes a trashed item for good, with its files; purging an entry or a gallery purges its
 * trashed photos too. False when the trash holds no such item. `who.actor` is null for the
 * automatic purge.
 */
export async function purgeFromTrash(
  { db, storage }: TrashContext,
  who: TrashWho,
  id: number,
): Promise<boolean> {
  if (id > MAX_ID) return false;
  const files = await db.transaction().execute(async (trx) => {
    const item = await trx
      .deleteFrom("trash")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!item) return undefined;
    const photoKind = isEntryKind(item.kind)
      ? "entry_image"
      : item.kind === "gallery"
        ? "gallery_image"
        : null;
    const photos = photoKind
      ? await trx
          .deleteFrom("trash")
          .where("kind", "=", photoKind)
          .where("parent_id", "=", item.item_id)
          .returning("files")
          .execute()
      : [];
    await recordActivity(trx, who.actor ?? AUTOMATIC, {
      action: "purged",
      subject: item.kind,
      subjectId: item.item_id,
      title: item.title,
      link: "/admin/trash",
      ipAddress: who.ipAddress,
    });
    return [item, ...photos].flatMap((row) => JSON.parse(row.files) as string[]);
  });
  if (!files) return false;
  await Promise.all(files.map((key) => deleteImage(storage, key)));
  return true;
}

/** Purges what has been in the trash longer than `trashDays`; cheap when nothing has. */
export async function purgeExpired(ctx: TrashContext): Promise<void> {
  const cutoff = new Date(Date.now() - ctx.trashDays * 86_400_000).toISOString();
  const expired = await ctx.db
    .selectFrom("trash")
    .select("id")
    .where("deleted_at", "<", cutoff)
    .orderBy("id")
    .execute();
  for (const { id } of expired) await purgeFromTrash(ctx, { actor: null }, id);
}
