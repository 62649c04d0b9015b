import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Busboy, type BusboyInstance } from "@fastify/busboy";

/** An answer the host gives instead of the app: a 4xx with one short sentence. */
export type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** The most a form may hold (record 038). */
export type BodyLimits = {
  /** A form without files, whole. */
  form: number;
  /** One file of a form that takes files, and all its files together. */
  file: number;
  files: number;
  /** Parts of a form that takes files, and one text field of it. */
  fileCount: number;
  fieldCount: number;
  field: number;
};

/** Names the files dropped for their size to the app; one a client sends is removed. */
export const FILES_TOO_LARGE_HEADER = "X-Files-Too-Large";

/** A form read by the host: the app's `request.formData()` answers it, never parsing again. */
export type ReadForm = { request: Request; tooLarge: string[]; status?: undefined };

/** What the site answers; fetch cannot even represent TRACE, TRACK or CONNECT. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const HOST_HEADER = /^(?:[A-Za-z0-9._~!$&'()*+,;=%-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const BAD_REQUEST: Refusal = { status: 400, message: "Bad Request." };
export const TOO_LARGE: Refusal = { status: 413, message: "The request is too large." };
const TOO_MANY_PARTS: Refusal = { status: 413, message: "The form has too many fields." };
const UNREADABLE: Refusal = { status: 400, message: "The form could not be read." };
/**
 * How much of a refused body is read and dropped so that the client, still sending, gets the
 * answer instead of a reset connection; past it the connection is closed.
 */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/** A method outside what the site answers, a target that is not a path, a Host that is no host. */
export function refusalOf(req: IncomingMessage): Refusal | null {
  if (!ALLOWED_METHODS.includes(req.method ?? "")) {
    const headers = { Allow: ALLOWED_METHODS.join(", ") };
    return { status: 405, message: "Method Not Allowed.", headers };
  }
  if (!req.url?.startsWith("/")) return BAD_REQUEST;
  const host = req.headers.host;
  if (host !== undefined && (!HOST_HEADER.test(host) || !URL.canParse(`http://${host}`))) {
    return BAD_REQUEST;
  }
  return null;
}

/**
 * The body of a post, read once before the app runs. A form that takes files may be multipart:
 * it is parsed here as it streams in, with caps on its parts, its fields and its files; a file
 * past its cap is dropped and named in `tooLarge` (the rest of the form still reaches the app).
 * Any other body is at most `limits.form` bytes (a larger declared length is refused before
 * anything is read) and must be a urlencoded form; an empty one is an empty form.
 */
export async function readForm(
  request: Request,
  takesFiles: boolean,
  limits: BodyLimits,
): Promise<ReadForm | Refusal> {
  const type = mediaTypeOf(request.headers.get("Content-Type"));
  const declared = Number(request.headers.get("Content-Length"));
  const multipart = type === "multipart/form-data";
  const refusal =
    declared > (multipart && takesFiles ? DISCARD_MAX_BYTES : limits.form)
      ? TOO_LARGE
      : multipart && !takesFiles && notAForm(takesFiles);
  if (refusal) {
    // The host drops the rest of the body itself (dropRestOfBody).
    await request.body?.cancel();
    return refusal;
  }
  if (multipart) return readMultipart(request, limits);
  const body = await readAtMost(request.body, limits.form).catch(() => undefined);
  if (body === undefined) return { status: 400, message: "The request body could not be read." };
  if (body === null) return TOO_LARGE;
  const headers = new Headers(request.headers);
  headers.delete(FILES_TOO_LARGE_HEADER);
  if (body.byteLength === 0) headers.set("Content-Type", "application/x-www-form-urlencoded");
  else if (type !== "application/x-www-form-urlencoded") return notAForm(takesFiles);
  return { request: new Request(request, { body, headers }), tooLarge: [] };
}

function notAForm(takesFiles: boolean): Refusal {
  const message = takesFiles
    ? "Send the form as application/x-www-form-urlencoded or multipart/form-data."
    : "Send the form as application/x-www-form-urlencoded: it takes no files.";
  return { status: 415, message };
}

