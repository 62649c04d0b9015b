import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";
import { Busboy, type BusboyHeaders, type BusboyInstance } from "@fastify/busboy";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../server/errors.ts";
import type { SecurityHeaders } from "./security.ts";

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
/** A request's path, without its query. */
export const pathOf = (url: string) => url.split("?", 1)[0]!;

/** What the site answers; fetch cannot even represent TRACE, TRACK or CONNECT. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
const HOST_HEADER = /^(?:[A-Za-z0-9._~!$&'()*+,;=%-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export const BAD_REQUEST = new HttpError(400, "Bad Request.");
export const FAILED = new HttpError(500, "Something went wrong.");
export const CROSS_SITE = new HttpError(403, "Cross-site requests are not allowed.");
export const METHOD_NOT_ALLOWED = new HttpError(405, "Method Not Allowed.", {
  Allow: ALLOWED_METHODS.join(", "),
});
export const TOO_LARGE = new HttpError(413, "The request is too large.");
const TOO_MANY_PARTS = new HttpError(413, "The form has too many fields.");
const UNREADABLE = new HttpError(400, "The form could not be read.");

/** The refusal for an error of Fastify's or its plugins' (by its code), or for one of ours. */
export function refusalFor(error: unknown, takesFiles: boolean): HttpError | null {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") return TOO_LARGE;
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return notAForm(takesFiles);
  if (code?.startsWith("FST_") && statusCode && statusCode < 500) return UNREADABLE;
  // A client that went away mid-body is no failure of ours.
  if (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") return UNREADABLE;
  return null;
}

const NOT_FOUND = new HttpError(404, "Not Found.");

export function notAForm(takesFiles: boolean): HttpError {
  const message = takesFiles
    ? "Send the form as application/x-www-form-urlencoded or multipart/form-data."
    : "Send the form as application/x-www-form-urlencoded: it takes no files.";
  return new HttpError(415, message);
}

/** 405 for a method outside the site's; else a file of the build that is not there. */
export const notAnswered = (method: string) =>
  ALLOWED_METHODS.includes(method) ? NOT_FOUND : METHOD_NOT_ALLOWED;

/**
 * A target that is not a path (`//[` starts one, but reads as an address with a broken host), or
 * a Host that is no host: no URL of the site's.
 */
export function isBadTarget(raw: IncomingMessage): boolean {
  const host = raw.headers.host;
  if (!raw.url?.startsWith("/") || !URL.canParse(raw.url, "http://web.invalid")) return true;
  return host !== undefined && (!HOST_HEADER.test(host) || !URL.canParse(`http://${host}`));
}

const MULTIPART = /^\s*multipart\/form-data\b/i;
const PERCENT_ESCAPES = /(?:%[0-9A-Fa-f]{2})+|%/g;

/**
 * The target with every `%` escape of its path that does not decode (`/blog/caf%C3`, a link cut
 * short) escaped itself, so that the router matches it: any other path is the 404 page (spec),
 * where Fastify's router would answer 400 and React Router's would warn on each request.
 */
export function withDecodablePath(target: string): string {
  if (!target.includes("%")) return target;
  const path = pathOf(target);
  if (path.startsWith("//")) return target;
  const repaired = path.replace(PERCENT_ESCAPES, (escapes) => {
    try {
      decodeURIComponent(escapes);
      return escapes;
    } catch {
      return escapes.replaceAll("%", "%25");
    }
  });
  return repaired + target.slice(path.length);
}

/** A browser names the page a form came from in Origin (or Referer): it must be this site. */
export function isSameOrigin(request: FastifyRequest, appUrl: URL): boolean {
  const { headers } = request;
  if (headers["sec-fetch-site"] === "cross-site") return false;
  const allowed = [appUrl.origin, `http://${headers.host}`, `https://${headers.host}`];
  const origin = headers.origin ?? headers.referer;
  // Clients that send neither are not browsers carrying a visitor's cookies.
  return origin === undefined || allowed.includes(URL.parse(origin)?.origin ?? "");
}

/**
 * A refusal as a short text, or `{"message"}` for a client that asked for JSON (the upload
 * zone), with one line in the log: no stack trace for a client's mistake.
 */
export async function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  /** An answer the host gives instead of the app: a 4xx with one short sentence. */
  refusal: HttpError,
  security: SecurityHeaders,
) {
  if (refusal.status < 500) {
    const line = `Refused ${refusal.status} ${request.method} ${pathOf(request.url)}`;
    request.log.warn(`${line}: ${refusal.message}`);
  }
  await drained(request.raw);
  security.apply(reply.raw);
  reply.code(refusal.status).headers(refusal.headers).header("Cache-Control", "no-store");
  if (request.headers.accept?.includes("application/json")) {
    return reply.send({ message: refusal.message });
  }
  return reply.type("text/plain; charset=utf-8").send(refusal.message);
}

/**
 * Reads and drops what is left of a body nobody will read, and resolves once it has come, so that
 * the client reads the answer rather than a reset; and the connection carries the next request.
 * A body declared larger than DISCARD_MAX_BYTES is not waited for.
 */
