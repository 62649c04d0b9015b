import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import { MAX_ID, type GalleriesTable, type GalleryImagesTable } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { deleteImage, ImageRejected, rotateImage, storeImage } from "../media/images.ts";
import type { StorageDriver } from "../media/storage.ts";
import { assertAllKnown, reorderWithin, savePositions } from "./ordering.ts";
import type { PageRequest } from "./paging.ts";
import { matchesSearch } from "./text-search.ts";

export type Gallery = Selectable<GalleriesTable>;
export type GalleryImage = Selectable<GalleryImagesTable>;
export type GalleryWithImages = { gallery: Gallery; images: GalleryImage[] };

/** What the gallery verbs need besides the database: where image files live. */
export type GalleryContext = { db: DB; storage: StorageDriver };

/** Folder of gallery pictures under uploads/. */
const IMAGE_FOLDER = "galleries";

/** The pictures of these galleries, each gallery's in its order. */
async function imagesOf(db: DB, galleryIds: number[]): Promise<GalleryImage[]> {
  if (galleryIds.length === 0) return [];
  return db
    .selectFrom("gallery_images")
    .selectAll()
    .where("gallery_id", "in", galleryIds)
    .orderBy("position", "asc")
    .orderBy("id", "asc")
    .execute();
}

/**
 * One page of the galleries with their pictures, newest first, and how many there are in all;
 * with `q`, only the galleries whose name holds every word of it.
 */
export async function listGalleries(
  db: DB,
  { page, limit, q }: PageRequest,
): Promise<{ galleries: GalleryWithImages[]; total: number }> {
  const matching = db
    .selectFrom("galleries")
    .$if(q !== undefined, (qb) => qb.where(matchesSearch(["name"], q ?? "")));
  const total = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
  if (page * limit >= total) return { galleries: [], total };
  const galleries = await matching
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(page * limit)
    .execute();
  return { galleries: withImages(galleries, await imagesOf(db, idsOf(galleries))), total };
}

/** The galleries of these ids that exist, each with its pictures in their order, by id. */
export async function findGalleries(
  db: DB,
  ids: number[],
): Promise<Map<number, GalleryWithImages>> {
  const wanted = [...new Set(ids)].filter((id) => id > 0 && id <= MAX_ID);
  if (wanted.length === 0) return new Map();
  const galleries = await db
    .selectFrom("galleries")
    .selectAll()
    .where("id", "in", wanted)
    .execute();
  const found = withImages(galleries, await imagesOf(db, idsOf(galleries)));
  return new Map(found.map((item) => [item.gallery.id, item]));
}

const idsOf = (galleries: Gallery[]) => galleries.map((gallery) => gallery.id);

function withImages(galleries: Gallery[], images: GalleryImage[]): GalleryWithImages[] {
  return galleries.map((gallery) => ({
    gallery,
    images: images.filter((image) => image.gallery_id === gallery.id),
  }));
}

/** A gallery with its pictures in their order; undefined when there is none. */
export async function findGallery(db: DB, id: number): Promise<GalleryWithImages | undefined> {
  if (id > MAX_ID) return undefined;
  const gallery = await db
    .selectFrom("galleries")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!gallery) return undefined;
  return { gallery, images: await imagesOf(db, [id]) };
}

export async function createGallery(db: DB, { name }: { name: string }): Promise<Gallery> {
  const now = new Date().toISOString();
  return db
    .insertInto("galleries")
    .values({ name, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Saves a gallery's name (kept when undefined); undefined when there is no such gallery. */
export async function updateGallery(
  db: DB,
  id: number,
  { name }: { name?: string },
): Promise<GalleryWithImages | undefined> {
  if (id > MAX_ID) return undefined;
  const saved = await db
    .updateTable("galleries")
    .set({ ...(name === undefined ? {} : { name }), updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(saved.numUpdatedRows) === 0) return undefined;
  return findGallery(db, id);
}

/**
 * Adds a picture at the end of a gallery. Throws a 422 under `file` when it is not an image we
 * accept. Undefined when the gallery is gone (its new files are removed again).
 */
export async function addGalleryImage(
  { db, storage }: GalleryContext,
  galleryId: number,
  { file, alt = "" }: { file: Buffer; alt?: string },
): Promise<GalleryImage | undefined> {
  let stored;
  try {
    stored = await storeImage(storage, file, { folder: IMAGE_FOLDER, field: "file" });
  } catch (error) {
    if (error instanceof ImageRejected) throw ValidationError.field(error.field, error.message);
    throw error;
  }
  try {
    const image = await db.transaction().execute(async (trx) => {
      const gallery = await trx
        .selectFrom("galleries")
        .select("id")
        .where("id", "=", galleryId)
        .executeTakeFirst();
      if (!gallery) return undefined;
      const { last } = await trx
        .selectFrom("gallery_images")
        .select((eb) => eb.fn.max<number | null>("position").as("last"))
        .where("gallery_id", "=", galleryId)
        .executeTakeFirstOrThrow();
      return trx
        .insertInto("gallery_images")
        .values({
          gallery_id: galleryId,
          path: stored.key,
          alt,
          link: "",
          position: last === null ? 0 : Number(last) + 1,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    if (!image) await deleteImage(storage, stored.key);
    return image;
  } catch (error) {
    await deleteImage(storage, stored.key);
    throw error;
  }
}

/**
 * Puts a gallery's pictures in the order of `imageIds` (all of them, or some: see
 * reorderWithin) and answers the gallery. Throws a 422 under `images` for an id that is not one
 * of its pictures; undefined when there is no such gallery.
 */
export async function reorderGalleryImages(
  db: DB,
  galleryId: number,
  imageIds: number[],
): Promise<GalleryWithImages | undefined> {
  const reordered = await db.transaction().execute(async (trx) => {
    const found = await findGallery(trx, galleryId);
    if (!found) return false;
    assertAllKnown("images", imageIds, found.images);
    const order = reorderWithin(
      found.images.map((image) => image.id),
      imageIds,
    );
    await savePositions(trx, "gallery_images", found.images, order);
    return true;
  });
  return reordered ? findGallery(db, galleryId) : undefined;
}

async function findGalleryImage(db: DB, id: number): Promise<GalleryImage | undefined> {
  if (id > MAX_ID) return undefined;
  return db.selectFrom("gallery_images").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Saves a picture's alt text and link (each kept when undefined); undefined when there is none. */
export async function updateGalleryImage(
  db: DB,
  id: number,
  changes: { alt?: string; link?: string },
): Promise<GalleryImage | undefined> {
  if (id > MAX_ID) return undefined;
  if (changes.alt === undefined && changes.link === undefined) return findGalleryImage(db, id);
  return db
    .updateTable("gallery_images")
    .set({
      ...(changes.alt === undefined ? {} : { alt: changes.alt }),
      ...(changes.link === undefined ? {} : { link: changes.link }),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Turns a picture 90° clockwise under new file names. Undefined when there is no such picture
 * (or its file is gone).
 */
export async function rotateGalleryImage(
  { db, storage }: GalleryContext,
  id: number,
): Promise<GalleryImage | undefined> {
  const image = await findGalleryImage(db, id);
  if (!image) return undefined;
  if (!(await storage.exists(image.path))) return undefined;
  const rotated = await rotateImage(storage, image.path);
  const saved = await db
    .updateTable("gallery_images")
    .set({ path: rotated.key })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  // Deleted while it was turning: its new files belong to nothing.
  if (!saved) await deleteImage(storage, rotated.key);
  return saved;
}