function readMultipart(request: Request, limits: BodyLimits): Promise<ReadForm | Refusal> {
  const form = new FormData();
  const tooLarge: string[] = [];
  const droppedFiles: { field: string; filename: string }[] = [];
  let keptBytes = 0;
  return new Promise((resolve) => {
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: { "content-type": request.headers.get("Content-Type") ?? "" },
        limits: {
          fields: limits.fieldCount,
          files: limits.fileCount,
          parts: limits.fieldCount + limits.fileCount,
          fieldSize: limits.field,
          fileSize: limits.file,
          headerPairs: 20,
        },
      });
    } catch {
      // No boundary: nothing to parse. Let go of the body so the host can drop the rest of it.
      void (request.body?.cancel() ?? Promise.resolve()).finally(() => resolve(UNREADABLE));
      return;
    }
    const body = Readable.fromWeb((request.body ?? new ReadableStream()) as NodeReadableStream);
    const stop = (refusal: Refusal) => {
      body.unpipe(parser);
      body.destroy();
      resolve(refusal);
    };
    parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) stop(TOO_LARGE);
      else form.append(name, value);
    });
    parser.on("file", (name, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer<ArrayBuffer>[] = [];
      let size = 0;
      let dropped = false;
      const drop = () => {
        if (!tooLarge.includes(name)) tooLarge.push(name);
        if (!dropped) droppedFiles.push({ field: name, filename });
        dropped = true;
        chunks.length = 0;
      };
      stream.on("limit", drop);
      stream.on("data", (chunk: Buffer<ArrayBuffer>) => {
        if (dropped) return;
        size += chunk.byteLength;
        if (keptBytes + size > limits.files) drop();
        else chunks.push(chunk);
      });
      stream.on("end", () => {
        if (dropped) return;
        keptBytes += size;
        form.append(name, new File(chunks, filename, { type: mimeType }));
      });
    });
    for (const event of ["partsLimit", "filesLimit", "fieldsLimit"]) {
      parser.on(event, () => stop(TOO_MANY_PARTS));
    }
    parser.on("error", () => stop(UNREADABLE));
    let received = 0;
    body.on("data", (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > DISCARD_MAX_BYTES) stop(TOO_LARGE);
    });
    parser.on("finish", () => {
      const headers = new Headers(request.headers);
      headers.delete("Content-Length");
      // The app's actions read the dropped files here (filesTooLarge in app/lib/forms.server.ts).
      headers.delete(FILES_TOO_LARGE_HEADER);
      if (droppedFiles.length > 0)
        headers.set(FILES_TOO_LARGE_HEADER, JSON.stringify(droppedFiles));
      const parsed = new FormRequest(request.url, request, form, headers);
      resolve({ request: parsed, tooLarge });
    });
    body.on("error", () => stop(UNREADABLE));
    body.pipe(parser);
  });
}

/** A post whose form the host has parsed: `formData()` answers it as it is. */
class FormRequest extends Request {
  readonly #form: FormData;

  constructor(url: string, request: Request, form: FormData, headers: Headers) {
    super(url, { method: request.method, headers, signal: request.signal });
    this.#form = form;
  }

  override formData(): Promise<FormData> {
    return Promise.resolve(this.#form);
  }
}

/** The whole body, or null as soon as it grows past `limit` bytes (the rest is left unread). */
async function readAtMost(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of Readable.fromWeb(
    (stream ?? new ReadableStream()) as NodeReadableStream<Uint8Array>,
  )) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads and drops what is left of a body the host will not use, and resolves true once all of
 * it has come, so that the answer goes out after it: answered first, a client that asked to
 * close the connection would read a reset instead of the answer. A body declared larger than
 * DISCARD_MAX_BYTES is not waited for (answer, then hang up past the bound); one that grows past
 * it unannounced has the connection closed on it, and resolves false: nobody is left to answer.
 */
export function dropRestOfBody(req: IncomingMessage): Promise<boolean> {
  if (req.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > DISCARD_MAX_BYTES) req.socket.destroy();
    });
    req.once("end", () => resolve(true));
    req.once("error", () => resolve(false));
    req.once("close", () => resolve(req.readableEnded));
    if (Number(req.headers["content-length"]) > DISCARD_MAX_BYTES) resolve(true);
    req.resume();
  });
}

/** One line for a request the host or the app refused: no stack trace for a client's mistake. */
export function logRefusal(req: IncomingMessage, status: number, reason: string): void {
  console.warn(`Refused ${status} ${req.method} ${req.url?.split("?", 1)[0]}: ${reason}`);
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}
