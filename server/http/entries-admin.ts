import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createEntry,
  ENTRY_SEGMENTS,
  reorderEntries,
  type EntryContext,
  type EntrySegment,
} from "../domain/entries.ts";
import type { EntryKind } from "../db/schema.ts";
import { findEntry, listEntries } from "../domain/entry-queries.ts";
import { oldSlugsOf, removeOldSlug } from "../domain/entry-slugs.ts";
import { entryImageLink, ownerTitle } from "../domain/activity.ts";
import { withEmbeddedGalleries } from "../domain/gallery-embeds.ts";
import { previewEntry } from "../domain/entry-preview.ts";
import { saveEntryAndStatus, setEntryStatus, undoPublish } from "../domain/entry-status.ts";
import {
  addEntryImage,
  describeEntryImage,
  reorderEntryImages,
  rotateEntryImage,
} from "../domain/entry-photos.ts";
import { notFound, ValidationError } from "../errors.ts";
import { actorOf } from "./actor.ts";
import {
  presentCreatedEntry,
  presentEntry,
  presentEntryForAdmin,
  presentEntryImage,
  presentEntryPage,
  presentEntryPreview,
} from "../presenters/entry.ts";
import {
  entryCreateForm,
  entryStatusForm,
  undoPublishForm,
  entryImageForm,
  imageOrderForm,
  entryOrderForm,
  entryPreviewForm,
  entryUpdateForm,
  imageUploadForm,
  jsonFields,
  orderBody,
} from "./entry-forms.ts";
import { logActivity } from "./activity.ts";
import { trashEntry, trashEntryImage } from "../domain/trash.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
import { idParam, idParams } from "./path-key.ts";
import { formWithFiles, route } from "./route.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { segment as segmentParam, z } from "./validation.ts";

/** The field naming a new picture's entry; opportunities take the spec's `project_id` too. */
const OWNER_FIELDS: Record<EntrySegment, string[]> = {
  projects: ["project_id"],
  blog: ["blog_id"],
  opportunities: ["project_id", "opportunity_id"],
};

/** The calls that publish an entry and take it back to a draft (record 031). */
const STATUS_ACTIONS = [
  ["publish", "published"],
  ["unpublish", "draft"],
] as const;

/** Blog posts are listed by date; only projects and opportunities have a drag order. */
const ORDERED: EntrySegment[] = ["projects", "opportunities"];

const noContent = (reply: FastifyReply) => reply.code(204).send();

/** An activity line about a photo of an entry: it names and links the entry. */
const entryPhoto = (kind: string, image: { id: number; entry_id: number }, title: string) => ({
  subject: "entry_image",
  subjectId: image.id,
  title,
  link: entryImageLink(kind, image.entry_id),
});

