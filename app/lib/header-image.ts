import type { Widget, WidgetMap } from "./api-types.ts";

/** The IMAGE widget behind the header image of any content page without one of its own. */
export const HEADER_IMAGE_WIDGET = "HeaderImage";

/** The widgets a page's header image may come from: its own (e.g. "AboutHeader"), then the site's. */
export function headerImageWidgets(pageHeader: string): string[] {
  return [pageHeader, HEADER_IMAGE_WIDGET];
}

/** The page's own header picture when it has one, else the site's. */
export function headerImageOf(widgets: WidgetMap, pageHeader: string): Widget | null {
  const hasPicture = (widget: Widget | null | undefined): widget is Widget =>
    widget?.type === "IMAGE" && Boolean(widget.image_url);
  return [widgets[pageHeader], widgets[HEADER_IMAGE_WIDGET]].find(hasPicture) ?? null;
}
