import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileURLToPath } from "node:url";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import proxyaddr from "proxy-addr";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { type CachedPage, carriesSecret, RenderCache } from "./render-cache.ts";
import {
  type BodyLimits,
  discardRestOfBody,
  type Refusal,
  refusalOf,
  withFormBody,
} from "./request-checks.ts";

export type WebServerOptions = {
  port: number;
  host: string;
  /** Where the API listens, e.g. http://127.0.0.1:8000 or the foundation's Laravel backend. */
  apiUrl: string;
  /** The public URL of the site: canonical links, the allowed Origin, HSTS under https. */
  appUrl: string;
  /** APP_KEY (as the API reads it: from the environment or DATA_DIR): signs the flash cookie. */
  appKey: string;
  /** Proxies whose X-Forwarded-For names the visitor (addresses, CIDRs or "loopback"); default loopback. */
  trustedProxies?: string[];
  /** The API's IMAGE_MAX_BYTES: a photo upload's body may be this large, and a little more. */
  imageMaxBytes: number;
  /**
   * Set when `apiUrl` is the foundation's own backend (API_URL): its `image_url`s are absolute
   * URLs on its host, so pages may show images from there even over plain http.
   */
  externalApi?: boolean;
};

export type WebServer = { url: string; close(): Promise<void> };

type HostRequestFacts = { nonce: string; clientAddress: string | undefined };
type HostEntryModule = {
  createHostLoadContext(options: {
    apiUrl: string;
    appUrl: string;
    appKey: string;
  }): (facts: HostRequestFacts) => RouterContextProvider;
  /** What besides the URL changes a shareable page: the visitor's resolved locale. */
  renderVariantOf(request: Request): string;
};

const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
const serverBuildPath = path.join(repositoryRoot, "build", "server", "index.js");
const clientBuildDirectory = path.join(repositoryRoot, "build", "client");

const IMMUTABLE = "public, max-age=31536000, immutable";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Room for the other fields of an upload form and the multipart framing. */
const UPLOAD_MARGIN_BYTES = 1024 * 1024;
/** Forms without a file input (sign-in, contact, settings…) carry a few lines of text. */
const FORM_MAX_BYTES = 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};
const STORAGE_REQUEST_HEADERS = ["if-none-match", "if-modified-since", "range", "accept"];
const STORAGE_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "etag",
  "last-modified",
  "content-range",
  "accept-ranges",
];

