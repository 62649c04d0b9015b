import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import proxyaddr from "proxy-addr";
import { createRequestHandler, type ServerBuild, type ServerEntryModule } from "react-router";
import sirv from "sirv";
import type { HostHooks, HostOptions, HostRequestFacts } from "../app/lib/host-hooks.server.ts";
import * as cache from "./render-cache.ts";
import { observeRequests } from "./operations.ts";
import * as checks from "./request-checks.ts";
import { securityHeaders } from "./security.ts";

export type WebServerOptions = HostOptions & {
  port: number;
  host: string;
  /** Proxies whose X-Forwarded-For names the visitor (addresses, CIDRs or "loopback"). */
  trustedProxies?: string[];
  /** The API's IMAGE_MAX_BYTES: one file of a form may be this large, and a little more. */
  imageMaxBytes: number;
  /** `apiUrl` is the foundation's own backend: pages may show images from its host. */
  externalApi?: boolean;
  /** How long a request's API calls may take together before it is answered 503. */
  deadlineMs?: number;
  /** Node's headersTimeout and requestTimeout, checked every `checkIntervalMs`. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  checkIntervalMs?: number;
};

export type WebServer = {
  url: string;
  /** Drops every cached page and shared value: content changed somewhere (record 045). */
  forgetPages(): void;
  close(): Promise<void>;
};

const root = fileURLToPath(new URL("..", import.meta.url));
const IMMUTABLE = "public, max-age=31536000, immutable";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Pages rendered at once (record 027): 8 held 200 signed-in connections at 282 MB, not 355. */
const RENDER_SLOTS = 8;
const MiB = 1024 * 1024;
/** A page is tens of kB: a 256 kB brotli window holds it (the default 4 MB is per response). */
const BROTLI_PARAMS = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
  [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
};
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml)\b|image\/svg)/i;
const STORAGE_HEADERS = [
  "content-type",
  "content-length",
  "etag",
  "last-modified",
  "accept-ranges",
];

