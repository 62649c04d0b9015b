import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import proxyaddr from "proxy-addr";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import {
  carriesSecret,
  isShareable,
  matchesEntityTag,
  preferredEncoding,
  RenderCache,
  scriptSourcesOf,
  type StoredPage,
  storedPage,
} from "./render-cache.ts";
import { RenderSlots } from "./render-slots.ts";
import {
  type BodyLimits,
  dropRestOfBody,
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

/** No nonce for a page rendered for visitors without cookies: its policy names its scripts' hashes. */
type HostRequestFacts = { nonce: string | undefined; clientAddress: string | undefined };
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
/**
 * Pages rendered at once (web/render-slots.ts). Under 200 signed-in connections, 8 held the
 * web tier at 282 MB where unbounded renders reached 355 MB, and served 5–10 % more pages.
 */
const RENDER_SLOTS = 8;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Pages rendered per request are tens of kB: a 256 kB brotli window holds all of one, where the
 * default 4 MB window (allocated per response) made 50 concurrent renders hold hundreds of MB.
 */
const PER_REQUEST_BROTLI_PARAMS = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
  [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
};
/** As the compression middleware: smaller bodies go as they are. */
const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Room for the other fields of an upload form and the multipart framing. */
const UPLOAD_MARGIN_BYTES = 1024 * 1024;
/**
 * A form whose file is over the limit is read to its end (the file dropped) so the page can say
 * so with everything else kept; beyond this (the spec's largest upload, §9) it gets a bare 413.
 */
const UPLOAD_READ_MAX_BYTES = 256 * 1024 * 1024;
/** Forms without a file input (sign-in, contact, settings…) carry a few lines of text. */
const FORM_MAX_BYTES = 1024 * 1024;
const RENDER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Distinct Accept-Language headers whose render variant is remembered (it costs Intl lookups). */
const MAX_REMEMBERED_LANGUAGE_HEADERS = 1000;
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
 * headers with a per-request CSP nonce (or, on pages shared by visitors, the hashes of their
 * scripts), a same-origin check on every unsafe method, compression, the render cache, and the
 * React Router app for everything else.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const apiUrl = options.apiUrl.replace(/\/+$/, "");
  const appUrl = new URL(options.appUrl);
  const build = (await import(serverBuildPath)) as ServerBuild;
  const createLoadContext = (
    build.entry.module as unknown as HostEntryModule
  ).createHostLoadContext({ apiUrl, appUrl: options.appUrl, appKey: options.appKey });
  const { renderVariantOf } = build.entry.module as unknown as HostEntryModule;

  const handleRequestNow = createRequestHandler(build, "production");
  const renderSlots = new RenderSlots(RENDER_SLOTS);
  // Reading a page (GET, HEAD) waits for a render slot; a form's post does not, as its action
  // may wait seconds on the API (an image upload) and the pages behind it must not.
  const handleRequest: typeof handleRequestNow = (request, loadContext) =>
    SAFE_METHODS.has(request.method)
      ? renderSlots.run(() => handleRequestNow(request, loadContext))
      : handleRequestNow(request, loadContext);
  const trustProxy = proxyaddr.compile(options.trustedProxies ?? ["loopback"]);
  const https = appUrl.protocol === "https:";
  const imageOrigins = options.externalApi ? [new URL(apiUrl).origin] : [];
  const renderCache = new RenderCache({
    freshMs: 5_000,
    staleMs: 30_000,
    maxEntries: 500,
    maxBytes: RENDER_CACHE_MAX_BYTES,
  });
  const clientFiles = await filesUnder(clientBuildDirectory);
  // When every file of the build has an extension, a path with no dot in its last segment (nor an
  // escaped one) names none of them: most pages then skip decoding and normalising their path.
  const extensionlessClientFiles = [...clientFiles.keys()].some(
    (file) => !path.basename(file).includes("."),
  );
  const mayNameClientFile = (pathname: string) =>
    extensionlessClientFiles ||
    pathname.includes("%") ||
    pathname.slice(pathname.lastIndexOf("/") + 1).includes(".");
  const variantByAcceptLanguage = new Map<string, string>();
  const bodyLimits: BodyLimits = {
    multipart: options.imageMaxBytes + UPLOAD_MARGIN_BYTES,
    multipartRead: Math.max(UPLOAD_READ_MAX_BYTES, options.imageMaxBytes + UPLOAD_MARGIN_BYTES),
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
      contentSecurityPolicy({ scriptSources: [`'nonce-${nonce}'`], https, imageOrigins }),
    );
    return response;
  }

  /**
   * A page for visitors without cookies, read whole: rendered without a nonce, its policy names
   * the hashes of its inline scripts, so the same bytes may go to every visitor. A resource
   * route's document (sitemap, robots.txt, feed) is kept the same way, with its own type.
   */
  async function renderForVisitors(
    request: Request,
    clientAddress: string | undefined,
  ): Promise<RenderedPage> {
    const response = await handleRequest(
      request,
      createLoadContext({ nonce: undefined, clientAddress }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    const scriptSources = scriptSourcesOf(response.headers.get("Content-Type"), body);
    response.headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy({ scriptSources, https, imageOrigins }),
    );
    return { status: response.status, headers: response.headers, body };
  }

  /** The page to store, or null (then `keepUnshareable` gets what was rendered, if given). */
  async function renderShareable(
    request: Request,
    clientAddress: string | undefined,
    keepUnshareable?: (rendered: RenderedPage) => void,
  ): Promise<StoredPage | null> {
    const rendered = await renderForVisitors(request, clientAddress);
    if (isShareable(rendered.status, rendered.headers)) return pageToStore(rendered, https);
    keepUnshareable?.(rendered);
    return null;
  }

  /**
   * The key of a request the render cache may answer (a GET or HEAD from a visitor without
   * cookies, for a page), else null. Checked before anything else, so it touches no file.
   */
  function renderCacheKeyOf(req: IncomingMessage, url: URL): string | null {
    if (!isCacheableRequest(req) || carriesSecret(url)) return null;
    const { pathname } = url;
    if (pathname === "/healthz" || pathname.startsWith("/storage/")) return null;
    if (mayNameClientFile(pathname) && clientFiles.has(clientFilePathOf(pathname) ?? "")) {
      return null;
    }
    return `${pathname}${url.search} ${renderVariantOfVisitor(req)}`;
  }

  /** `renderVariantOf` is the resolved locale of Accept-Language, which costs Intl lookups. */
  function renderVariantOfVisitor(req: IncomingMessage): string {
    const acceptLanguage = req.headers["accept-language"] ?? "";
    let variant = variantByAcceptLanguage.get(acceptLanguage);
    if (variant === undefined) {
      variant = renderVariantOf(
        new Request("http://web.invalid/", { headers: { "Accept-Language": acceptLanguage } }),
      );
      if (variantByAcceptLanguage.size >= MAX_REMEMBERED_LANGUAGE_HEADERS) {
        variantByAcceptLanguage.clear();
      }
      variantByAcceptLanguage.set(acceptLanguage, variant);
    }
    return variant;
  }

  /** The fast path: a stored page for `key`, written as it is; a stale one is rendered again. */
  function answerFromRenderCache(req: IncomingMessage, res: ServerResponse, key: string): boolean {
    const cached = renderCache.lookup(key);
    if (!cached) return false;
    sendStoredPage(req, res, cached.page, "hit");
    if (cached.stale) {
      renderCache.refreshInBackground(key, () =>
        renderShareable(detachedRequestOf(req, res), visitorAddress(proxyaddr(req, trustProxy))),
      );
    }
    return true;
  }

  /** A page rendered for a visitor: stored and answered as a hit would be, when it is shareable. */
  async function answerVisitor(
    req: IncomingMessage,
    res: ServerResponse,
    request: Request,
    key: string,
    clientAddress: string | undefined,
  ): Promise<void> {
    let unshareable: RenderedPage | undefined;
    const page = await renderCache.renderOnce(key, () =>
      renderShareable(request, clientAddress, (rendered) => (unshareable = rendered)),
    );
    if (page) {
      sendStoredPage(req, res, page, "miss");
      return;
    }
    // Another visitor's render turned out to be theirs alone: this one gets its own.
    const rendered = unshareable ?? (await renderForVisitors(request, clientAddress));
    const { status, headers, body } = rendered;
    await useCompression(req, res);
    await sendResponse(res, withPrivateCaching(new Response(body, { status, headers })));
  }

  // compression is Connect middleware: it only needs Node's own request and response.
  const compress = compression({
    brotli: { params: PER_REQUEST_BROTLI_PARAMS },
  }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

  function useCompression(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return new Promise<void>((resolve) => compress(req, res, () => resolve()));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = refusalOf(req);
    if (refusal) {
      setSecurityHeaders(res, https);
      await sendRefusal(req, res, refusal);
      return;
    }
    const url = new URL(req.url ?? "/", "http://web.invalid");
    const renderCacheKey = renderCacheKeyOf(req, url);
    // First, as the most frequent answer: a stored page carries its security headers with it.
    if (renderCacheKey !== null && answerFromRenderCache(req, res, renderCacheKey)) return;

    setSecurityHeaders(res, https);
    if (!SAFE_METHODS.has(req.method ?? "GET") && !isSameOrigin(req, appUrl)) {
      if (await dropRestOfBody(req)) sendText(res, 403, "Cross-site requests are not allowed.");
      return;
    }
    // A HEAD has no body to store: only a GET fills the render cache.
    if (renderCacheKey !== null && req.method === "GET") {
      const clientAddress = visitorAddress(proxyaddr(req, trustProxy));
      // Detached: other visitors may share this render, so one leaving must not abort it.
      await answerVisitor(req, res, detachedRequestOf(req, res), renderCacheKey, clientAddress);
      return;
    }

    await useCompression(req, res);
    if (url.pathname === "/healthz") {
      await answerHealth(res, apiUrl);
    } else if (url.pathname.startsWith("/storage/")) {
      await streamFromStorage(req, res, apiUrl + url.pathname + url.search);
    } else if (!(await serveClientFile(req, res, clientFiles, url.pathname))) {
      const clientAddress = visitorAddress(proxyaddr(req, trustProxy));
      let request = createRequest(req, res);
      if (BODY_METHODS.has(request.method)) {
        const checked = await withFormBody(request, bodyLimits);
        if (!(checked instanceof Request)) {
          await sendRefusal(req, res, checked);
          return;
        }
        request = checked;
      }
      const response = carriesSecret(url)
        ? withNoStore(await renderPage(request, clientAddress))
        : withPrivateCaching(await renderPage(request, clientAddress));
      // Staff see their change on the site at once, and visitors never get a cached page that
      // shows a picture the change removed. (Other instances' pages age out within 35 s.)
      if (!SAFE_METHODS.has(req.method ?? "GET") && url.pathname.startsWith("/admin/")) {
        if (response.status < 400) {
          renderCache.clear();
          (build.entry.module as { forgetSharedData?: () => void }).forgetSharedData?.();
        }
      }
      await sendResponse(res, await compressedWhole(req, response));
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
 * The policy of a response; `scriptSources` name the inline scripts of a rendered page, by its
 * nonce or by their hashes (none elsewhere). Images may come from any https host (an editor's
 * link, a backend's storage) and the API's origin; `blob:` is the preview of a picture chosen in
 * an admin form, before it is uploaded.
 */
function contentSecurityPolicy({
  scriptSources,
  https,
  imageOrigins,
}: {
  scriptSources: readonly string[];
  https: boolean;
  imageOrigins: readonly string[];
}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
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

/** Headers for every response; pages add their Content-Security-Policy naming their scripts. */
function securityHeaders(https: boolean): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy({
      scriptSources: [],
      https,
      imageOrigins: [],
    }),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

const SECURITY_HEADERS = { http: securityHeaders(false), https: securityHeaders(true) };

function setSecurityHeaders(res: ServerResponse, https: boolean): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS[https ? "https" : "http"])) {
    res.setHeader(name, value);
  }
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
    if (await dropRestOfBody(req)) sendText(res, 405, "Method Not Allowed");
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
  // A browser may drop a picture it no longer needs (a page left, a lazy image scrolled past):
  // nothing is wrong then, and the API's answer is let go.
  if (res.destroyed) {
    await upstream.body.cancel();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>), res);
  } catch (error) {
    if (!res.destroyed) throw error;
  }
}

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/**
 * A page the app rendered whole (app/entry.server.tsx), compressed in one call for the encoding
 * the browser prefers, where the compression middleware would stream it through zlib in pieces
 * and in chunked encoding. Anything else (a redirect, a feed, a picture, a stream) is left to
 * the middleware.
 */
async function compressedWhole(req: IncomingMessage, response: Response): Promise<Response> {
  if (
    req.method !== "GET" ||
    !response.body ||
    response.headers.has("Content-Encoding") ||
    !response.headers.get("Content-Type")?.startsWith("text/html")
  ) {
    return response;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const { status, headers } = response;
  headers.append("Vary", "Accept-Encoding");
  if (encoding === "identity" || body.byteLength < COMPRESSION_THRESHOLD_BYTES) {
    return new Response(body, { status, headers });
  }
  const compressed =
    encoding === "br"
      ? await compressWithBrotli(body, {
          params: {
            ...PER_REQUEST_BROTLI_PARAMS,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await compressWithGzip(body);
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(compressed.byteLength));
  return new Response(compressed, { status, headers });
}

type ClientFile = { size: number; mtime: Date; mtimeMs: number };

/**
 * Every file of the client build with its size and time, read once at start (the build does not
 * change under a running server): a page's path is told apart, and a file answered, without a lookup.
 */
async function filesUnder(directory: string): Promise<Map<string, ClientFile>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  return new Map(
    await Promise.all(
      files.map(async (file) => {
        const { size, mtime, mtimeMs } = await stat(file);
        return [file, { size, mtime, mtimeMs }] as const;
      }),
    ),
  );
}

/** Where the client build would keep the file a URL path names, or null if it names none. */
function clientFilePathOf(pathname: string): string | null {
  if (pathname.endsWith("/")) return null;
  let relativePath: string;
  try {
    relativePath = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const filePath = path.join(clientBuildDirectory, path.normalize(relativePath));
  return filePath.startsWith(clientBuildDirectory + path.sep) ? filePath : null;
}

/** A file of the client build, if the path names one. Hashed `/assets/*` are cached for a year. */
async function serveClientFile(
  req: IncomingMessage,
  res: ServerResponse,
  clientFiles: ReadonlyMap<string, ClientFile>,
  pathname: string,
): Promise<boolean> {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const filePath = clientFilePathOf(pathname);
  const file = filePath === null ? undefined : clientFiles.get(filePath);
  if (filePath === null || file === undefined) return false;

  res.setHeader(
    "Content-Type",
    CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? "application/octet-stream",
  );
  res.setHeader(
    "Cache-Control",
    pathname.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
  );
  res.setHeader("Last-Modified", file.mtime.toUTCString());
  // The build keeps a brotli and a gzip copy of its text files (scripts/compress-assets.ts).
  let sentPath = filePath;
  let sentSize = file.size;
  let tag = `${file.size.toString(16)}-${file.mtimeMs.toString(16)}`;
  if (clientFiles.has(`${filePath}.br`)) {
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const encodedPath = `${filePath}.${encoding === "br" ? "br" : "gz"}`;
    const encoded = encoding === "identity" ? undefined : clientFiles.get(encodedPath);
    if (encoded) {
      res.setHeader("Content-Encoding", encoding);
      [sentPath, sentSize, tag] = [encodedPath, encoded.size, `${tag}-${encoding}`];
    }
  }
  const etag = `"${tag}"`;
  res.setHeader("ETag", etag);
  if (matchesEntityTag(req.headers["if-none-match"], etag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader("Content-Length", sentSize);
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  await pipeline(createReadStream(sentPath), res);
  return true;
}

const SHARED_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";

/** Only a GET or HEAD from a visitor without cookies can be answered with a page rendered for someone else. */
function isCacheableRequest(req: IncomingMessage): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.cookie &&
    !req.headers.authorization
  );
}

type RenderedPage = { status: number; headers: Headers; body: Buffer<ArrayBuffer> };

/** Headers that belong to one answer, not to the stored page; it gets its own. */
const PER_ANSWER_HEADERS = new Set([
  "cache-control",
  "content-length",
  "content-encoding",
  "etag",
  "transfer-encoding",
]);

/** A page to keep with all its headers, the security headers too, so a hit only writes them. */
function pageToStore({ status, headers, body }: RenderedPage, https: boolean): Promise<StoredPage> {
  const stored: OutgoingHttpHeaders = { "cache-control": SHARED_CACHE_CONTROL };
  for (const [name, value] of Object.entries(securityHeaders(https))) {
    stored[name.toLowerCase()] = value;
  }
  for (const [name, value] of headers) {
    if (!PER_ANSWER_HEADERS.has(name)) stored[name] = value;
  }
  return storedPage(status, stored, body, Date.now());
}

/**
 * A stored page as it is, in the encoding the client prefers, with no Request, Response or
 * compression work; `If-None-Match` naming it gets a 304.
 */
function sendStoredPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  outcome: "hit" | "miss",
): void {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const etag = page.etags?.[encoding];
  const headers: OutgoingHttpHeaders = { ...page.headers, "x-render-cache": outcome };
  if (etag !== undefined) {
    headers.etag = etag;
    if (matchesEntityTag(req.headers["if-none-match"], etag)) {
      res.writeHead(304, headers).end();
      return;
    }
  }
  const body = page.bodies[encoding];
  if (encoding !== "identity" && page.encoded) headers["content-encoding"] = encoding;
  headers["content-length"] = body.byteLength;
  res.writeHead(page.status, headers).end(req.method === "HEAD" ? undefined : body);
}

/** The request again for a background render, which outlives the visitor's connection. */
function detachedRequestOf(req: IncomingMessage, res: ServerResponse): Request {
  const request = createRequest(req, res);
  return new Request(request.url, { headers: request.headers });
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

/** The visitor's address; none once the visitor has closed the connection (proxy-addr gives undefined then). */
function visitorAddress(address: string | undefined): string | undefined {
  return address?.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}

/**
 * A short text, or `{"message"}` for a client that asked for JSON (the upload zone), once the
 * rest of the request's body has come (`dropRestOfBody`).
 */
async function sendRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: Refusal,
): Promise<void> {
  if (!(await dropRestOfBody(req))) return;
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
