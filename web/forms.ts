import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequest } from "@remix-run/node-fetch-server";
import type { SecurityHeaders } from "./security.ts";

/** An answer the host gives instead of the app: a 4xx with one short sentence. */
export class Refusal extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/** The most a form may hold (record 038). */
export type FormLimits = {
  /** A form without files, whole: Fastify's bodyLimit. */
  form: number;
  fileCount: number;
  fieldCount: number;
  /** One text field. */
  field: number;
  /** One file, and all the files of the form together. */
  file: number;
  files: number;
};

/** A form read by the host: the app's `request.formData()` answers it, never parsing again. */
export type ReadForm = { request: Request; tooLarge: string[] };

/** Names the files dropped for their size to the app; one a client sends is removed. */
export const FILES_TOO_LARGE_HEADER = "X-Files-Too-Large";
/** What the site answers; fetch cannot even represent TRACE, TRACK or CONNECT. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const HOST_HEADER = /^(?:[A-Za-z0-9._~!$&'()*+,;=%-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export const BAD_REQUEST = new Refusal(400, "Bad Request.");
export const FAILED = new Refusal(500, "Something went wrong.");
export const CROSS_SITE = new Refusal(403, "Cross-site requests are not allowed.");
export const METHOD_NOT_ALLOWED = new Refusal(405, "Method Not Allowed.", {
  Allow: ALLOWED_METHODS.join(", "),
});
export const TOO_LARGE = new Refusal(413, "The request is too large.");
const TOO_MANY_PARTS = new Refusal(413, "The form has too many fields.");
const UNREADABLE = new Refusal(400, "The form could not be read.");

/** The refusal for an error of Fastify's or its plugins' (by its code), or for one of ours. */
export function refusalFor(error: unknown, takesFiles: boolean): Refusal | null {
  if (error instanceof Refusal) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return TOO_LARGE;
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    const message = takesFiles
      ? "Send the form as application/x-www-form-urlencoded or multipart/form-data."
      : "Send the form as application/x-www-form-urlencoded: it takes no files.";
    return new Refusal(415, message);
  }
  if (code && /^FST_(PARTS|FILES|FIELDS)_LIMIT$/.test(code)) return TOO_MANY_PARTS;
  if (code?.startsWith("FST_") && statusCode && statusCode < 500) return UNREADABLE;
  // A client that went away mid-body is no failure of ours.
  if (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") return UNREADABLE;
  return null;
}

/** 405 for a method outside the site's; any other unmatched request is not a path. */
export const notAnswered = (method: string) =>
  ALLOWED_METHODS.includes(method) ? BAD_REQUEST : METHOD_NOT_ALLOWED;

/** A Host that is no host cannot make the app's request URL. */
export function checkHost(request: FastifyRequest): void {
  const host = request.headers.host;
  if (host !== undefined && (!HOST_HEADER.test(host) || !URL.canParse(`http://${host}`))) {
    throw BAD_REQUEST;
  }
}

/**
 * A refusal as a short text, or `{"message"}` for a client that asked for JSON (the upload
 * zone), with one line in the log: no stack trace for a client's mistake.
 */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: Refusal,
  security: SecurityHeaders,
) {
  const path = request.url.split("?", 1)[0];
  if (refusal.statusCode < 500) {
    request.log.warn(`Refused ${refusal.statusCode} ${request.method} ${path}: ${refusal.message}`);
  }
  // What the client still sends is read and dropped, so that its connection can carry the next
  // request (Node drains a body nobody touched, not one a parser stopped reading).
  if (!request.raw.readableEnded) request.raw.resume();
  security.apply(reply.raw);
  reply.code(refusal.statusCode).headers(refusal.headers).header("Cache-Control", "no-store");
  if (request.headers.accept?.includes("application/json")) {
    return reply.send({ message: refusal.message });
  }
  return reply.type("text/plain; charset=utf-8").send(refusal.message);
}

/**
 * The body of a post as the app's request. A form that takes files may be multipart: it is
 * parsed as it streams in, with caps on its parts, its fields and its files; a file past its cap
 * is dropped and named in `tooLarge` (the rest of the form still reaches the app). Any other body
 * is the urlencoded form Fastify read within its bodyLimit; an empty one is an empty form.
 */
export async function readForm(
  request: FastifyRequest,
  reply: FastifyReply,
  takesFiles: boolean,
  limits: FormLimits,
): Promise<ReadForm> {
  const multipart = request.isMultipart();
  if (multipart && !takesFiles) {
    const tooLarge = Number(request.headers["content-length"]) > limits.form;
    throw tooLarge ? TOO_LARGE : refusalFor({ code: "FST_ERR_CTP_INVALID_MEDIA_TYPE" }, false);
  }
  const form = multipart ? await readMultipart(request, limits) : undefined;
  const base = createRequest(request.raw, reply.raw);
  const headers = new Headers(base.headers);
  headers.delete(FILES_TOO_LARGE_HEADER);
  if (form) {
    headers.delete("Content-Length");
    if (form.dropped.length > 0) headers.set(FILES_TOO_LARGE_HEADER, JSON.stringify(form.dropped));
    const parsed = new FormRequest(base.url, request.method, headers, base.signal, form.fields);
    return { request: parsed, tooLarge: [...new Set(form.dropped.map((file) => file.field))] };
  }
  const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
  if (body.byteLength === 0) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const init = { method: request.method, headers, body, signal: base.signal };
  return { request: new Request(base.url, init), tooLarge: [] };
}

async function readMultipart(request: FastifyRequest, limits: FormLimits) {
  const fields = new FormData();
  const dropped: { field: string; filename: string }[] = [];
  let keptBytes = 0;
  // A file past its cap arrives truncated rather than failing the form (throwFileSizeLimit).
  const parts = request.parts({
    limits: {
      fields: limits.fieldCount,
      files: limits.fileCount,
      parts: limits.fieldCount + limits.fileCount,
      fieldSize: limits.field,
      fileSize: limits.file,
      headerPairs: 20,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.valueTruncated) throw TOO_LARGE;
        fields.append(part.fieldname, String(part.value));
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated || keptBytes + data.byteLength > limits.files) {
        dropped.push({ field: part.fieldname, filename: part.filename });
        continue;
      }
      keptBytes += data.byteLength;
      const file = new File([new Uint8Array(data)], part.filename, { type: part.mimetype });
      fields.append(part.fieldname, file);
    }
  } catch (error) {
    throw refusalFor(error, true) ?? UNREADABLE;
  }
  return { fields, dropped };
}

/** A post whose form the host has parsed: `formData()` answers it as it is. */
class FormRequest extends Request {
  readonly #form: FormData;

  constructor(url: string, method: string, headers: Headers, signal: AbortSignal, form: FormData) {
    super(url, { method, headers, signal });
    this.#form = form;
  }

  override formData(): Promise<FormData> {
    return Promise.resolve(this.#form);
  }
}
