import type { FastifyRequest } from "fastify";
import { HttpError, ValidationError } from "../errors.ts";

export type UploadedFile = { filename: string; mimetype: string; data: Buffer };

/**
 * A form as Laravel would see it: text fields by name (a name sent once is a string, one sent
 * several times a list) and the files of the fields the route expects.
 */
export type FormInput = {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
};

/** Large enough for any article; the multipart plugin cuts a longer value short. */
export const FIELD_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Reads a multipart form (or a JSON object, which Laravel takes on the same routes). `name[]` is
 * read as `name`. Only files under `fileFields` are kept (the first of each); others are read
 * past. An empty file is absent (browsers send one for a file input left empty); a text value
 * under a file field is kept as a file of that text, so it fails as "not an image". A file above
 * IMAGE_MAX_BYTES answers 413 (the plugin's limit, registered in app.ts).
 */
export async function readForm(
  request: FastifyRequest,
  { fileFields = [] }: { fileFields?: readonly string[] } = {},
): Promise<FormInput> {
  if (!request.isMultipart()) return fromJson(request.body);

  const values = new Map<string, unknown[]>();
  const files: Record<string, UploadedFile> = {};
  try {
    for await (const part of request.parts()) {
      const name = fieldName(part.fieldname);
      if (part.type === "field") {
        if (part.valueTruncated) throw tooLong(name);
        if (fileFields.includes(name)) {
          if (part.value !== "" && !files[name])
            files[name] = {
              filename: "",
              mimetype: "text/plain",
              data: Buffer.from(String(part.value)),
            };
        } else values.set(name, [...(values.get(name) ?? []), stripNul(part.value)]);
        continue;
      }
      if (!fileFields.includes(name) || files[name]) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (data.length === 0) continue;
      files[name] = { filename: part.filename, mimetype: part.mimetype, data };
    }
  } catch (error) {
    throw asClientError(error);
  }
  const fields: Record<string, unknown> = {};
  for (const [name, items] of values) fields[name] = items.length === 1 ? items[0] : items;
  return { fields, files };
}

function fromJson(body: unknown): FormInput {
  if (body === undefined || body === null) return { fields: {}, files: {} };
  if (typeof body !== "object" || Array.isArray(body))
    throw new HttpError(415, "Unsupported Media Type.");
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) fields[fieldName(name)] = stripNul(value);
  return { fields, files: {} };
}

const fieldName = (name: string) => (name.endsWith("[]") ? name.slice(0, -2) : name);

/**
 * PostgreSQL refuses NUL in text, and no form has a use for it. A field holds a text or a list of
 * texts; anything nested deeper is left for validation to refuse (and is never walked, however
 * deep a hostile body nests it).
 */
function stripNul(value: unknown): unknown {
  const strip = (item: unknown) => (typeof item === "string" ? item.replaceAll("\0", "") : item);
  return Array.isArray(value) ? value.map(strip) : strip(value);
}

function tooLong(name: string): ValidationError {
  const label = name.replaceAll("_", " ");
  return ValidationError.field(
    name,
    `The ${label} field must not be greater than ${FIELD_MAX_BYTES} characters.`,
  );
}

/**
 * The plugin's own errors carry their 4xx status (413 for a file too large); anything else that
 * goes wrong while reading the body is a malformed request, never a server error.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) return error;
  return new HttpError(400, "Bad Request.");
}