/**
 * The web tier's HTTP host: what is ours is the render cache's fast path, the request checks and
 * the wiring. Files come from sirv, headers from helmet, pages from React Router (record 038).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const apiUrl = options.apiUrl.replace(/\/+$/, "");
  const appUrl = new URL(options.appUrl);
  const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
  const entry = build.entry.module as ServerEntryModule & {
    createHostHooks(options: HostOptions): HostHooks;
  };
  const deadlineMs = options.deadlineMs ?? 10_000;
  const app = entry.createHostHooks({ ...options, apiUrl, deadlineMs });
  const handleRequest = createRequestHandler(build, "production");
  const renderSlots = pLimit(RENDER_SLOTS);
  const trustProxy = proxyaddr.compile(options.trustedProxies ?? ["loopback"]);
  const security = securityHeaders(
    appUrl.protocol === "https:",
    options.externalApi ? [new URL(apiUrl).origin] : [],
  );
  const renderCache = new cache.RenderCache({
    freshMs: 5_000,
    staleMs: 30_000,
    maxEntries: 500,
    maxBytes: 32 * MiB,
  });
  const forgetPages = () => {
    renderCache.clear();
    app.forgetSharedData();
  };
  const variants = new LRUCache<string, string>({ max: 1000 });
  const assets = sirv(path.join(root, "build/client"), {
    etag: true,
    brotli: true,
    gzip: true,
    extensions: [],
    setHeaders: (res, pathname) =>
      res.setHeader(
        "Cache-Control",
        pathname.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
      ),
  });
  const limits: checks.BodyLimits = {
    form: MiB,
    file: options.imageMaxBytes + MiB,
    files: options.imageMaxBytes + MiB,
    fileCount: 20,
    fieldCount: 100,
    field: MiB,
  };

  function render(req: IncomingMessage, request: Request, facts: Partial<HostRequestFacts>) {
    const clientAddress = proxyaddr(req, trustProxy)?.replace(/^::ffff:/, "");
    const deadline = AbortSignal.timeout(deadlineMs);
    const context = app.loadContext({ nonce: undefined, clientAddress, deadline, ...facts });
    const rendered = () => handleRequest(request, context);
    // A post does not wait for a slot: its action may wait on the API (an upload) for long.
    return SAFE_METHODS.has(request.method) ? renderSlots(rendered) : rendered();
  }

  /** A page for visitors without cookies: no nonce, its policy names its scripts' hashes. */
  async function renderShareable(req: IncomingMessage, request: Request) {
    const response = await render(req, request, {});
    const body = Buffer.from(await response.arrayBuffer());
    const scripts = cache.scriptSourcesOf(response.headers.get("Content-Type"), body);
    const { status, headers } = response;
    if (!cache.isShareable(status, headers)) return { status, headers, body, scripts };
    return cache.pageToStore(status, headers, body, security.forStoredPage(scripts));
  }
  type Rendered = Awaited<ReturnType<typeof renderShareable>>;
  const shareable = (rendered: Rendered) => ("bodies" in rendered ? rendered : null);

  /** The request again for a render shared by visitors, which outlives any one connection. */
  function detached(req: IncomingMessage, res: ServerResponse): Request {
    const request = createRequest(req, res);
    return new Request(request.url, { headers: request.headers });
  }

  function cacheKeyOf(req: IncomingMessage, url: URL): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (req.headers.cookie || req.headers.authorization || app.carriesSecret(url)) return null;
    if (url.pathname === "/healthz" || url.pathname.startsWith("/storage/")) return null;
    const language = req.headers["accept-language"] ?? "";
    let variant = variants.get(language);
    if (variant === undefined) variants.set(language, (variant = app.renderVariantOf(language)));
    return `${url.pathname}${url.search} ${variant}`;
  }

  async function answerVisitor(req: IncomingMessage, res: ServerResponse, key: string) {
    const request = detached(req, res);
    let own: Rendered | undefined;
    const page = await renderCache.renderOnce(key, async () =>
      shareable((own = await renderShareable(req, request))),
    );
    // Another visitor's render may have turned out to be theirs alone: this one gets its own.
    const rendered = page ?? own ?? (await renderShareable(req, request));
    if ("bodies" in rendered) return cache.sendStoredPage(req, res, rendered, "miss");
    const { status, headers, body, scripts } = rendered;
    if (status === 503) headers.set("Retry-After", "30");
    security.apply(req, res, scripts);
    await send(req, res, withCaching(new Response(body, { status, headers }), "private, no-store"));
  }

  async function answerFromApp(req: IncomingMessage, res: ServerResponse, url: URL) {
    let request = createRequest(req, res);
    let tooLargeUploads: string[] = [];
    if (!SAFE_METHODS.has(request.method)) {
      const form = await checks.readForm(request, app.takesFiles(url.pathname), limits);
      if (form.status !== undefined) return refuse(req, res, form);
      if (form.tooLarge.length > 0 && wantsJson(req)) return refuse(req, res, checks.TOO_LARGE);
      ({ request, tooLarge: tooLargeUploads } = form);
    }
    const nonce = randomBytes(16).toString("base64");
    security.apply(req, res, [`'nonce-${nonce}'`]);
    const response = await render(req, request, { nonce, tooLargeUploads });
    withCaching(response, app.carriesSecret(url) ? "private, no-store" : undefined);
    if (response.status === 503) response.headers.set("Retry-After", "30");
    // Staff see their change here at once; other instances hear of it from the API (record 045).
    if (!SAFE_METHODS.has(request.method) && url.pathname.startsWith("/admin/")) {
      if (response.status < 400) {
        renderCache.clear();
        app.forgetSharedData();
      }
    }
    await send(req, res, response);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = checks.refusalOf(req);
    if (refusal) {
      security.apply(req, res);
      return refuse(req, res, refusal, "not a request the site answers");
    }
    const url = new URL(req.url ?? "/", "http://web.invalid");
    const { pathname } = url;
    const isRead = req.method === "GET" || req.method === "HEAD";
    // Files first where a path may name one: every file of the build has an extension.
    if (isRead && (pathname.includes("%") || /\.[^/]*$/.test(pathname))) {
      let served = true;
      security.apply(req, res);
      assets(req, res, () => void (served = false));
      if (served) return;
    }
    const key = cacheKeyOf(req, url);
    const cached = key === null ? null : renderCache.lookup(key);
    if (key !== null && cached) {
      cache.sendStoredPage(req, res, cached.page, "hit");
      if (cached.stale) {
        const request = detached(req, res);
        renderCache.refreshInBackground(key, async () =>
          shareable(await renderShareable(req, request)),
        );
      }
      return;
    }
    security.apply(req, res);
    if (!isRead && req.method !== "OPTIONS" && !isSameOrigin(req, appUrl)) {
      return refuse(req, res, { status: 403, message: "Cross-site requests are not allowed." });
    }
    if (key !== null && req.method === "GET") return answerVisitor(req, res, key);
    if (pathname === "/healthz") return answerHealth(res, apiUrl);
    if (pathname.startsWith("/storage/")) return relayStorage(req, res, apiUrl + req.url);
    return answerFromApp(req, res, url);
  }

  const server = createServer(
    { connectionsCheckingInterval: options.checkIntervalMs ?? 5_000 },
    observeRequests(build, (req, res) => {
      handle(req, res).catch((error: unknown) => {
        console.error("Web tier request failed:", error);
        if (!res.headersSent) sendText(res, 500, "Something went wrong.");
        else res.destroy();
      });
    }),
  );
  server.keepAliveTimeout = 65_000;
  // A connection still sending its headers after this long is closed (Slowloris).
  server.headersTimeout = options.headersTimeoutMs ?? 20_000;
  // A whole upload must arrive within it: 20 MiB at 1 Mbit/s takes under three minutes.
  server.requestTimeout = options.requestTimeoutMs ?? 300_000;
  // What Node's parser refuses gets an answer, then what is still coming is dropped (bounded).
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT" || !socket.writable) return socket.destroy();
    socket.end(
      "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\nBad Request.",
    );
    setTimeout(() => socket.destroy(), 10_000).unref();
    socket.resume();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shown = ["0.0.0.0", "::"].includes(options.host) ? "localhost" : options.host;
  return {
    url: `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`,
    forgetPages,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

/** A browser names the page a form came from in Origin (or Referer): it must be this site. */
function isSameOrigin(req: IncomingMessage, appUrl: URL): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return false;
  const host = req.headers.host;
  const allowed = [appUrl.origin, `http://${host}`, `https://${host}`];
  const origin = req.headers.origin ?? req.headers.referer;
  // Clients that send neither are not browsers carrying a visitor's cookies.
  return origin === undefined || allowed.includes(URL.parse(origin)?.origin ?? "");
}