/** The admin half of DESIGN §5 "Entries": every call needs a verified admin. */
export async function entryAdminRoutes(app: FastifyInstance) {
  const ctx: EntryContext = { db: app.db, storage: app.storage };
  const trash = trashContextOf(app);
  const asAdmin = { includeScheduled: true };
  const guards = [admin];

  /** A publish, an unpublish or an undone publish: its Activity line, and the entry for admins. */
  const answerStatusChange = async (
    request: FastifyRequest,
    kind: EntryKind,
    id: number,
    saved: NonNullable<Awaited<ReturnType<typeof setEntryStatus>>>,
  ) => {
    if (saved.statusChange)
      await logActivity(request, saved.statusChange, {
        subject: kind,
        subjectId: id,
        title: saved.entry.title,
      });
    const oldSlugs = await oldSlugsOf(app.db, id);
    return presentEntryForAdmin(saved.entry, saved.images, oldSlugs, saved.version);
  };

  for (const segment of Object.keys(ENTRY_SEGMENTS) as EntrySegment[]) {
    const kind = ENTRY_SEGMENTS[segment];

    app.post(
      `/api/${segment}`,
      route(
        { guards, body: entryCreateForm },
        async ({ body: { title, status } }, request, reply) => {
          const entry = await createEntry(app.db, kind, { title, status });
          await logActivity(request, "created", { subject: kind, subjectId: entry.id, title });
          return reply.code(201).send(presentCreatedEntry(entry));
        },
      ),
    );

    if (ORDERED.includes(segment)) {
      app.post(
        `/api/${segment}/order`,
        route({ guards, body: entryOrderForm, read: orderBody }, async ({ body }, request) => {
          await reorderEntries(app.db, kind, body.items);
          await logActivity(request, "reordered", { subject: kind });
          const { entries, total } = await listEntries(app.db, kind, {
            page: 0,
            limit: 24,
            ...asAdmin,
          });
          return presentEntryPage(entries, total);
        }),
      );
    }

    app.post(
      `/api/${segment}/:id`,
      route(
        { guards, params: idParams, body: entryUpdateForm, read: formWithFiles(["image"]) },
        async ({ params: { id }, body: { version, ...changes }, files }, request) => {
          const saved = await saveEntryAndStatus(
            ctx,
            kind,
            id,
            { ...changes, image: files.image?.data },
            { actor: actorOf(request), expectedVersion: version, keep: app.config.revisionsKeep },
          );
          if (!saved) throw notFound();
          await forgetDraft(request, kind, id);
          // A save that published or unpublished is logged as that.
          await logActivity(request, saved.statusChange ?? "saved", {
            subject: kind,
            subjectId: id,
            title: saved.entry.title,
          });
          return presentEntryForAdmin(
            await withEmbeddedGalleries(app.db, saved.entry),
            saved.images,
            await oldSlugsOf(app.db, id),
            saved.version,
          );
        },
      ),
    );

    // Record 054: the entry with what an admin typed, as visitors would see it; nothing is saved.
    app.post(
      `/api/${segment}/:id/preview`,
      route(
        { guards, params: idParams, body: entryPreviewForm, read: formWithFiles(["image"]) },
        async ({ params: { id }, body, files }) => {
          const changes = { ...body, image: files.image?.data };
          const previewed = await previewEntry(app.db, kind, id, changes);
          if (!previewed) throw notFound();
          const entry = await withEmbeddedGalleries(app.db, previewed.entry);
          return presentEntryPreview(entry, previewed.images, previewed.chosenImageUrl);
        },
      ),
    );

    // Record 031: publish (a draft goes live, or scheduled when dated ahead) and back to a draft.
    for (const [action, status] of STATUS_ACTIONS) {
      app.post(
        `/api/${segment}/:id/${action}`,
        route(
          { guards, params: idParams, body: entryStatusForm },
          async ({ params: { id }, body: { version } }, request) => {
            const saved = await setEntryStatus(ctx, kind, id, status, {
              actor: actorOf(request),
              expectedVersion: version,
              keep: app.config.revisionsKeep,
            });
            if (!saved) throw notFound();
            return answerStatusChange(request, kind, id, saved);
          },
        ),
      );
    }

    // Record 059: the Undo after a publish, while nothing was saved since.
    app.post(
      `/api/${segment}/:id/undo-publish`,
      route(
        { guards, params: idParams, body: undoPublishForm },
        async ({ params: { id }, body: { version } }, request) => {
          const saved = await undoPublish(ctx, kind, id, version, {
            actor: actorOf(request),
            keep: app.config.revisionsKeep,
          });
          if (!saved) throw notFound();
          return answerStatusChange(request, kind, id, saved);
        },
      ),
    );

    app.delete(
      `/api/${segment}/:id/old-slugs/:slug`,
      route(
        { guards, params: z.object({ id: idParam, slug: segmentParam() }) },
        async ({ params: { id, slug } }, _request, reply) => {
          if (!(await removeOldSlug(app.db, kind, id, slug))) throw notFound();
          return noContent(reply);
        },
      ),
    );

    app.delete(
      `/api/${segment}/:id`,
      route({ guards, params: idParams }, async ({ params: { id } }, request, reply) =>
        answerTrashed(app, reply, await trashEntry(trash, trashWho(request), kind, id)),
      ),
    );

    app.post(
      `/api/${segment}images`,
      route(
        {
          guards,
          // Opportunities take their own id's name or the spec's `project_id`.
          body: (fields) =>
            imageUploadForm(
              OWNER_FIELDS[segment].find((field) => fields[field] !== undefined) ??
                OWNER_FIELDS[segment][0]!,
            ),
          read: formWithFiles(["file"]),
        },
        async ({ body: { ownerField, ownerId, file, alt } }, request, reply) => {
          const owner = await findEntry(app.db, kind, { id: ownerId }, asAdmin);
          if (!owner)
            throw ValidationError.field(
              ownerField,
              `The selected ${ownerField.replaceAll("_", " ")} is invalid.`,
            );
          const image = await addEntryImage(ctx, owner.entry, { file: file.data, alt });
          await logActivity(request, "uploaded", entryPhoto(kind, image, owner.entry.title));
          return reply.code(201).send(presentEntryImage(image));
        },
      ),
    );

    app.post(
      `/api/${segment}images/order`,
      route(
        { guards, body: imageOrderForm, read: jsonFields },
        async ({ body: { id, images } }, request) => {
          const entry = await reorderEntryImages(ctx, kind, id, images, {
            actor: actorOf(request),
            keep: app.config.revisionsKeep,
          });
          if (!entry) throw ValidationError.field("id", "The selected id is invalid.");
          await logActivity(request, "reordered", {
            subject: kind,
            subjectId: id,
            title: entry.entry.title,
          });
          return presentEntry(await withEmbeddedGalleries(app.db, entry.entry), entry.images);
        },
      ),
    );

    app.post(
      `/api/${segment}images/:id`,
      route(
        { guards, params: idParams, body: entryImageForm },
        async ({ params: { id }, body }, request) => {
          const described = await describeEntryImage(ctx, kind, id, body, {
            actor: actorOf(request),
            keep: app.config.revisionsKeep,
          });
          if (!described) throw notFound();
          await logActivity(
            request,
            "saved",
            entryPhoto(kind, described.image, described.entry.title),
          );
          return presentEntryImage(described.image);
        },
      ),
    );

    app.delete(
      `/api/${segment}images/:id`,
      route({ guards, params: idParams }, async ({ params: { id } }, request, reply) =>
        answerTrashed(app, reply, await trashEntryImage(trash, trashWho(request), kind, id)),
      ),
    );

    app.post(
      `/api/${segment}images/:id/rotate`,
      route({ guards, params: idParams }, async ({ params: { id } }, request) => {
        const image = await rotateEntryImage(ctx, kind, id);
        if (!image) throw notFound();
        const title = await ownerTitle(app.db, "entries", image.entry_id);
        await logActivity(request, "rotated", entryPhoto(kind, image, title));
        return presentEntryImage(image);
      }),
    );
  }
}