function drained(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers["content-length"]);
  if (raw.readableEnded || declared > DISCARD_MAX_BYTES) return Promise.resolve();
  return new Promise((resolve) => raw.once("end", resolve).once("close", resolve).resume());
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
  const multipart = MULTIPART.test(request.headers["content-type"] ?? "");
  if (multipart && !takesFiles) {
    const tooLarge = Number(request.headers["content-length"]) > limits.form;
    throw tooLarge ? TOO_LARGE : notAForm(false);
  }
  const form = multipart ? await readMultipart(request.raw, limits) : undefined;
  // As @remix-run/node-fetch-server would make it, had Fastify not read the body already.
  const url = `http://${request.headers.host || "localhost"}${request.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  headers.delete(FILES_TOO_LARGE_HEADER);
  const aborted = new AbortController();
  reply.raw.once("close", () => reply.raw.writableFinished || aborted.abort());
  const init = { method: request.method, headers, signal: aborted.signal };
  if (form) {
    headers.delete("Content-Length");
    if (form.dropped.length > 0) headers.set(FILES_TOO_LARGE_HEADER, JSON.stringify(form.dropped));
    const parsed = new FormRequest(url, init, form.fields);
    return { request: parsed, tooLarge: [...new Set(form.dropped.map((file) => file.field))] };
  }
  const body = Buffer.isBuffer(request.body)
    ? (request.body as Buffer<ArrayBuffer>)
    : Buffer.alloc(0);
  if (body.byteLength === 0) headers.set("Content-Type", "application/x-www-form-urlencoded");
  return { request: new Request(url, { ...init, body }), tooLarge: [] };
}

/**
 * A multipart form, parsed by busboy as it streams in. Every chunk is counted first (a native
 * search for the boundary), so a body past the parts cap is refused before busboy reads the chunk
 * that carries it: busboy spends 10–40 ms on 64 kB of one-letter parts, even those past its own
 * limit. A file past its cap, or past what the files may take together, is dropped and named.
 */
function readMultipart(raw: IncomingMessage, limits: FormLimits): Promise<MultipartForm> {
  const maxParts = limits.fieldCount + limits.fileCount;
  const quoted = /;\s*boundary=(?:"([^"]*)"|([^\s;"]+))/i.exec(raw.headers["content-type"] ?? "");
  const boundary = quoted?.[1] || quoted?.[2];
  if (!boundary) return Promise.reject(UNREADABLE);
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: raw.headers as BusboyHeaders,
      limits: {
        fields: limits.fieldCount,
        files: limits.fileCount,
        parts: maxParts,
        fieldSize: limits.field,
        fileSize: limits.file,
        headerPairs: 20,
      },
    });
  } catch {
    return Promise.reject(UNREADABLE); // A boundary busboy cannot use.
  }
  return new Promise((resolve, reject) => {
    // In the body's order; a file is complete only once its stream ends.
    const entries: Promise<[string, string | File] | null>[] = [];
    const dropped: { field: string; filename: string }[] = [];
    let keptBytes = 0;
    const counted = partsCounted(`--${boundary}`, maxParts);
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      // What is left of the body is read unparsed, so that the client reads the refusal.
      raw.unpipe(counted);
      counted.unpipe(parser);
      reject(error);
    };
    parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return fail(TOO_LARGE);
      entries.push(Promise.resolve([name, value]));
    });
    parser.on("file", (name, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      entries.push(
        new Promise((done) => {
          // A file cut short (the body ends inside it): unhandled, it would stop the process.
          stream.on("error", () => {
            fail(UNREADABLE);
            done(null);
          });
          stream.on("end", () => {
            const data = Buffer.concat(chunks);
            if (stream.truncated || keptBytes + data.byteLength > limits.files) {
              dropped.push({ field: name, filename });
              return done(null);
            }
            keptBytes += data.byteLength;
            done([name, new File([data], filename, { type: mimeType })]);
          });
        }),
      );
    });
    for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const) {
      parser.on(limit, () => fail(TOO_MANY_PARTS));
    }
    parser.on("error", () => fail(UNREADABLE));
    counted.on("error", (error) => fail(error instanceof HttpError ? error : UNREADABLE));
    // A client that went away mid-body: no failure of ours, and no form.
    raw.on("close", () => raw.readableEnded || fail(UNREADABLE));
    parser.on("finish", async () => {
      const fields = new FormData();
      for (const entry of await Promise.all(entries)) if (entry) fields.append(...entry);
      if (!settled) resolve({ fields, dropped });
      settled = true;
    });
    raw.pipe(counted).pipe(parser);
  });
}

type MultipartForm = { fields: FormData; dropped: { field: string; filename: string }[] };

/**
 * The body as it is, failing with 413 once it holds more than `maxParts` parts: each chunk is
 * searched for the delimiter before it is passed on (with the end of the one before, where a
 * delimiter may start).
 */
function partsCounted(delimiter: string, maxParts: number): Transform {
  const needle = Buffer.from(delimiter);
  let carried = Buffer.alloc(0);
  let delimiters = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const searched = carried.byteLength > 0 ? Buffer.concat([carried, chunk]) : chunk;
      let at = searched.indexOf(needle);
      for (; at !== -1; at = searched.indexOf(needle, at + needle.byteLength)) delimiters += 1;
      carried = Buffer.from(searched.subarray(searched.byteLength - needle.byteLength + 1));
      // The last delimiter closes the form: one more than the parts.
      if (delimiters > maxParts + 1) return done(TOO_MANY_PARTS);
      done(null, chunk);
    },
  });
}

/** A post whose form the host has parsed: `formData()` answers it as it is. */
class FormRequest extends Request {
  readonly #form: FormData;

  constructor(url: string, init: RequestInit, form: FormData) {
    super(url, init);
    this.#form = form;
  }

  override formData(): Promise<FormData> {
    return Promise.resolve(this.#form);
  }
}
