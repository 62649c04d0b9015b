import { z } from "zod";
import { type FieldErrors, ValidationError } from "../errors.ts";

const fieldName = (path: readonly PropertyKey[] | undefined) =>
  (path ?? [])
    .filter((p) => typeof p === "string")
    .join(".")
    .replaceAll("_", " ") || "value";

/** Laravel's wording for validation messages, so API clients see the same texts from both backends. */
export function laravelMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null || issue.input === "")
        return `The ${field} field is required.`;
      if (issue.expected === "number" || issue.expected === "int")
        return `The ${field} field must be a number.`;
      if (issue.expected === "boolean") return `The ${field} field must be true or false.`;
      if (issue.expected === "array") return `The ${field} field must be an array.`;
      return `The ${field} field must be a ${issue.expected === "object" ? "object" : "string"}.`;
    case "too_small":
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1
          ? `The ${field} field is required.`
          : `The ${field} field must be at least ${issue.minimum} characters.`;
      if (issue.origin === "array")
        return `The ${field} field must have at least ${issue.minimum} items.`;
      return `The ${field} field must be at least ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "string")
        return `The ${field} field must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === "array")
        return `The ${field} field must not have more than ${issue.maximum} items.`;
      return `The ${field} field must not be greater than ${issue.maximum}.`;
    case "invalid_format":
      if (issue.format === "email") return `The ${field} field must be a valid email address.`;
      if (issue.format === "url") return `The ${field} field must be a valid URL.`;
      if (issue.format === "datetime" || issue.format === "date")
        return `The ${field} field must be a valid date.`;
      return `The ${field} field format is invalid.`;
    case "invalid_value":
      if (issue.input === undefined || issue.input === null || issue.input === "")
        return `The ${field} field is required.`;
      return `The selected ${field} is invalid.`;
    case "unrecognized_keys":
      return undefined;
    case "custom":
      if (issue.params?.rule === CONTROL_CHARACTERS)
        return `The ${field} field must not contain control characters.`;
      return `The ${field} field is invalid.`;
    default:
      return `The ${field} field is invalid.`;
  }
}

z.config({ customError: laravelMessage });

const CONTROL_CHARACTERS = "control_characters";
/** Unicode's control characters (C0, DEL and C1): NUL, escape sequences, bells, stray newlines. */
const ANY_CONTROL = /\p{Cc}/u;
/** The same, less tab, line feed and carriage return. */
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;

const withoutControlCharacters = (schema: z.ZodString, pattern: RegExp) =>
  schema.refine((value) => !pattern.test(value), {
    params: { rule: CONTROL_CHARACTERS },
    // The one thing worth saying about such a value.
    abort: true,
  });

// Every text field of a form is one of these three (eslint keeps `z.string()` out of the other
// http modules), so no control character reaches the database or a mail unless a field allows it.

/** True when the value holds any control character (a path segment that can name nothing). */
export const hasControlCharacters = (value: string) => ANY_CONTROL.test(value);

/** One line (names, emails, titles, slugs, phone numbers, links), trimmed: no control character at all. */
export const line = () => withoutControlCharacters(z.string().trim(), ANY_CONTROL);

/** Text that may run over several lines (messages, addresses, HTML): tabs and line breaks allowed. */
export const text = () => withoutControlCharacters(z.string(), CONTROL_BUT_LINE_BREAKS);

/** A value only hashed or compared, never stored or shown (passwords, tokens, codes): kept as typed. */
export const secret = () => z.string();

/** A path parameter as the router gives it; route.ts answers 404 for one its route refuses. */
export const segment = () => z.string();

/**
 * Parses a form; on failure throws the 422 with the fields in the form's order (as Laravel
 * lists them), whichever check ran first (async checks such as `unique` finish last).
 */
export async function parseForm<S extends z.ZodType>(
  schema: S,
  body: unknown,
): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(body ?? {});
  if (result.success) return result.data;
  const byField: FieldErrors = {};
  for (const issue of result.error.issues)
    (byField[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  const order = fieldOrder(schema);
  const rank = (field: string) => {
    const index = order.indexOf(field.split(".")[0]!);
    return index < 0 ? order.length : index;
  };
  const errors = Object.fromEntries(Object.entries(byField).sort(([a], [b]) => rank(a) - rank(b)));
  throw new ValidationError(errors);
}

/** The fields of a form in their declared order, through any transform that follows the object. */
function fieldOrder(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldOrder(schema.in as z.ZodType);
  return [];
}

export { z };
