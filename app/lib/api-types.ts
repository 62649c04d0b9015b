import { z } from "zod";
import { apiId as id, optionalDate, shownDate, shownId, shownText } from "./api-fields.ts";

/**
 * The shapes of DESIGN §5, parsed where the API's answers enter the web tier (record 039). Each
 * requires only what its screen cannot do without per spec §3 and §7; what a Laravel backend may
 * leave out (or send as `null`) is read as null, fields a screen shows are noted when absent
 * (api-fields.ts logs them once per call), unknown fields are dropped, ids may be numeric strings
 * and dates come in any of Laravel's forms, normalised to `toISOString()`.
 */
/** A text the API may leave out or send as null. */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

export const RoleSchema = z.enum(["user", "admin"]);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  id,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: RoleSchema.catch("user"),
  two_factor: z
    .boolean()
    .nullish()
    .transform((value) => value === true),
  email_verified_at: optionalDate,
  /**
   * Our API's admin reads (record 036): the open invitation of a user who has not set a password
   * yet; `mailed_at` null when its mail failed. Absent elsewhere and from Laravel.
   */
  invitation: z
    .object({ expires_at: z.string(), mailed_at: optionalDate })
    .nullish()
    .catch(null)
    .transform((invitation) => invitation ?? null),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/user: the user is at data.data (spec §3). */
export const CurrentUserSchema = z.object({ data: UserSchema });

/** Our API's admin reads: the version an edit form sends back (record 030); Laravel sends none. */
export const adminVersion = z
  .number()
  .int()
  .nullish()
  .transform((version) => version ?? undefined);

export const WidgetSchema = z
  .object({
    id,
    name: z.string().catch(""),
    type: z.enum(["TEXT", "IMAGE"]),
    html: optionalText,
    image_url: optionalText,
    alt: optionalText,
  })
  .transform((widget) => ({
    ...widget,
    html: widget.type === "TEXT" ? (widget.html ?? "") : null,
  }));
export type Widget = z.infer<typeof WidgetSchema>;
export type WidgetMap = Record<string, Widget | null>;

export type SiteSettings = {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  donateUrl: string;
  social: { facebook: string; instagram: string; twitter: string };
  /**
   * Whether the API keeps these details (our extension): then staff edit them on
   * /admin/settings and read messages on /admin/messages. A Laravel backend does not, and the
   * details come from the environment.
   */
  editable: boolean;
};

/** GET /api/settings (our extension); every field may be missing, the environment fills it. */
const SettingsFieldsSchema = z.object({
  name: optionalText,
  phone: optionalText,
  whatsapp: optionalText,
  email: optionalText,
  address: optionalText,
  donate_url: optionalText,
  social: z
    .object({ facebook: optionalText, instagram: optionalText, twitter: optionalText })
    .partial()
    .nullish(),
  version: adminVersion,
});
export const SettingsSchema = z.union([
  z.object({ data: SettingsFieldsSchema }).transform((body) => body.data),
  SettingsFieldsSchema,
]);

export type EntryKind = "projects" | "blog" | "opportunities";

/** A size in pixels when the API knows it (ours sends them; a Laravel backend does not). */
const pixels = z
  .number()
  .int()
  .positive()
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

export const EntryImageSchema = z.object({
  /** Spec §7's public read names only image_url and alt: see EntryDetailSchema's images. */
  id: shownId("images[].id"),
  image_url: optionalText,
  alt: shownText("images[].alt"),
  short_code: optionalText,
  order: z.number().nullish(),
  width: pixels,
  height: pixels,
});
export type EntryImage = Omit<z.infer<typeof EntryImageSchema>, "id"> & {
  id: number;
  image_url: string;
};

