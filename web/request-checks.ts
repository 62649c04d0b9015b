import type { IncomingMessage } from "node:http";
import {
  boundaryOf,
  FILES_TOO_LARGE_HEADER,
  readFormDroppingLargeFiles,
} from "./oversize-files.ts";

/** An answer the host gives instead of the app: a 4xx with one short sentence. */
export type Refusal = {
  status: number;
  message: string;
  headers?: Record<string, string>;
};

/**
 * The most a body may hold: a photo upload (multipart), and anything else. A multipart body may
 * be read up to `multipartRead` bytes, its files beyond `multipart` dropped (oversize-files.ts).
 */
export type BodyLimits = { multipart: number; multipartRead: number; other: number };

/** What the site answers; fetch cannot even represent TRACE, TRACK or CONNECT. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const HOST_HEADER = /^(?:[A-Za-z0-9._~!$&'()*+,;=%-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const BAD_REQUEST: Refusal = { status: 400, message: "Bad Request." };
const TOO_LARGE: Refusal = { status: 413, message: "The request is too large." };
/**
 * How much of a refused body is read and dropped so that the client, still sending, gets the
 * answer instead of a reset connection; a body larger still has the connection closed on it.
 */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Requests no page can be made of: a method outside what the site answers, a request target
 * that is not a path (absolute form `GET http://…`, `*`), a Host header that is not a host.
 * They get a short 4xx here instead of failing inside the app with a 500.
 */
export function refusalOf(req: IncomingMessage): Refusal | null {
  if (!ALLOWED_METHODS.includes(req.method ?? "")) {
    return {
      status: 405,
      message: "Method Not Allowed.",
      headers: { Allow: ALLOWED_METHODS.join(", ") },
    };
  }
  if (!req.url?.startsWith("/")) return BAD_REQUEST;
  const host = req.headers.host;
  if (host !== undefined && (!HOST_HEADER.test(host) || !URL.canParse(`http://${host}`))) {
    return BAD_REQUEST;
  }
  return null;
}

/**
 * The app's actions read their body with `request.formData()`, which holds all of it in memory
 * and throws on anything but a well-formed form. The host reads the body first, up to `limits`
 * (a declared or counted size beyond them gets 413; a multipart form keeps its text and drops
 * the files that do not fit, naming them to the app in FILES_TOO_LARGE_HEADER), then: a form
 * posted as JSON or text gets 415, a multipart body the parser cannot read gets 400, and a post
 * without a body is an empty form. The app then gets the same request with the body it has
 * already read.
 */
export async function withFormBody(
  request: Request,
  limits: BodyLimits,
): Promise<Request | Refusal> {
  const headers = new Headers(request.headers);
  headers.delete(FILES_TOO_LARGE_HEADER);
  const type = mediaTypeOf(request.headers.get("Content-Type"));
  const boundary = type === "multipart/form-data" ? boundaryOf(headers.get("Content-Type")) : null;
  const limit = type === "multipart/form-data" ? limits.multipart : limits.other;
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > (boundary ? limits.multipartRead : limit)) {
    await request.body?.cancel();
    return TOO_LARGE;
  }
  let body: Uint8Array<ArrayBuffer> | null | undefined;
  if (boundary) {
    const kept = await readFormDroppingLargeFiles(request.body, boundary, {
      limit,
      readMax: limits.multipartRead,
    }).catch(() => undefined);
    body = kept?.body ?? (kept === null ? null : undefined);
    if (kept && kept.dropped.length > 0)
      headers.set(FILES_TOO_LARGE_HEADER, JSON.stringify(kept.dropped));
  } else {
    body = await readAtMost(request.body, limit).catch(() => undefined);
  }
  if (body === undefined) return { status: 400, message: "The request body could not be read." };
  if (body === null) return TOO_LARGE;

  if (body.byteLength === 0 && !FORM_TYPES.has(type)) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return new Request(request, { body, headers });
  }
  if (!FORM_TYPES.has(type)) {
    return {
      status: 415,
      message: "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    };
  }
  if (type === "multipart/form-data") {
    const readable = await new Response(body, { headers: request.headers })
      .formData()
      .then(() => true)
      .catch(() => false);
    if (!readable) return { status: 400, message: "The form could not be read." };
  }
  return new Request(request, { body, headers });
}

/** The whole body, or null as soon as it grows past `limit` bytes (the rest is left unread). */
async function readAtMost(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Reads and drops what is left of a body the host will not use, and resolves true once all of
 * it has come, so that the answer goes out after it. Answered first, a client that asked to
 * close the connection would still be sending when the connection goes, and would read a reset
 * instead of the answer. A body declared larger than DISCARD_MAX_BYTES is not waited for (true
 * at once: answer, then hang up past the bound); one that grows past it unannounced has the
 * connection closed on it, and resolves false: nobody is left to answer.
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

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}
