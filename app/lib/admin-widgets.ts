import { z } from "zod";
import { adminVersion, WidgetSchema } from "./api-types.ts";
import { requiredText } from "./forms.ts";

export const WIDGET_TYPES = ["TEXT", "IMAGE"] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** The Type select's choices, as staff read them. */
export const WIDGET_TYPE_LABELS: Record<WidgetType, string> = { TEXT: "Text", IMAGE: "Image" };

/**
 * A widget as the admin screens read it: whole. The public shape drops an IMAGE widget's HTML,
 * but the API keeps it when the type changes (decision 012), so the editor shows it again when
 * staff switch back to Text, and a save sends it back unchanged instead of emptying it.
 */
export const AdminWidgetSchema = WidgetSchema.in
  .extend({ version: adminVersion })
  .transform((widget) => ({
    ...widget,
    html: widget.html ?? "",
  }));
export type AdminWidget = z.output<typeof AdminWidgetSchema>;

/** The Add Widget modal: a name; the type is TEXT, posted in a hidden field (spec §4). */
export const CreateWidgetSchema = z.object({
  name: requiredText("name"),
  type: z.literal("TEXT").catch("TEXT"),
});

/**
 * The edit form. The browser checks that there is a name; the API checks every rule (the
 * name's letters, its uniqueness, the picture). `html` is read as posted, and the picture comes
 * as the file field `file`.
 */
export const WidgetFormSchema = z.object({
  name: requiredText("name"),
  type: z.enum(WIDGET_TYPES, { error: "The type field is required." }),
  html: z.string().optional(),
  alt: z.string().optional(),
});

/** The fields of the widget form the conflict screen carries, in screen order. */
export const WIDGET_FORM_FIELDS = ["name", "type", "html", "alt"] as const;

/**
 * What the edit form was last loaded with: when a save changes the widget (a new picture, say),
 * the form starts again from it, its file input empty; a failed save changes nothing and keeps
 * what was typed.
 */
export function widgetRevision(widget: AdminWidget): string {
  return JSON.stringify([
    widget.id,
    widget.name,
    widget.type,
    widget.html,
    widget.image_url,
    widget.alt,
  ]);
}