/** What an admin reads of an entry's publication (record 031). */
export const ENTRY_STATUSES = ["draft", "scheduled", "published"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/**
 * Spec §3's list item is `url, image_url, title, preview_text`; the rest is read when sent. An
 * item needs a title, and a url or a slug to lead to (entryAddresses).
 */
export const EntryListItemSchema = z.object({
  id: shownId("id"),
  title: z.string(),
  slug: shownText("slug"),
  url: shownText("url"),
  preview_text: shownText("preview_text"),
  image_url: shownText("image_url"),
  created_at: shownDate("created_at"),
  /** Laravel sends it unless the model hides it; the sitemap's lastmod falls back to created_at. */
  updated_at: optionalDate,
  /** Only our API, only to admins (record 031); a value we do not know is as none. */
  status: z.enum(ENTRY_STATUSES).optional().catch(undefined),
});
export type EntryListItem = z.infer<typeof EntryListItemSchema> & { url: string };

/**
 * Items with the address they lead to: the API's `url`, else `/{kind}/{slug}`. One with neither
 * has nowhere to lead and is left out (logged once for the list).
 */
export function entryAddresses<Item extends { url: string | null; slug: string | null }>(
  kind: EntryKind,
  items: readonly Item[],
): (Item & { url: string })[] {
  const addressed = items.flatMap((item) => {
    const url = item.url || (item.slug ? `/${kind}/${encodeURIComponent(item.slug)}` : null);
    return url ? [{ ...item, url }] : [];
  });
  if (addressed.length < items.length) {
    console.warn(
      `${items.length - addressed.length} ${kind} item(s) without url or slug left out.`,
    );
  }
  return addressed;
}

export const EntryDetailSchema = EntryListItemSchema.extend({
  article: optionalText,
  article_html: shownText("article_html"),
  // An image without a URL would only be an empty slide. One without an id (spec §7's public
  // read names none) gets a negative one, only to key its slide: it is never sent back.
  images: z
    .array(EntryImageSchema)
    .nullish()
    .catch(null)
    .transform((images) =>
      (images ?? []).flatMap((image, index): EntryImage[] =>
        image.image_url
          ? [{ ...image, id: image.id ?? -(index + 1), image_url: image.image_url }]
          : [],
      ),
    ),
  // An admin's read from our API: the slugs that redirect to the entry (a Laravel backend sends none).
  old_slugs: z
    .array(z.string())
    .nullish()
    .transform((slugs) => slugs ?? undefined),
  // Our API, to admins: false while nobody has chosen a draft's date (record 052).
  date_chosen: z.boolean().optional().catch(undefined),
  version: adminVersion,
});
/** An entry as its page shows it: the address it is at and the slug it was read by filled in. */
export type EntryDetail = z.infer<typeof EntryDetailSchema> & { url: string; slug: string };
/** An entry on its edit screen: read by its id, which the screen keeps even when not sent. */
export type AdminEntry = EntryDetail & { id: number };

/** A count, as a number or a numeric string; absent counts the page's results. */
const count = id.nullish().catch(null);

function buildPagedSchema<Item extends z.ZodType>(item: Item) {
  return z
    .object({ results: z.array(item), total: count })
    .transform((page) => ({ results: page.results, total: page.total ?? page.results.length }));
}
type PagedSchema<Item extends z.ZodType> = ReturnType<typeof buildPagedSchema<Item>>;

/**
 * Built once per item schema: zod compiles an object schema on its first parse, which a schema
 * built for every request would pay on every signed-in page.
 */
const pagedSchemas = new WeakMap<z.ZodType, PagedSchema<z.ZodType>>();

/** A page of a list: `{results, total}`; a missing total counts the results. */
export function pagedSchema<Item extends z.ZodType>(item: Item): PagedSchema<Item> {
  let schema = pagedSchemas.get(item);
  if (!schema) {
    schema = buildPagedSchema(item);
    pagedSchemas.set(item, schema);
  }
  return schema as unknown as PagedSchema<Item>;
}
export type Paged<T> = { results: T[]; total: number };

/** A picture of a gallery: `link` is where it leads (http or https), empty for none. */
export const GalleryImageSchema = z.object({
  id,
  image_url: z.string(),
  alt: optionalText,
  link: optionalText,
  order: z.number().nullish(),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** `{id, name, image_url, images}`: `image_url` is the cover (the first picture), if any. */
export const GallerySchema = z.object({
  id,
  name: z.string(),
  image_url: optionalText,
  images: z
    .array(GalleryImageSchema)
    .nullish()
    .transform((images) => images ?? []),
});
export type Gallery = z.infer<typeof GallerySchema>;

/** A score of 1–5 stars; the review is HTML the API sanitized. */
export const TestimonialSchema = z.object({
  id,
  name: z.string(),
  score: z.coerce.number().int().min(0).max(5).catch(0),
  review: optionalText,
  version: adminVersion,
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

/** A visitor's message as admins read it (our extension, `GET /api/contact-messages`). */
export const ContactMessageSchema = z.object({
  id,
  name: z.string(),
  telephone: optionalText,
  email: z.string(),
  message: z.string(),
  created_at: shownDate("created_at"),
  mailed_at: optionalDate,
  /** Our API's (record 036): unread, read or archived; unknown (null) from any other backend. */
  state: z
    .enum(["unread", "read", "archived"])
    .nullish()
    .catch(null)
    .transform((s) => s ?? null),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** How many messages are unread, beside any page of them (record 036); 0 when not told. */
export const UnreadCountSchema = z.object({
  unread: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .catch(null)
    .transform((n) => n ?? 0),
});
