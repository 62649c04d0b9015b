import type { FastifyInstance, FastifyReply } from "fastify";
import {
  createEntry,
  ENTRY_SEGMENTS,
  reorderEntries,
  type EntryContext,
  type EntrySegment,
} from "../domain/entries.ts";
import { findEntry, listEntries } from "../domain/entry-queries.ts";
import { oldSlugsOf, removeOldSlug } from "../domain/entry-slugs.ts";
import { entryImageLink, ownerTitle } from "../domain/activity.ts";
import { withEmbeddedGalleries } from "../domain/gallery-embeds.ts";
import { saveEntryAndStatus, setEntryStatus } from "../domain/entry-status.ts";
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
} from "../presenters/entry.ts";
import {
  entryCreateForm,
  entryStatusForm,
  entryImageForm,
  imageOrderForm,
  entryOrderForm,
  entryUpdateForm,
  jsonFields,
  orderBody,
  parseEntryImageUpload,
} from "./entry-forms.ts";
import { logActivity } from "./activity.ts";
import { trashEntry, trashEntryImage } from "../domain/trash.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
import { readForm } from "./multipart.ts";
import { parseIdParam } from "./path-key.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { parseForm } from "./validation.ts";

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

type IdParams = { Params: { id: string } };

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
  app.addHook("preHandler", admin);
  const ctx: EntryContext = { db: app.db, storage: app.storage };
  const trash = trashContextOf(app);
  const asAdmin = { includeScheduled: true };

  for (const segment of Object.keys(ENTRY_SEGMENTS) as EntrySegment[]) {
    const kind = ENTRY_SEGMENTS[segment];

    app.post(`/api/${segment}`, async (request, reply) => {
      const { fields } = await readForm(request);
      const { title, status } = await parseForm(entryCreateForm, fields);
      const entry = await createEntry(app.db, kind, { title, status });
      await logActivity(request, "created", { subject: kind, subjectId: entry.id, title });
      return reply.code(201).send(presentCreatedEntry(entry));
    });

    if (ORDERED.includes(segment)) {
      app.post(`/api/${segment}/order`, async (request) => {
        const { items } = await parseForm(entryOrderForm, orderBody(request.body));
        await reorderEntries(app.db, kind, items);
        await logActivity(request, "reordered", { subject: kind });
        const { entries, total } = await listEntries(app.db, kind, {
          page: 0,
          limit: 24,
          ...asAdmin,
        });
        return presentEntryPage(entries, total);
      });
    }

    app.post<IdParams>(`/api/${segment}/:id`, async (request) => {
      const id = parseIdParam(request.params.id);
      const form = await readForm(request, { fileFields: ["image"] });
      const { version, ...changes } = await parseForm(entryUpdateForm, form.fields);
      const saved = await saveEntryAndStatus(
        ctx,
        kind,
        id,
        { ...changes, image: form.files.image?.data },
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
    });

    // Record 031: publish (a draft goes live, or scheduled when dated ahead) and back to a draft.
    for (const [action, status] of STATUS_ACTIONS) {
      app.post<IdParams>(`/api/${segment}/:id/${action}`, async (request) => {
        const id = parseIdParam(request.params.id);
        const { version } = await parseForm(entryStatusForm, (await readForm(request)).fields);
        const saved = await setEntryStatus(ctx, kind, id, status, {
          actor: actorOf(request),
          expectedVersion: version,
          keep: app.config.revisionsKeep,
        });
        if (!saved) throw notFound();
        if (saved.statusChange)
          await logActivity(request, saved.statusChange, {
            subject: kind,
            subjectId: id,
            title: saved.entry.title,
          });
        return presentEntryForAdmin(
          saved.entry,
          saved.images,
          await oldSlugsOf(app.db, id),
          saved.version,
        );
      });
    }

    app.delete<{ Params: { id: string; slug: string } }>(
      `/api/${segment}/:id/old-slugs/:slug`,
      async (request, reply) => {
        const id = parseIdParam(request.params.id);
        if (!(await removeOldSlug(app.db, kind, id, request.params.slug))) throw notFound();
        return noContent(reply);
      },
    );

    app.delete<IdParams>(`/api/${segment}/:id`, async (request, reply) => {
      const id = parseIdParam(request.params.id);
      return answerTrashed(app, reply, await trashEntry(trash, trashWho(request), kind, id));
    });

    app.post(`/api/${segment}images`, async (request, reply) => {
      const form = await readForm(request, { fileFields: ["file"] });
      const accepted = OWNER_FIELDS[segment];
      const ownerField = accepted.find((field) => form.fields[field] !== undefined) ?? accepted[0]!;
      const { ownerId, file, alt } = await parseEntryImageUpload(form, ownerField);
      const owner = await findEntry(app.db, kind, { id: ownerId }, asAdmin);
      if (!owner)
        throw ValidationError.field(
          ownerField,
          `The selected ${ownerField.replaceAll("_", " ")} is invalid.`,
        );
      const image = await addEntryImage(ctx, owner.entry, { file: file.data, alt });
      await logActivity(request, "uploaded", entryPhoto(kind, image, owner.entry.title));
      return reply.code(201).send(presentEntryImage(image));
    });

    app.post(`/api/${segment}images/order`, async (request) => {
      const { id, images } = await parseForm(imageOrderForm, jsonFields(request.body));
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
    });

    app.post<IdParams>(`/api/${segment}images/:id`, async (request) => {
      const id = parseIdParam(request.params.id);
      const { fields } = await readForm(request);
      const described = await describeEntryImage(
        ctx,
        kind,
        id,
        await parseForm(entryImageForm, fields),
        { actor: actorOf(request), keep: app.config.revisionsKeep },
      );
      if (!described) throw notFound();
      await logActivity(request, "saved", entryPhoto(kind, described.image, described.entry.title));
      return presentEntryImage(described.image);
    });

    app.delete<IdParams>(`/api/${segment}images/:id`, async (request, reply) => {
      const id = parseIdParam(request.params.id);
      return answerTrashed(app, reply, await trashEntryImage(trash, trashWho(request), kind, id));
    });

    app.post<IdParams>(`/api/${segment}images/:id/rotate`, async (request) => {
      const image = await rotateEntryImage(ctx, kind, parseIdParam(request.params.id));
      if (!image) throw notFound();
      const title = await ownerTitle(app.db, "entries", image.entry_id);
      await logActivity(request, "rotated", entryPhoto(kind, image, title));
      return presentEntryImage(image);
    });
  }
}
