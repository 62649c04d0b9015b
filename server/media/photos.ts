import type { Insertable, Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import { preparedQuery, unplanned, type PreparedQuery } from "../db/prepared-query.ts";
import { MAX_ID, type Database } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { assertAllKnown, reorderWithin, savePositions } from "../domain/ordering.ts";
import { deleteImage, ImageRejected, rotateImage, storeImage } from "./images.ts";
import type { StorageDriver } from "./storage.ts";

/**
 * The photos of an entry and of a gallery are one thing kept in two tables: a stored image (with
 * its variants) in its owner's order, with a description. This module is the one place that
 * uploads, orders, rotates, describes and takes them out; the entry and gallery rules around it
 * (revisions, the article's embedded copies) come in through `afterChange`.
 */
type PhotoTable = "entry_images" | "gallery_images";

type AlbumSpec<T extends PhotoTable> = {
  table: T;
  /** The column naming the photo's owner, and the owners' table. */
  owner: T extends "entry_images" ? "entry_id" : "gallery_id";
  owners: T extends "entry_images" ? "entries" : "galleries";
  /** Folder of the files under uploads/. */
  folder: string;
  /** Whether a row keeps its original's pixel size (the article sizes embedded copies by it). */
  sized: boolean;
  /** What a new row holds besides the common columns. */
  defaults: Record<string, string>;
};

export type Photo<T extends PhotoTable> = Selectable<Database[T]>;
/** What every photo row holds, whichever its table. */
type PhotoRow = { id: number; path: string; alt: string; position: number };
/** Where an album's rows are: their table, their owner column and the owners' table. */
type Place = {
  table: PhotoTable;
  owner: "entry_id" | "gallery_id";
  owners: "entries" | "galleries";
};

export type Album<T extends PhotoTable = PhotoTable> = AlbumSpec<T> & {
  ofOwner: PreparedQuery<[ownerId: number], Photo<T>>;
};

/** What the photo verbs need: the database and where image files live. */
export type MediaContext = { db: DB; storage: StorageDriver };

/** Runs in the write's transaction once the owner's photos changed. */
export type AfterChange = (trx: DB, ownerId: number) => Promise<void>;

/*
 * Kysely types a query by its table's literal name. The two tables share every column used here
 * (the owner column aside, which the album names), so queries are typed as on entry_images and
 * their rows given back as the album's own.
 */
const tableOf = (album: Place) => album.table as "entry_images";
const ownerOf = (album: Place) => album.owner as "entry_id";

function album<T extends PhotoTable>(spec: AlbumSpec<T>): Album<T> {
  const table = tableOf(spec);
  const owner = ownerOf(spec);
  const ofOwner = preparedQuery((db, ownerId: number) =>
    db
      .selectFrom(table)
      .selectAll()
      .where(owner, "=", unplanned(db, ownerId))
      .orderBy("position", "asc")
      .orderBy("id", "asc"),
  );
  return { ...spec, ofOwner: ofOwner as unknown as PreparedQuery<[number], Photo<T>> };
}

export const ENTRY_PHOTOS = album({
  table: "entry_images",
  owner: "entry_id",
  owners: "entries",
  folder: "entries",
  sized: true,
  defaults: {},
});

export const GALLERY_PHOTOS = album({
  table: "gallery_images",
  owner: "gallery_id",
  owners: "galleries",
  folder: "galleries",
  sized: false,
  defaults: { link: "" },
});

/** An owner's photos in their order. */
export function photosOf<T extends PhotoTable>(
  db: DB,
  album: Album<T>,
  ownerId: number,
): Promise<Photo<T>[]> {
  return album.ofOwner.all(db, ownerId);
}

/** The photos of these owners, each owner's in their order. */
export async function photosOfAll<T extends PhotoTable>(
  db: DB,
  album: Album<T>,
  ownerIds: number[],
): Promise<Photo<T>[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .selectFrom(tableOf(album))
    .selectAll()
    .where(ownerOf(album), "in", ownerIds)
    .orderBy("position", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows as unknown as Photo<T>[];
}

/** A photo by id; undefined when there is none. */
export async function findPhoto<T extends PhotoTable>(
  db: DB,
  album: Album<T>,
  id: number,
): Promise<Photo<T> | undefined> {
  if (id > MAX_ID) return undefined;
  const row = await db
    .selectFrom(tableOf(album))
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row as unknown as Photo<T> | undefined;
}

/** The id of the photo's owner. */
export const ownerIdOf = (album: Place, photo: PhotoRow): number =>
  (photo as Record<string, unknown>)[album.owner] as number;

/**
 * Stores an upload with its variants and adds it at the end of its owner's photos. Throws a 422
 * under `file` when it is not an image we accept. Undefined when the owner is gone; its new files
 * are removed again then, and when the write fails.
 */
export async function addPhoto<T extends PhotoTable>(
  { db, storage }: MediaContext,
  album: Album<T>,
  ownerId: number,
  { file, alt = "" }: { file: Buffer; alt?: string },
  afterChange?: AfterChange,
): Promise<Photo<T> | undefined> {
  let stored;
  try {
    stored = await storeImage(storage, file, { folder: album.folder, field: "file" });
  } catch (error) {
    if (error instanceof ImageRejected) throw ValidationError.field(error.field, error.message);
    throw error;
  }
  try {
    const photo = await db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom(album.owners as "entries")
        .select("id")
        .where("id", "=", ownerId)
        .executeTakeFirst();
      if (!owner) return undefined;
      const { last } = await trx
        .selectFrom(tableOf(album))
        .select((eb) => eb.fn.max<number | null>("position").as("last"))
        .where(ownerOf(album), "=", ownerId)
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto(tableOf(album))
        .values({
          [album.owner]: ownerId,
          path: stored.key,
          alt,
          position: last === null ? 0 : Number(last) + 1,
          ...(album.sized ? { width: stored.width, height: stored.height } : {}),
          ...album.defaults,
          created_at: new Date().toISOString(),
        } as Insertable<Database["entry_images"]>)
        .returningAll()
        .executeTakeFirstOrThrow();
      await afterChange?.(trx, ownerId);
      return row as unknown as Photo<T>;
    });
    if (!photo) await deleteImage(storage, stored.key);
    return photo;
  } catch (error) {
    await deleteImage(storage, stored.key);
    throw error;
  }
}

