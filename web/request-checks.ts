import type { IncomingMessage } from "node:http";

/** An answer the host gives instead of the app: a 4xx with one short sentence. */
export type Refusal = { status: number; message: string; headers?: Record<string, string> };

/** What the site answers; fetch cannot even represent TRACE, TRACK or CONNECT. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const HOST_HEADER = /^(?:[A-Za-z0-9._~!$&'()*+,;=%-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const BAD_REQUEST: Refusal = { status: 400, message: "Bad Request." };

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
 * The app's actions read their body with `request.formData()`, which throws on anything but a
 * well-formed form. The host reads the body first: a form posted as JSON or text gets 415,
 * a multipart body the parser cannot read gets 400, and a post without a body is an empty
 * form. The app then gets the same request with the body it has already read.
 */
export async function withFormBody(request: Request): Promise<Request | Refusal> {
  const body = new Uint8Array(await request.arrayBuffer());
  const type = mediaTypeOf(request.headers.get("Content-Type"));
  if (body.byteLength === 0 && !FORM_TYPES.has(type)) {
    const headers = new Headers(request.headers);
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
  return new Request(request, { body });
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}
