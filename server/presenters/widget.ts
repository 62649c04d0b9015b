import type { Selectable } from "kysely";
import type { WidgetsTable } from "../db/schema.ts";
import { imageUrl } from "./image-url.ts";

export function presentWidget(widget: Selectable<WidgetsTable>) {
  return {
    id: widget.id,
    name: widget.name,
    type: widget.type,
    html: widget.html,
    image_url: imageUrl(widget.image),
    alt: widget.alt,
  };
}

/** A widget as an admin reads it: with its version, which the edit form sends back. */
export function presentWidgetForAdmin(widget: Selectable<WidgetsTable>, version: number) {
  return { ...presentWidget(widget), version };
}

export function presentWidgetList(widgets: Selectable<WidgetsTable>[]) {
  return { results: widgets.map(presentWidget), total: widgets.length };
}
