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
import { imageOrderForm, imageUploadForm, jsonFields } from "./entry-forms.ts";
import { logActivity } from "./activity.ts";
import { trashGallery, trashGalleryImage } from "../domain/trash.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { idParams } from "./path-key.ts";
import { formWithFiles, route } from "./route.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { line, z } from "./validation.ts";

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
  const ctx: GalleryContext = { db: app.db, storage: app.storage };
  const trash = trashContextOf(app);
  const guards = [admin];

  app.get(
    "/api/galleries",
    route({ guards, query: listQuery }, async ({ query }) => {
      const { galleries, total } = await listGalleries(app.db, query);
      return presentGalleryPage(galleries, total);
    }),
  );

  app.post(
    "/api/galleries",
    route({ guards, body: galleryCreateForm }, async ({ body }, request, reply) => {
      const gallery = await createGallery(app.db, body);
      await logActivity(request, "created", galleryLine(gallery));
      return reply.code(201).send(presentGallery(gallery, []));
    }),
  );

  app.get(
    "/api/galleries/:id",
    route({ guards, params: idParams }, async ({ params: { id } }) => {
      const found = await findGallery(app.db, id);
      if (!found) throw notFound();
      return presentGallery(found.gallery, found.images);
    }),
  );

  app.post(
    "/api/galleries/:id",
    route(
      { guards, params: idParams, body: galleryUpdateForm },
      async ({ params: { id }, body }, request) => {
        const saved = await updateGallery(app.db, id, body);
        if (!saved) throw notFound();
        await logActivity(request, "saved", galleryLine(saved.gallery));
        return presentGallery(saved.gallery, saved.images);
      },
    ),
  );

  app.delete(
    "/api/galleries/:id",
    route({ guards, params: idParams }, async ({ params: { id } }, request, reply) =>
      answerTrashed(app, reply, await trashGallery(trash, trashWho(request), id)),
    ),
  );

  app.post(
    "/api/galleriesimages",
    route(
      { guards, body: imageUploadForm("gallery_id"), read: formWithFiles(["file"]) },
      async ({ body: { ownerId, file, alt } }, request, reply) => {
        const image = await addGalleryImage(ctx, ownerId, { file: file.data, alt });
        if (!image)
          throw ValidationError.field("gallery_id", "The selected gallery id is invalid.");
        await logActivity(request, "uploaded", await galleryPhotoLine(app.db, image));
        return reply.code(201).send(presentGalleryImage(image));
      },
    ),
  );

  app.post(
    "/api/galleriesimages/order",
    route({ guards, body: imageOrderForm, read: jsonFields }, async ({ body }, request) => {
      const gallery = await reorderGalleryImages(app.db, body.id, body.images);
      if (!gallery) throw ValidationError.field("id", "The selected id is invalid.");
      await logActivity(request, "reordered", galleryLine(gallery.gallery));
      return presentGallery(gallery.gallery, gallery.images);
    }),
  );

  app.post(
    "/api/galleriesimages/:id",
    route(
      { guards, params: idParams, body: galleryImageForm },
      async ({ params: { id }, body }, request) => {
        const image = await updateGalleryImage(app.db, id, body);
        if (!image) throw notFound();
        await logActivity(request, "saved", await galleryPhotoLine(app.db, image));
        return presentGalleryImage(image);
      },
    ),
  );

  app.delete(
    "/api/galleriesimages/:id",
    route({ guards, params: idParams }, async ({ params: { id } }, request, reply) =>
      answerTrashed(app, reply, await trashGalleryImage(trash, trashWho(request), id)),
    ),
  );

  app.post(
    "/api/galleriesimages/:id/rotate",
    route({ guards, params: idParams }, async ({ params: { id } }, request) => {
      const image = await rotateGalleryImage(ctx, id);
      if (!image) throw notFound();
      await logActivity(request, "rotated", await galleryPhotoLine(app.db, image));
      return presentGalleryImage(image);
    }),
  );
}
