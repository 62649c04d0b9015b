import { SLUG_PATTERN } from "../domain/entry-slugs.ts";
import { LISTED_STATUSES } from "../domain/entry-status.ts";
import { listQuery } from "./list-query.ts";
import type { UploadedFile } from "./multipart.ts";
import type { BodyReader } from "./route.ts";
import { versionField } from "./revisions.ts";
import { line, text, z } from "./validation.ts";

/** The inputs of the admin entry calls, with Laravel's messages. */

const title = line().min(1).max(255);

/** Empty is absent (Laravel's ConvertEmptyStringsToNull), so a form's blank select means "not said". */
const blankIsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

/** A stored status a client may set (record 031); a draft is seen by admins only. */
const entryStatus = z.preprocess(blankIsAbsent, z.enum(["draft", "published"]).optional());

/** Without a status the new entry is published at once, as the spec's backend does. */
export const entryCreateForm = z.object({ title, status: entryStatus });

/** `?status=` of an admin's entry list (record 031), beside `page`, `limit` and `q`. */
export const entryListQuery = listQuery.extend({
  status: z.preprocess(blankIsAbsent, z.enum(LISTED_STATUSES).optional()),
});

/** Publish and unpublish: the version the client had loaded, when it says (409 when stale). */
export const entryStatusForm = z.object({ version: versionField });

/** Undo a publish (record 059): the version the publish saved, which must still be the latest. */
export const undoPublishForm = z.object({ version: versionField }).transform(({ version }, ctx) => {
  if (version !== undefined) return { version };
  ctx.addIssue({ code: "custom", path: ["version"], message: "The version field is required." });
  return z.NEVER;
});

/** Every field is optional: what a save leaves out keeps its value. */
export const entryUpdateForm = z.object({
  title: title.optional(),
  slug: line()
    .max(255)
    .refine((slug) => slug === "" || SLUG_PATTERN.test(slug), {
      message: "The slug field format is invalid.",
    })
    .nullish()
    .transform((slug) => (slug === null ? "" : slug)),
  article: text()
    .nullish()
    .transform((article) => (article === null ? "" : article)),
  preview_text: text()
    .nullish()
    .transform((text) => (text === null ? "" : text)),
  created_at: line()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const date = parseIsoDate(value);
      if (date) return date.toISOString();
      ctx.addIssue({ code: "custom", message: "The created at field must be a valid date." });
      return z.NEVER;
    }),
  status: entryStatus,
  version: versionField,
});

/**
 * POST /api/{kind}/{id}/preview (record 054): the fields as a save takes them, but a title may be
 * empty, since a preview shows what is typed, whatever it is.
 */
export const entryPreviewForm = entryUpdateForm
  .pick({ article: true, preview_text: true, created_at: true })
  .extend({ title: line().max(255).optional() });

/** What an entry photo shows, for those who cannot see it (as a gallery photo's alt); null is "". */
export const entryImageForm = z.object({
  alt: line()
    .max(255)
    .nullish()
    .transform((alt) => (alt === null ? "" : alt)),
});

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * An ISO 8601 date or date-time (a missing zone is UTC, as Laravel's default timezone), or null
 * when it is not one or names no real day. Years stay within 1000–9999, so every stored date is
 * the same length and sorts as text.
 */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "", zone = "Z"] =
    match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== "Z") {
    const [, sign, oh, om = "0"] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    if (Number(oh) > 23 || Number(om) > 59) return null;
    offsetMinutes = (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  const millis = Math.floor(Number(`0${fraction}`) * 1000);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s, millis) - offsetMinutes * 60_000);
  const stored = date.getUTCFullYear();
  return stored >= 1000 && stored <= 9999 ? date : null;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * A list of `{id}` objects, with every message under the list's own name (a drag-sorted list has
 * one place to show an error): "required" when missing or empty, else the first element without
 * a whole id, or the first id given twice.
 */
export function idList(field: string) {
  return z.unknown().transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
      return fail(`The ${field} field is required.`);
    if (!Array.isArray(value)) return fail(`The ${field} field must be an array.`);
    const ids: number[] = [];
    for (const [index, item] of value.entries()) {
      const given = (item as { id?: unknown } | null)?.id;
      if (given === undefined || given === null)
        return fail(`The ${field}.${index}.id field is required.`);
      const id = wholeNumber(given);
      if (id === undefined) return fail(`The ${field}.${index}.id field must be an integer.`);
      if (ids.includes(id)) return fail(`The ${field}.${index}.id field has a duplicate value.`);
      ids.push(id);
    }
    return ids;
  });
}

/** A positive whole number, given as a number or as digits. */
export function wholeNumber(value: unknown): number | undefined {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** POST /api/{kind}images/order and /api/galleriesimages/order: the owner with its pictures in their new order. */
export const imageOrderForm = z.object({
  id: z.unknown().transform((value, ctx) => {
    const id = wholeNumber(value);
    if (id !== undefined) return id;
    ctx.addIssue({
      code: "custom",
      message:
        value === undefined || value === null || value === ""
          ? "The id field is required."
          : "The id field must be an integer.",
    });
    return z.NEVER;
  }),
  images: idList("images"),
});

/** POST /api/{kind}/order: the list of entries in their new order. */
export const entryOrderForm = z.object({ items: idList("items") });

const fieldsOf = (body: unknown): Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};

/** A JSON body's fields; any other body has none. */
export const jsonFields: BodyReader = (request) => ({ fields: fieldsOf(request.body), files: {} });

/** POST /api/{kind}/order: the list as a bare array or under `items`. */
export const orderBody: BodyReader = (request) => ({
  fields: { items: Array.isArray(request.body) ? request.body : fieldsOf(request.body).items },
  files: {},
});

/**
 * POST /api/{kind}images and /api/galleriesimages: the picture, the id of its owner under the
 * field the client used (every message under that name), and an optional alt text.
 */
export function imageUploadForm(ownerField: string) {
  const label = ownerField.replaceAll("_", " ");
  return z
    .object({
      [ownerField]: z.unknown().transform((value, ctx) => {
        const id = wholeNumber(value);
        if (id !== undefined) return id;
        ctx.addIssue({
          code: "custom",
          message:
            value === undefined || value === ""
              ? `The ${label} field is required.`
              : `The ${label} field must be an integer.`,
        });
        return z.NEVER;
      }),
      file: z.custom<UploadedFile>((file) => file !== undefined, {
        message: "The file field is required.",
      }),
      alt: line().max(255).default(""),
    })
    .transform((input) => ({
      ownerField,
      // The computed key hides its type from TypeScript; the schema has checked it.
      ownerId: input[ownerField] as number,
      file: input.file as UploadedFile,
      alt: input.alt as string,
    }));
}
