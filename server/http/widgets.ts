import type { FastifyInstance } from "fastify";
import { findWidgetById, findWidgetByName } from "../domain/widgets.ts";
import { notFound } from "../errors.ts";
import { presentWidget } from "../presenters/widget.ts";
import { admin } from "./guards.ts";
import { parsePathKey } from "./path-key.ts";

export async function widgetRoutes(app: FastifyInstance) {
  app.get<{ Params: { key: string } }>("/api/widgets/:key", async (request) => {
    const key = parsePathKey(request.params.key);
    if ("id" in key) await admin(request);
    const widget =
      "id" in key ? await findWidgetById(app.db, key.id) : await findWidgetByName(app.db, key.name);
    if (!widget) throw notFound();
    return presentWidget(widget);
  });
}
