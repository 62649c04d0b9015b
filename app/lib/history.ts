import { diffWords } from "diff";
import { z } from "zod";

/** One saved version of an item as GET /api/revisions/{subject}/{id} answers it (record 030). */
export const RevisionSchema = z.object({
  version: z.number().int(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  changed: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
});
export type Revision = z.infer<typeof RevisionSchema>;

export const RevisionPageSchema = z.object({
  results: z.array(RevisionSchema),
  total: z.number().int(),
  version: z.number().int(),
});

/** The `current` of a 409: who saved the version that came in between, and what it holds. */
export const ConflictSchema = z.object({
  message: z.string(),
  current: z
    .object({
      version: z.number().int(),
      user: z.object({ id: z.number(), name: z.string() }).nullable(),
      saved_at: z.string(),
      data: z.record(z.string(), z.unknown()),
    })
    .nullable(),
});

/** What the edit screen shows when a save answered 409. */
export type EditConflict = {
  /** The version the other save left: the next save sends it. */
  version: number;
  /** The version the form was loaded at. */
  loadedVersion: number | null;
  by: string;
  savedAt: string;
  /** Field → their value, as text. */
  theirs: Record<string, string>;
  /** Field → what was typed. */
  mine: Record<string, string>;
  /** A new picture was chosen: it cannot travel through the conflict screen. */
  pictureChosen: boolean;
};

/** The items with a history: the path segment of the API and of the admin screens. */
export const HISTORY_SUBJECTS = [
  "projects",
  "blog",
  "opportunities",
  "widgets",
  "testimonials",
  "settings",
] as const;
export type HistorySubject = (typeof HISTORY_SUBJECTS)[number];

/** How the fields of a snapshot are named on screen. */
export const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Item Slug URL",
  created_at: "Publish Date",
  image_url: "Picture",
  preview_text: "Preview Text",
  article: "Text",
  photo_order: "Photo order",
  status: "Status",
  name: "Name",
  type: "Type",
  html: "Content",
  alt: "Alt text",
  score: "Rating",
  review: "Review",
  phone: "Phone",
  whatsapp: "WhatsApp",
  email: "Email",
  address: "Address",
  donate_url: "Donate link",
  "social.facebook": "Facebook",
  "social.instagram": "Instagram",
  "social.twitter": "Twitter",
  // The settings form's own names for the social links.
  facebook: "Facebook",
  instagram: "Instagram",
  twitter: "Twitter",
};

/** An entry snapshot keeps each photo's alt text as `photo_alts.<photo id>` (record 032). */
export const fieldLabel = (field: string) =>
  FIELD_LABELS[field] ?? (field.startsWith("photo_alts.") ? "Photo description" : field);

/** "Title, Text": the fields a revision changed, as the History list names them (each once). */
export function changedLabel(changed: readonly string[]): string {
  return [...new Set(changed.map(fieldLabel))].join(", ");
}

/** A snapshot's fields as text, nested objects (the settings' social links) named with dots. */
export function flattenSnapshot(
  data: Record<string, unknown>,
  prefix = "",
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      Object.assign(fields, flattenSnapshot(value as Record<string, unknown>, `${prefix}${key}.`));
    else if (Array.isArray(value)) fields[`${prefix}${key}`] = value.join(", ");
    else fields[`${prefix}${key}`] = value === null || value === undefined ? "" : String(value);
  }
  return fields;
}

/** HTML as the words a reader sees: tags dropped, blocks on their own lines, entities decoded. */
export function readableText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h\d|\/li|\/blockquote)\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const HTML_FIELDS = new Set(["article", "html", "review"]);

/** A field's value as the diff compares it: the text of an HTML field, any other as it is. */
export function comparableText(field: string, value: string): string {
  return HTML_FIELDS.has(field) ? readableText(value) : value;
}

export type DiffPart = { value: string; added?: boolean; removed?: boolean };

/** Word by word, what changes `from` into `to`. */
export function wordDiff(field: string, from: string, to: string): DiffPart[] {
  return diffWords(comparableText(field, from), comparableText(field, to)).map((part) => ({
    value: part.value,
    added: part.added,
    removed: part.removed,
  }));
}