/**
 * Puts `photos` (one owner's, as they are now) in the order of `ids` (all of them, or some: see
 * reorderWithin) and answers the new order of ids. Throws a 422 under `images` for an id that is
 * not one of them.
 */
export async function orderPhotos(
  trx: DB,
  album: Place,
  photos: { id: number; position: number }[],
  ids: number[],
): Promise<number[]> {
  assertAllKnown("images", ids, photos);
  const order = reorderWithin(
    photos.map((photo) => photo.id),
    ids,
  );
  await savePositions(trx, album.table, photos, order);
  return order;
}

/**
 * Saves what a photo shows (`alt`) and, for a gallery's, where it leads (`link`); each is kept
 * when undefined. With `ownerId`, only a photo of that owner. Undefined when there is no such
 * photo.
 */
export async function describePhoto<T extends PhotoTable>(
  db: DB,
  album: Album<T>,
  id: number,
  changes: { alt?: string; link?: string },
  ownerId?: number,
): Promise<Photo<T> | undefined> {
  if (id > MAX_ID) return undefined;
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as { alt?: string };
  if (Object.keys(set).length === 0) return findPhoto(db, album, id);
  const row = await db
    .updateTable(tableOf(album))
    .set(set)
    .where("id", "=", id)
    .$if(ownerId !== undefined, (qb) => qb.where(ownerOf(album), "=", ownerId!))
    .returningAll()
    .executeTakeFirst();
  return row as unknown as Photo<T> | undefined;
}

/**
 * Turns a photo 90° clockwise under new file names; the old ones are removed once the row names
 * the new ones. Undefined when its file is gone, or when the photo was taken out (to the trash,
 * which keeps its files) while it was turning. Two rotations at once (a double click, two admins)
 * turn it once: the later one finds the row changed and answers the photo as the first left it.
 */
export async function rotatePhoto<T extends PhotoTable>(
  { db, storage }: MediaContext,
  album: Album<T>,
  photo: Photo<T> & PhotoRow,
  afterChange?: AfterChange,
): Promise<Photo<T> | undefined> {
  const rotated = await rotateImage(storage, photo.path);
  if (!rotated) return undefined;
  const saved = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable(tableOf(album))
      .set({
        path: rotated.key,
        ...(album.sized ? { width: rotated.width, height: rotated.height } : {}),
      })
      .where("id", "=", photo.id)
      .where("path", "=", photo.path)
      .returningAll()
      .executeTakeFirst();
    if (row) await afterChange?.(trx, ownerIdOf(album, photo));
    return row as unknown as Photo<T> | undefined;
  });
  if (saved) {
    await deleteImage(storage, photo.path);
    return saved;
  }
  // Turned by another request, or taken out, meanwhile: the new files belong to nothing.
  await deleteImage(storage, rotated.key);
  return findPhoto(db, album, photo.id);
}

/** Takes a photo's row out (for the trash: its files stay); undefined when there is none. */
export async function takePhoto<T extends PhotoTable>(
  trx: DB,
  album: Album<T>,
  id: number,
): Promise<Photo<T> | undefined> {
  const row = await trx
    .deleteFrom(tableOf(album))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row as unknown as Photo<T> | undefined;
}

/** Takes every photo of an owner out (for the trash: their files stay). */
export async function takePhotosOf<T extends PhotoTable>(
  trx: DB,
  album: Album<T>,
  ownerId: number,
): Promise<Photo<T>[]> {
  const rows = await trx
    .deleteFrom(tableOf(album))
    .where(ownerOf(album), "=", ownerId)
    .returningAll()
    .execute();
  return rows as unknown as Photo<T>[];
}
