import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  createWidget,
  findWidgetById,
  findWidgetByName,
  listWidgets,
  updateWidget,
  WIDGET_NAME_PATTERN,
  WIDGET_TYPES,
} from "../domain/widgets.ts";
import { embedWidgetGalleries } from "../domain/gallery-embeds.ts";
import { currentVersion } from "../domain/revisions.ts";
import { notFound } from "../errors.ts";
import { presentWidget, presentWidgetForAdmin, presentWidgetList } from "../presenters/widget.ts";
import { actorOf } from "./actor.ts";
import { logActivity } from "./activity.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
import { idParams, pathKeyParam } from "./path-key.ts";
import { formWithFiles, route } from "./route.ts";
import { versionField } from "./revisions.ts";
import { trashWidget } from "../domain/trash.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { line, text, z } from "./validation.ts";

const name = line()
  .min(1, { abort: true })
  .max(100)
  .regex(WIDGET_NAME_PATTERN, { message: "The name field format is invalid." });
const type = z.enum(WIDGET_TYPES);
/** Laravel's nullable string: null (or an empty form field) is "". */
const nullable = <T extends z.ZodString>(schema: T) =>
  schema.nullish().transform((value) => value ?? "");

const widgetCreateForm = z.object({ name, type: type.default("TEXT") });

/** Every field is optional: what a save leaves out keeps its value. */
const widgetUpdateForm = z.object({
  name: name.optional(),
  type: type.optional(),
  html: nullable(text()).optional(),
  alt: nullable(line().max(255)).optional(),
  version: versionField,
});

/** The spec's image field is `file`; `image` is taken too. */
const IMAGE_FIELDS = ["file", "image"] as const;

const widgetLine = ({ id, name }: { id: number; name: string }) => ({
  subject: "widget",
  subjectId: id,
  title: name,
});

/** A widget is read by name by anyone, by id by admins only. */
const adminForIds = async (request: FastifyRequest) => {
  if (/^\d+$/.test((request.params as { key: string }).key)) await admin(request);
};

/** Public: a widget by name. Admin: by id, the list, create, save and delete (to the trash). */
export async function widgetRoutes(app: FastifyInstance) {
  app.get(
    "/api/widgets",
    route({ guards: [admin] }, async () => presentWidgetList(await listWidgets(app.db))),
  );

  app.post(
    "/api/widgets",
    route({ guards: [admin], body: widgetCreateForm }, async ({ body }, request, reply) => {
      const widget = await createWidget(app.db, body);
      await logActivity(request, "created", widgetLine(widget));
      return reply.code(201).send(presentWidgetForAdmin(widget, 0));
    }),
  );

  app.get(
    "/api/widgets/:key",
    route(
      { guards: [adminForIds], params: z.object({ key: pathKeyParam }) },
      async ({ params: { key } }) => {
        const widget =
          "id" in key
            ? await findWidgetById(app.db, key.id)
            : await findWidgetByName(app.db, key.name);
        if (!widget) throw notFound();
        if ("id" in key)
          return presentWidgetForAdmin(widget, await currentVersion(app.db, "widget", widget.id));
        return presentWidget({ ...widget, html: await embedWidgetGalleries(app.db, widget.html) });
      },
    ),
  );

  app.post(
    "/api/widgets/:id",
    route(
      {
        guards: [admin],
        params: idParams,
        body: widgetUpdateForm,
        read: formWithFiles(IMAGE_FIELDS),
      },
      async ({ params: { id }, body: { version, ...changes }, files }, request) => {
        const field = IMAGE_FIELDS.find((candidate) => files[candidate]);
        const image = field ? { data: files[field]!.data, field } : undefined;
        const widget = await updateWidget(
          { db: app.db, storage: app.storage },
          id,
          { ...changes, image },
          { actor: actorOf(request), expectedVersion: version, keep: app.config.revisionsKeep },
        );
        if (!widget) throw notFound();
        await forgetDraft(request, "widget", id);
        await logActivity(request, "saved", widgetLine(widget));
        return presentWidgetForAdmin(widget, widget.version);
      },
    ),
  );

  app.delete(
    "/api/widgets/:id",
    route({ guards: [admin], params: idParams }, async ({ params: { id } }, request, reply) => {
      const item = await trashWidget(trashContextOf(app), trashWho(request), id);
      return answerTrashed(app, reply, item);
    }),
  );
}
