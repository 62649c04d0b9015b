import type { Selectable } from "kysely";
import type { WidgetsTable } from "../db/schema.ts";
import { pageWidgetLocation } from "../domain/page-widgets.ts";
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

/**
 * A widget in an admin's list: where the site's pages show it (null for none), and whether it
 * may be renamed and deleted, which a page's widget may not (our extension, record 035).
 */
function presentWidgetForList(widget: Selectable<WidgetsTable>) {
  const location = pageWidgetLocation(widget.name);
  return {
    ...presentWidget(widget),
    location,
    renamable: location === null,
    deletable: location === null,
  };
}

/** A widget as an admin reads it: with its version, which the edit form sends back. */
export function presentWidgetForAdmin(widget: Selectable<WidgetsTable>, version: number) {
  return { ...presentWidgetForList(widget), version };
}

export function presentWidgetList(widgets: Selectable<WidgetsTable>[]) {
  return { results: widgets.map(presentWidgetForList), total: widgets.length };
}
