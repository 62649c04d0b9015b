import type { FastifyInstance } from "fastify";
import {
  createWidget,
  findWidgetById,
  findWidgetByName,
  listWidgets,
  updateWidget,
  WIDGET_NAME_PATTERN,
  WIDGET_TYPES,
} from "../domain/widgets.ts";
import { notFound } from "../errors.ts";
import { presentWidget, presentWidgetList } from "../presenters/widget.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
import { readForm } from "./multipart.ts";
import { parseIdParam, parsePathKey } from "./path-key.ts";
import { line, parseForm, text, z } from "./validation.ts";

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
});

/** The spec's image field is `file`; `image` is taken too. */
const IMAGE_FIELDS = ["file", "image"] as const;

type IdParams = { Params: { id: string } };

/** Public: a widget by name. Admin: by id, the list, create and save. */
export async function widgetRoutes(app: FastifyInstance) {
  app.get("/api/widgets", { preHandler: admin }, async () =>
    presentWidgetList(await listWidgets(app.db)),
  );

  app.post("/api/widgets", { preHandler: admin }, async (request, reply) => {
    const { fields } = await readForm(request);
    const input = await parseForm(widgetCreateForm, fields);
    return reply.code(201).send(presentWidget(await createWidget(app.db, input)));
  });

  app.get<{ Params: { key: string } }>("/api/widgets/:key", async (request) => {
    const key = parsePathKey(request.params.key);
    if ("id" in key) await admin(request);
    const widget =
      "id" in key ? await findWidgetById(app.db, key.id) : await findWidgetByName(app.db, key.name);
    if (!widget) throw notFound();
    return presentWidget(widget);
  });

  app.post<IdParams>("/api/widgets/:id", { preHandler: admin }, async (request) => {
    const id = parseIdParam(request.params.id);
    const form = await readForm(request, { fileFields: IMAGE_FIELDS });
    const changes = await parseForm(widgetUpdateForm, form.fields);
    const field = IMAGE_FIELDS.find((candidate) => form.files[candidate]);
    const image = field ? { data: form.files[field]!.data, field } : undefined;
    const widget = await updateWidget({ db: app.db, storage: app.storage }, id, {
      ...changes,
      image,
    });
    if (!widget) throw notFound();
    await forgetDraft(request, "widget", id);
    return presentWidget(widget);
  });
}