/**
 * The production HTTP host of the web tier: static assets, `/storage/*` from the API, security
 * headers with a per-request CSP nonce, a same-origin check on every unsafe method, compression,
 * and the React Router app for everything else.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const apiUrl = options.apiUrl.replace(/\/+$/, "");
  const appUrl = new URL(options.appUrl);
  const build = (await import(serverBuildPath)) as ServerBuild;
  const createLoadContext = (
    build.entry.module as unknown as HostEntryModule
  ).createHostLoadContext({ apiUrl, appUrl: options.appUrl, appKey: options.appKey });
  const { renderVariantOf } = build.entry.module as unknown as HostEntryModule;

  const handleRequest = createRequestHandler(build, "production");
  const trustProxy = proxyaddr.compile(options.trustedProxies ?? ["loopback"]);
  const https = appUrl.protocol === "https:";
  const imageOrigins = options.externalApi ? [new URL(apiUrl).origin] : [];
  const renderCache = new RenderCache({ freshMs: 5_000, staleMs: 30_000, maxEntries: 500 });
  const bodyLimits: BodyLimits = {
    multipart: options.imageMaxBytes + UPLOAD_MARGIN_BYTES,
    other: FORM_MAX_BYTES,
  };

  async function renderPage(
    request: Request,
    clientAddress: string | undefined,
  ): Promise<Response> {
    const nonce = randomBytes(16).toString("base64");
    const response = await handleRequest(request, createLoadContext({ nonce, clientAddress }));
    response.headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy({ nonce, https, imageOrigins }),
    );
    return response;
  }

  /** Pages for visitors without cookies come from the render cache (never anything personal). */
  async function renderForVisitor(
    request: Request,
    clientAddress: string | undefined,
  ): Promise<Response> {
    const url = new URL(request.url);
    const key = `${url.pathname}${url.search} ${renderVariantOf(request)}`;
    const renderShareable = async (): Promise<CachedPage | null> => {
      const detached = new Request(request.url, { headers: request.headers });
      const response = await renderPage(detached, clientAddress);
      if (isShareable(response)) return pageFrom(response);
      await response.body?.cancel();
      return null;
    };
    const cached = renderCache.lookup(key);
    if (cached) {
      if (cached.stale) renderCache.refreshInBackground(key, renderShareable);
      return responseFromPage(cached.page, "hit");
    }
    const response = await renderPage(request, clientAddress);
    if (!isShareable(response)) return withPrivateCaching(response);
    const page = await pageFrom(response);
    renderCache.store(key, page);
    return responseFromPage(page, "miss");
  }

  // compression is Connect middleware: it only needs Node's own request and response.
  const compress = compression() as unknown as (
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ) => void;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res, https);
    const refusal = refusalOf(req);
    if (refusal) {
      sendRefusal(req, res, refusal);
      return;
    }
    const url = new URL(req.url ?? "/", "http://web.invalid");

    if (!SAFE_METHODS.has(req.method ?? "GET") && !isSameOrigin(req, appUrl)) {
      sendText(res, 403, "Cross-site requests are not allowed.");
      return;
    }

    await new Promise<void>((resolve) => compress(req, res, () => resolve()));

    if (url.pathname === "/healthz") {
      await answerHealth(res, apiUrl);
    } else if (url.pathname.startsWith("/storage/")) {
      await streamFromStorage(req, res, apiUrl + url.pathname + url.search);
    } else if (!(await serveClientFile(req, res, url.pathname))) {
      const clientAddress = visitorAddress(proxyaddr(req, trustProxy));
      let request = createRequest(req, res);
      if (BODY_METHODS.has(request.method)) {
        const checked = await withFormBody(request, bodyLimits);
        if (!(checked instanceof Request)) {
          sendRefusal(req, res, checked);
          if (checked.bodyLeftUnread) discardRestOfBody(req);
          return;
        }
        request = checked;
      }
      const response = carriesSecret(url)
        ? withNoStore(await renderPage(request, clientAddress))
        : isCacheableRequest(req)
          ? await renderForVisitor(request, clientAddress)
          : withPrivateCaching(await renderPage(request, clientAddress));
      // Staff see their change on the site at once, and visitors never get a cached page that
      // shows a picture the change removed. (Other instances' pages age out within 35 s.)
      if (!SAFE_METHODS.has(req.method ?? "GET") && url.pathname.startsWith("/admin/")) {
        if (response.status < 400) {
          renderCache.clear();
          (build.entry.module as { forgetSharedData?: () => void }).forgetSharedData?.();
        }
      }
      await sendResponse(res, response);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("Web tier request failed:", error);
      if (!res.headersSent) sendText(res, 500, "Something went wrong.");
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  // A request Node's parser refuses (raw bytes in the target, a broken header): Node answers 400
  // and closes at once, so a client still sending its body reads a reset, not the answer. Answer,
  // then read and drop what is still coming (up to a bound) before the connection goes.
  server.on("clientError", (_error, socket) => {
    if (!socket.writable) return socket.destroy();
    socket.end(
      "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\nBad Request.",
    );
    let dropped = 0;
    socket.on("data", (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > 64 * 1024 * 1024) socket.destroy();
    });
    const giveUp = setTimeout(() => socket.destroy(), 10_000).unref();
    socket.once("close", () => clearTimeout(giveUp));
    socket.resume();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost =
    options.host === "0.0.0.0" || options.host === "::" ? "localhost" : options.host;
  return {
    url: `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

/**
 * The policy of a response; `nonce` names the inline scripts of a rendered page (none elsewhere).
 * Images may come from any https host (an editor's link, a backend's storage) and the API's origin;
 * `blob:` is the preview of a picture chosen in an admin form, before it is uploaded.
 */
function contentSecurityPolicy({
  nonce,
  https,
  imageOrigins,
}: {
  nonce: string | null;
  https: boolean;
  imageOrigins: readonly string[];
}): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https:", ...imageOrigins].join(" "),
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Headers for every response; pages add their Content-Security-Policy with the nonce of their scripts. */
function setSecurityHeaders(res: ServerResponse, https: boolean): void {
  res.setHeader(
    "Content-Security-Policy",
    contentSecurityPolicy({ nonce: null, https, imageOrigins: [] }),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * The web tier's CSRF defence beside SameSite cookies: a browser names the page a form came
 * from in Origin (or at least Referer); it must be this site. Clients that send neither are not
 * browsers carrying a visitor's cookies, so they pass.
 */
function isSameOrigin(req: IncomingMessage, appUrl: URL): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return false;
  const allowed = new Set([appUrl.origin]);
  const host = req.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  const origin = req.headers.origin;
  if (origin !== undefined) return allowed.has(origin);
  const referer = req.headers.referer;
  if (referer === undefined) return true;
  try {
    return allowed.has(new URL(referer).origin);
  } catch {
    return false;
  }
}

async function answerHealth(res: ServerResponse, apiUrl: string): Promise<void> {
  let apiHealthy = false;
  try {
    const response = await fetch(`${apiUrl}/healthz`, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    apiHealthy = response.status < 500;
  } catch {
    apiHealthy = false;
  }
  res.statusCode = apiHealthy ? 200 : 503;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify({ status: apiHealthy ? "ok" : "unavailable", api: apiHealthy }));
}

/** Uploaded images, streamed from the API. Rotating an image gives it a new name, so they never change. */
async function streamFromStorage(
  req: IncomingMessage,
  res: ServerResponse,
  upstreamUrl: string,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    sendText(res, 405, "Method Not Allowed");
    return;
  }
  const headers = new Headers();
  for (const name of STORAGE_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const upstream = await fetch(upstreamUrl, { method: req.method, headers });
  res.statusCode = upstream.status;
  for (const name of STORAGE_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) res.setHeader(name, value);
  }
  res.setHeader("Cache-Control", upstream.ok || upstream.status === 304 ? IMMUTABLE : "no-store");
  if (!upstream.body || req.method === "HEAD") {
    await upstream.body?.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>), res);
}

/** A file of the client build, if the path names one. Hashed `/assets/*` are cached for a year. */
async function serveClientFile(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<boolean> {
  if ((req.method !== "GET" && req.method !== "HEAD") || pathname.endsWith("/")) return false;
  let relativePath: string;
  try {
    relativePath = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const filePath = path.join(clientBuildDirectory, path.normalize(relativePath));
  if (!filePath.startsWith(clientBuildDirectory + path.sep)) return false;
  const stats = await stat(filePath).catch(() => null);
  if (!stats?.isFile()) return false;

  const etag = `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`;
  res.setHeader(
    "Content-Type",
    CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream",
  );
  res.setHeader(
    "Cache-Control",
    pathname.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
  );
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", stats.mtime.toUTCString());
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader("Content-Length", stats.size);
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  await pipeline(createReadStream(filePath), res);
  return true;
}

const SHARED_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";

/** Only a GET from a visitor without cookies can be answered with a page rendered for someone else. */
function isCacheableRequest(req: IncomingMessage): boolean {
  return req.method === "GET" && !req.headers.cookie && !req.headers.authorization;
}

/** A page anyone may get: a 200 or 404 that sets no cookie and does not ask to stay private. */
function isShareable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    (response.status === 200 || response.status === 404) &&
    !response.headers.has("Set-Cookie") &&
    !/private|no-store/.test(cacheControl)
  );
}

async function pageFrom(response: Response): Promise<CachedPage> {
  const headers = [...response.headers.entries()].filter(([name]) => name !== "cache-control");
  headers.push(["cache-control", SHARED_CACHE_CONTROL]);
  return {
    status: response.status,
    headers,
    body: new Uint8Array(await response.arrayBuffer()),
    storedAt: Date.now(),
  };
}

function responseFromPage(page: CachedPage, outcome: "hit" | "miss"): Response {
  const headers = new Headers(page.headers);
  headers.set("X-Render-Cache", outcome);
  return new Response(page.body.slice(), { status: page.status, headers });
}

function withPrivateCaching(response: Response): Response {
  if (!response.headers.has("Cache-Control"))
    response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/** A page whose URL carries a token or an email: private whatever the route said. */
function withNoStore(response: Response): Response {
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

function visitorAddress(address: string): string {
  return address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}

/** A short text, or `{"message"}` for a client that asked for JSON (the upload zone). */
function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  if (!req.headers.accept?.includes("application/json")) {
    sendText(res, refusal.status, refusal.message);
    return;
  }
  res.statusCode = refusal.status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify({ message: refusal.message }));
}
