import type { FastifyInstance } from "fastify";
import type { RevisionSubject } from "../db/schema.ts";
import { recordActivity } from "../domain/activity.ts";
import { ENTRY_SEGMENTS, updateEntry, type EntrySegment } from "../domain/entries.ts";
import { oldSlugsOf } from "../domain/entry-slugs.ts";
import { withEmbeddedGalleries } from "../domain/gallery-embeds.ts";
import { findRevision, itemExists, listRevisions, type RevisionData } from "../domain/revisions.ts";
import { saveSettings, type SettingsUpdate } from "../domain/settings.ts";
import { updateTestimonial } from "../domain/testimonials.ts";
import { updateWidget, type WidgetType } from "../domain/widgets.ts";
import { notFound } from "../errors.ts";
import { presentEntryForAdmin } from "../presenters/entry.ts";
import { presentRevisionPage } from "../presenters/revision.ts";
import { presentSettingsForAdmin } from "../presenters/settings.ts";
import { presentTestimonialForAdmin } from "../presenters/testimonial.ts";
import { presentWidgetForAdmin } from "../presenters/widget.ts";
import { actorOf } from "./actor.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { idParam } from "./path-key.ts";
import { route } from "./route.ts";
import { segment, z } from "./validation.ts";

/**
 * The optional `version` of a save: the version the client loaded the item at (record 030).
 * Absent or empty saves whatever the version is now.
 */
export const versionField = z
  .unknown()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return undefined;
    const number =
      typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
    if (Number.isSafeInteger(number) && number >= 0) return number;
    ctx.addIssue({ code: "custom", message: "The version field must be an integer." });
    return z.NEVER;
  })
  .optional();

const PATH_SUBJECTS: Record<string, RevisionSubject> = {
  ...ENTRY_SEGMENTS,
  widgets: "widget",
  testimonials: "testimonial",
  settings: "settings",
};

/** `/:subject/:id`: the item whose history it is; settings is id 0. */
const revisionTarget = { subject: segment(), id: segment() };

function toTarget(
  { subject: segmentName, id }: { subject: string; id: string },
  ctx: z.RefinementCtx,
) {
  const subject = Object.hasOwn(PATH_SUBJECTS, segmentName)
    ? PATH_SUBJECTS[segmentName]
    : undefined;
  const itemId = subject === "settings" ? (id === "0" ? 0 : undefined) : idParam.safeParse(id).data;
  if (subject && itemId !== undefined) return { segment: segmentName, subject, id: itemId };
  ctx.addIssue({ code: "custom", message: "Not Found." });
  return z.NEVER;
}

const historyParams = z.object(revisionTarget).transform(toTarget);
const restoreParams = z
  .object({ ...revisionTarget, version: idParam })
  .transform(({ version, ...target }, ctx) => ({ ...toTarget(target, ctx), version }));

const text = (data: RevisionData, key: string) =>
  typeof data[key] === "string" ? (data[key] as string) : undefined;

/** An item's history and restoring one of its versions (record 030): verified admins only. */
export async function revisionRoutes(app: FastifyInstance) {
  app.get(
    "/api/revisions/:subject/:id",
    route(
      {
        guards: [admin],
        // The history of an item that is not there (deleted, or of another kind) is a 404, as
        // its edit screen is.
        params: historyParams.refine(({ subject, id }) => itemExists(app.db, subject, id)),
        query: listQuery,
      },
      async ({ params: { subject, id }, query }) => {
        const { revisions, total, version } = await listRevisions(app.db, subject, id, query);
        return presentRevisionPage(revisions, total, version);
      },
    ),
  );

  app.post(
    "/api/revisions/:subject/:id/:version/restore",
    route(
      // `version`, optional: the current version the client compared with; past it, a 409.
      { guards: [admin], params: restoreParams, body: z.object({ version: versionField }) },
      async ({ params, body }, request) => {
        const { segment, subject, id } = params;
        const revision = await findRevision(app.db, subject, id, params.version);
        if (!revision) throw notFound();
        const actor = actorOf(request);
        const options = { actor, keep: app.config.revisionsKeep, expectedVersion: body.version };
        const data = revision.data;
        let answer: unknown;
        let title: string;
        let link = `/admin/${segment}/${id}`;
        if (subject === "widget") {
          const widget = await updateWidget(
            { db: app.db, storage: app.storage },
            id,
            {
              name: text(data, "name"),
              type: text(data, "type") as WidgetType | undefined,
              html: text(data, "html"),
              alt: text(data, "alt"),
              storedImage: text(data, "image") ?? null,
            },
            options,
          );
          if (!widget) throw notFound();
          answer = presentWidgetForAdmin(widget, widget.version);
          title = widget.name;
        } else if (subject === "testimonial") {
          const testimonial = await updateTestimonial(
            app.db,
            id,
            {
              name: text(data, "name"),
              score: typeof data.score === "number" ? data.score : undefined,
              review: text(data, "review"),
            },
            options,
          );
          if (!testimonial) throw notFound();
          answer = presentTestimonialForAdmin(testimonial, testimonial.version);
          title = testimonial.name;
          link = "/admin/testimonials";
        } else if (subject === "settings") {
          const settings = await saveSettings(app.db, data as SettingsUpdate, options);
          answer = presentSettingsForAdmin(settings, settings.version);
          title = "Settings";
          link = "/admin/settings";
        } else {
          const saved = await updateEntry(
            { db: app.db, storage: app.storage },
            subject,
            id,
            {
              title: text(data, "title"),
              slug: text(data, "slug"),
              article: text(data, "article"),
              preview_text: text(data, "preview_text"),
              created_at: text(data, "created_at"),
              cover: text(data, "image") ?? null,
              photoOrder: Array.isArray(data.photo_order)
                ? data.photo_order.filter((imageId) => typeof imageId === "number")
                : undefined,
              photoAlts: photoAltsOf(data),
            },
            options,
          );
          if (!saved) throw notFound();
          answer = presentEntryForAdmin(
            await withEmbeddedGalleries(app.db, saved.entry),
            saved.images,
            await oldSlugsOf(app.db, id),
            saved.version,
          );
          title = saved.entry.title;
          link = `/admin/${segment as EntrySegment}/${id}`;
        }
        await recordActivity(app.db, actor, {
          action: "version_restored",
          subject,
          subjectId: id,
          title,
          link,
          ipAddress: request.ip,
        });
        return answer;
      },
    ),
  );
}

/** A snapshot's photo descriptions (`photo_alts`: alt by photo id). */
function photoAltsOf(data: Record<string, unknown>): { id: number; alt: string }[] | undefined {
  const alts = data.photo_alts;
  if (alts === null || typeof alts !== "object" || Array.isArray(alts)) return undefined;
  return Object.entries(alts).flatMap(([id, alt]) =>
    /^\d{1,9}$/.test(id) && typeof alt === "string" ? [{ id: Number(id), alt }] : [],
  );
}