async function answerHealth(res: ServerResponse, apiUrl: string): Promise<void> {
  const healthy = await fetch(`${apiUrl}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
    async (response) => (await response.body?.cancel(), response.status < 500),
    () => false,
  );
  res.writeHead(healthy ? 200 : 503, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end(JSON.stringify({ status: healthy ? "ok" : "unavailable", api: healthy }));
}

/** Uploaded images, streamed from the API: rotating one gives it a new name, so none changes. */
async function relayStorage(req: IncomingMessage, res: ServerResponse, upstreamUrl: string) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return refuse(req, res, { status: 405, message: "Method Not Allowed." });
  }
  const headers = new Headers();
  for (const name of ["if-none-match", "if-modified-since", "range", "accept"]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const upstream = await fetch(upstreamUrl, { method: req.method, headers });
  res.statusCode = upstream.status;
  for (const name of [...STORAGE_HEADERS, "content-range"]) {
    const value = upstream.headers.get(name);
    if (value !== null) res.setHeader(name, value);
  }
  res.setHeader("Cache-Control", upstream.ok || upstream.status === 304 ? IMMUTABLE : "no-store");
  // A browser may drop a picture it no longer needs: nothing is wrong then.
  if (!upstream.body || req.method === "HEAD" || res.destroyed) {
    await upstream.body?.cancel();
    return void res.end();
  }
  const body = Readable.fromWeb(upstream.body as NodeReadableStream<Uint8Array>);
  await pipeline(body, res).catch((error: unknown) => {
    if (!res.destroyed) throw error;
  });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * An answer of the app, compressed whole in one call for the encoding the browser prefers (the
 * app renders pages whole, record 027), with its length; anything else goes as it is.
 */
async function send(req: IncomingMessage, res: ServerResponse, response: Response) {
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.body || req.method === "HEAD" || response.headers.has("Content-Encoding")) {
    return sendResponse(res, response);
  }
  if (!COMPRESSIBLE.test(type)) return sendResponse(res, response);
  const body = Buffer.from(await response.arrayBuffer());
  const { status, headers } = response;
  headers.append("Vary", "Accept-Encoding");
  const encoding = cache.preferredEncoding(req.headers["accept-encoding"]);
  if (encoding === "identity" || body.byteLength < 1024) {
    return sendResponse(res, new Response(body, { status, headers }));
  }
  const params = { ...BROTLI_PARAMS, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength };
  const compressed = encoding === "br" ? await brotli(body, { params }) : await gzipped(body);
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(compressed.byteLength));
  return sendResponse(res, new Response(compressed, { status, headers }));
}

function withCaching(response: Response, forced?: string): Response {
  if (forced || !response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", forced ?? "private, no-store");
  }
  return response;
}

const wantsJson = (req: IncomingMessage) => req.headers.accept?.includes("application/json");

function sendText(res: ServerResponse, status: number, text: string, type = "text/plain"): void {
  res.statusCode = status;
  res.setHeader("Content-Type", `${type}; charset=utf-8`);
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}

/**
 * A short text, or `{"message"}` for a client that asked for JSON (the upload zone), once the
 * rest of the body has come; one line in the log.
 */
async function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: checks.Refusal,
  reason = refusal.message,
) {
  checks.logRefusal(req, refusal.status, reason);
  if (!(await checks.dropRestOfBody(req))) return;
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  if (!wantsJson(req)) return sendText(res, refusal.status, refusal.message);
  sendText(res, refusal.status, JSON.stringify({ message: refusal.message }), "application/json");
}
