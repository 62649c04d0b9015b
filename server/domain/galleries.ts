import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import { MAX_ID, type GalleriesTable } from "../db/schema.ts";
import {
  addPhoto,
  describePhoto,
  findPhoto,
  GALLERY_PHOTOS,
  orderPhotos,
  photosOfAll,
  rotatePhoto,
  type MediaContext,
  type Photo,
} from "../media/photos.ts";
import type { PageRequest } from "./paging.ts";
import { matchesSearch } from "./text-search.ts";

export type Gallery = Selectable<GalleriesTable>;
export type GalleryImage = Photo<"gallery_images">;
export type GalleryWithImages = { gallery: Gallery; images: GalleryImage[] };

/** What the gallery verbs need besides the database: where image files live. */
export type GalleryContext = MediaContext;

/** The pictures of these galleries, each gallery's in its order (server/media keeps them). */
const imagesOf = (db: DB, galleryIds: number[]) => photosOfAll(db, GALLERY_PHOTOS, galleryIds);

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
export function addGalleryImage(
  ctx: GalleryContext,
  galleryId: number,
  upload: { file: Buffer; alt?: string },
): Promise<GalleryImage | undefined> {
  return addPhoto(ctx, GALLERY_PHOTOS, galleryId, upload);
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
    await orderPhotos(trx, GALLERY_PHOTOS, found.images, imageIds);
    return true;
  });
  return reordered ? findGallery(db, galleryId) : undefined;
}

/** Saves a picture's alt text and link (each kept when undefined); undefined when there is none. */
export function updateGalleryImage(
  db: DB,
  id: number,
  changes: { alt?: string; link?: string },
): Promise<GalleryImage | undefined> {
  return describePhoto(db, GALLERY_PHOTOS, id, changes);
}

/**
 * Turns a picture 90° clockwise under new file names. Undefined when there is no such picture
 * (or its file is gone).
 */
export async function rotateGalleryImage(
  ctx: GalleryContext,
  id: number,
): Promise<GalleryImage | undefined> {
  const image = await findPhoto(ctx.db, GALLERY_PHOTOS, id);
  return image && rotatePhoto(ctx, GALLERY_PHOTOS, image);
}
