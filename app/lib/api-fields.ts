import { z } from "zod";

/**
 * The pieces the API's answers are read with (api-types.ts): ids and dates in every form a
 * Laravel backend sends, and fields a screen shows but the spec does not promise, whose absence
 * is noted while an answer is parsed and logged once per call.
 */

/** The fields missing from the answer being parsed: parsing is synchronous, one answer at a time. */
let missingFields: Set<string> | null = null;

function noteMissing(field: string): void {
  missingFields?.add(field);
}

/**
 * Parses an API answer, then logs in one line which shown fields it lacked (`call` names it,
 * `GET /api/projects?page=0`), so an operator sees what a backend leaves out without a line per item.
 */
export function parseApiBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  call: string,
): z.ZodSafeParseResult<z.output<Schema>> {
  const outer = missingFields;
  const missing = new Set<string>();
  missingFields = missing;
  try {
    return schema.safeParse(body);
  } finally {
    missingFields = outer;
    if (missing.size > 0) {
      console.warn(`The API's answer to ${call} lacks ${[...missing].join(", ")}: shown without.`);
    }
  }
}

/** An id as a number, sent as one or as a numeric string (a Laravel model without casts). */
export const apiId = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

/** An id a screen can do without (a list item links by its address): null when absent. */
export function shownId(field: string) {
  return z
    .unknown()
    .optional()
    .transform((value) => {
      if (value === undefined) noteMissing(field);
      return value ?? null;
    })
    .pipe(apiId.nullable().catch(null));
}

/** A text a screen shows when the API sends it; null when absent (noted) or empty (null). */
export function shownText(field: string) {
  return z
    .string()
    .nullish()
    .catch(null)
    .transform((value) => {
      if (value === undefined) noteMissing(field);
      return value ?? null;
    });
}

// 2026-11-25T13:00:00.000000Z, 2026-11-25 13:00:00, 2026-11-25T13:00:00+01:00, 2026-11-25.
const DATE_FORM =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A date as the web tier uses it everywhere (`2026-11-25T13:00:00.000Z`), from any form Laravel
 * serializes one in: ISO with microseconds (Eloquent's default), `Y-m-d H:i:s` (a model's
 * `$dateFormat`, read as UTC, Laravel's default timezone), ISO with an offset, a date alone, or
 * Unix seconds. Null for anything else.
 */
export function normaliseApiDate(value: unknown): string | null {
  if (typeof value === "number") {
    const date = new Date(value * 1000);
    return Number.isFinite(value) && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
  }
  if (typeof value !== "string") return null;
  const match = DATE_FORM.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", zone] =
    match;
  const millis = fraction.padEnd(3, "0").slice(0, 3);
  const time = Date.parse(
    `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${offsetOf(zone)}`,
  );
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function offsetOf(zone: string | undefined): string {
  if (!zone || zone.toUpperCase() === "Z") return "Z";
  const digits = zone.slice(1).replace(":", "");
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || "00"}`;
}

/** A date a screen shows when the API sends one it can read: null when absent (noted) or not a date. */
export function shownDate(field: string) {
  return z
    .unknown()
    .optional()
    .transform((value) => {
      if (value === undefined) noteMissing(field);
      const date = normaliseApiDate(value);
      if (date === null && value !== undefined && value !== null)
        noteMissing(`${field} (unreadable)`);
      return date;
    });
}

/** A date no screen depends on (our API's extras, Laravel's own): normalised, else null. */
export const optionalDate = z
  .unknown()
  .optional()
  .transform((value) => normaliseApiDate(value));
