import type { FastifyInstance } from "fastify";
import type { DB } from "../db/database.ts";
import {
  addGalleryImage,
  createGallery,
  findGallery,
  listGalleries,
  reorderGalleryImages,
  rotateGalleryImage,
  updateGallery,
  updateGalleryImage,
  type GalleryContext,
} from "../domain/galleries.ts";
import { activityLink, ownerTitle } from "../domain/activity.ts";
import { notFound, ValidationError } from "../errors.ts";
import { presentGallery, presentGalleryImage, presentGalleryPage } from "../presenters/gallery.ts";
import { imageOrderForm, jsonFields, parseEntryImageUpload } from "./entry-forms.ts";
import { logActivity } from "./activity.ts";
import { trashGallery, trashGalleryImage } from "../domain/trash.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { readForm } from "./multipart.ts";
import { parseIdParam } from "./path-key.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { line, parseForm, z } from "./validation.ts";

const name = line().min(1).max(255);
/** Laravel's nullable string: null is "". */
const nullableLine = (max: number) =>
  line()
    .max(max)
    .nullish()
    .transform((value) => value ?? "");

const galleryCreateForm = z.object({ name });
const galleryUpdateForm = z.object({ name: name.optional() });

const webAddress = z.url({ protocol: /^https?$/ });

/**
 * A link typed without its scheme but starting with a host name (`www.example.org/x`,
 * `example.org`) is that address over https; anything else is kept as typed (and must then be
 * an http or https address).
 */
function withWebScheme(link: string): string {
  const hasScheme = /^[a-z][a-z0-9+-]*:/i.test(link);
  return !hasScheme && /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]|$)/i.test(link)
    ? `https://${link}`
    : link;
}

/** A picture's caption and where it leads: a web address (http or https), or nothing. */
const galleryImageForm = z.object({
  alt: nullableLine(255).optional(),
  link: nullableLine(2048)
    .transform(withWebScheme)
    .refine((link) => link === "" || webAddress.safeParse(link).success, {
      message: "The link field must be a valid URL.",
    })
    .optional(),
});

type IdParams = { Params: { id: string } };

const galleryLine = (gallery: { id: number; name: string }) => ({
  subject: "gallery",
  subjectId: gallery.id,
  title: gallery.name,
});

/** An activity line about a gallery's photo: it names and links the gallery. */
const galleryPhotoLine = async (db: DB, image: { id: number; gallery_id: number }) => ({
  subject: "gallery_image",
  subjectId: image.id,
  title: await ownerTitle(db, "galleries", image.gallery_id),
  link: activityLink("gallery_image", image.id, image.gallery_id),
});

/** DESIGN §5 "galleries": every call needs a verified admin. */
export async function galleryRoutes(app: FastifyInstance) {
  app.addHook("preHandler", admin);
  const ctx: GalleryContext = { db: app.db, storage: app.storage };
  const trash = trashContextOf(app);

  app.get("/api/galleries", async (request) => {
    const { galleries, total } = await listGalleries(app.db, listQuery.parse(request.query ?? {}));
    return presentGalleryPage(galleries, total);
  });

  app.post("/api/galleries", async (request, reply) => {
    const { fields } = await readForm(request);
    const gallery = await createGallery(app.db, await parseForm(galleryCreateForm, fields));
    await logActivity(request, "created", galleryLine(gallery));
    return reply.code(201).send(presentGallery(gallery, []));
  });

  app.get<IdParams>("/api/galleries/:id", async (request) => {
    const found = await findGallery(app.db, parseIdParam(request.params.id));
    if (!found) throw notFound();
    return presentGallery(found.gallery, found.images);
  });

  app.post<IdParams>("/api/galleries/:id", async (request) => {
    const id = parseIdParam(request.params.id);
    const { fields } = await readForm(request);
    const saved = await updateGallery(app.db, id, await parseForm(galleryUpdateForm, fields));
    if (!saved) throw notFound();
    await logActivity(request, "saved", galleryLine(saved.gallery));
    return presentGallery(saved.gallery, saved.images);
  });

  app.delete<IdParams>("/api/galleries/:id", async (request, reply) => {
    const id = parseIdParam(request.params.id);
    return answerTrashed(app, reply, await trashGallery(trash, trashWho(request), id));
  });

  app.post("/api/galleriesimages", async (request, reply) => {
    const form = await readForm(request, { fileFields: ["file"] });
    const { ownerId, file, alt } = await parseEntryImageUpload(form, "gallery_id");
    const image = await addGalleryImage(ctx, ownerId, { file: file.data, alt });
    if (!image) throw ValidationError.field("gallery_id", "The selected gallery id is invalid.");
    await logActivity(request, "uploaded", await galleryPhotoLine(app.db, image));
    return reply.code(201).send(presentGalleryImage(image));
  });

  app.post("/api/galleriesimages/order", async (request) => {
    const { id, images } = await parseForm(imageOrderForm, jsonFields(request.body));
    const gallery = await reorderGalleryImages(app.db, id, images);
    if (!gallery) throw ValidationError.field("id", "The selected id is invalid.");
    await logActivity(request, "reordered", galleryLine(gallery.gallery));
    return presentGallery(gallery.gallery, gallery.images);
  });

  app.post<IdParams>("/api/galleriesimages/:id", async (request) => {
    const id = parseIdParam(request.params.id);
    const { fields } = await readForm(request);
    const image = await updateGalleryImage(app.db, id, await parseForm(galleryImageForm, fields));
    if (!image) throw notFound();
    await logActivity(request, "saved", await galleryPhotoLine(app.db, image));
    return presentGalleryImage(image);
  });

  app.delete<IdParams>("/api/galleriesimages/:id", async (request, reply) => {
    const id = parseIdParam(request.params.id);
    return answerTrashed(app, reply, await trashGalleryImage(trash, trashWho(request), id));
  });

  app.post<IdParams>("/api/galleriesimages/:id/rotate", async (request) => {
    const image = await rotateGalleryImage(ctx, parseIdParam(request.params.id));
    if (!image) throw notFound();
    await logActivity(request, "rotated", await galleryPhotoLine(app.db, image));
    return presentGalleryImage(image);
  });
}
