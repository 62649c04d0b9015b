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
  .extend({
    version: adminVersion,
    // Our API's extension (record 035); a Laravel backend sends none of these, and then the
    // screens show no place, keep the name editable and offer no Delete.
    location: z
      .object({
        page: z.string(),
        // A path on this site only: it becomes a link.
        path: z.string().regex(/^\/(?![/\\])/),
        place: z.string(),
      })
      .nullish()
      .catch(null)
      .transform((location) => location ?? null),
    renamable: z.boolean().nullish().catch(null),
    deletable: z.boolean().nullish().catch(null),
  })
  .transform((widget) => ({
    ...widget,
    html: widget.html ?? "",
    renamable: widget.renamable !== false,
    deletable: widget.deletable === true,
  }));
export type AdminWidget = z.output<typeof AdminWidgetSchema>;

/**
 * The edit form's fields as it loads them: what a save without versions (a Laravel backend)
 * compares with the widget as saved now (record 057).
 */
export function widgetFormValues(widget: AdminWidget): Record<string, string> {
  return { name: widget.name, type: widget.type, html: widget.html, alt: widget.alt ?? "" };
}

/** The edit form's fields by their labels, for "Saved by someone else meanwhile". */
export const WIDGET_FIELD_LABELS = { name: "Name", type: "Type", html: "Text", alt: "Alt Text" };
export type WidgetLocation = NonNullable<AdminWidget["location"]>;

/** A widget's edit screen, keeping the page it returns to (`?returnTo=/about`). */
export function widgetScreenPath(id: string | number, returnTo: string | null): string {
  const path = `/admin/widgets/${id}`;
  return returnTo ? `${path}?${new URLSearchParams({ returnTo })}` : path;
}

/** "About page, first block". */
export function locationText({ page, place }: WidgetLocation): string {
  return `${page}, ${place}`;
}

/**
 * Whether the widget is one the list's search asks for: every word of `search`, in any case,
 * in its name or where it shows (as the API's `q` matches, server/domain/text-search.ts).
 */
export function widgetMatches(widget: AdminWidget, search: string): boolean {
  const haystack = [widget.name, widget.location ? locationText(widget.location) : ""]
    .join(" ")
    .toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

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
