import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequest } from "@remix-run/node-fetch-server";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { createRequestHandler, type ServerBuild, type ServerEntryModule } from "react-router";
import type { HostHooks, HostOptions, HostRequestFacts } from "../app/lib/host-hooks.server.ts";
import { fastifyLogging } from "../server/observability/logging.ts";
import * as forms from "./forms.ts";
import { logFormat, observeRequests } from "./operations.ts";
import * as cache from "./render-cache.ts";
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
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml)\b|image\/svg)/i;
const STORAGE_HEADERS = [
  "content-type",
  "content-length",
  "etag",
  "last-modified",
  "content-range",
];

/**
 * The web tier's HTTP host on Fastify, as the API is (record 047): what is ours is the render
 * cache's fast path, the checks on a request, and the wiring. Files come from @fastify/static,
 * forms from Fastify's parsers and busboy, headers from helmet, concurrency limits
 * from p-limit, pages from React Router.
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
  const limits: forms.FormLimits = {
    form: MiB,
    fileCount: 20,
    fieldCount: 100,
    field: MiB,
    file: options.imageMaxBytes + MiB,
    files: options.imageMaxBytes + MiB,
  };

  const logging = fastifyLogging(
    { logLevel: process.env.LOG_LEVEL || "info", logFormat: logFormat() },
    { tier: "web" },
  );

  const web = Fastify({
    ...logging,
    trustProxy: options.trustedProxies ?? ["loopback"],
    bodyLimit: limits.form,
    serverFactory: (fastifyHandler) => {
      const server = createServer(
        {
          // A connection still sending its headers after this long is closed (Slowloris).
          headersTimeout: options.headersTimeoutMs ?? 20_000,
          connectionsCheckingInterval: options.checkIntervalMs ?? 5_000,
        },
        (req, res) => answerFreshPage(req, res) || fastifyHandler(req, res),
      );
      server.keepAliveTimeout = 65_000;
      // A whole upload must arrive within it: 20 MiB at 1 Mbit/s takes under three minutes.
      server.requestTimeout = options.requestTimeoutMs ?? 300_000;
      return server;
    },
    forceCloseConnections: "idle",
    routerOptions: { maxParamLength: 8_000 },
    rewriteUrl: (req) => forms.withDecodablePath(req.url!),
    frameworkErrors: (_error, request, reply) =>
      forms.refuse(request, reply, forms.BAD_REQUEST, security),
  });
  const observer = observeRequests(web, build, process.env.METRICS_TOKEN || undefined);
  web.setErrorHandler((error, request, reply) => {
    const refusal = forms.refusalFor(error, app.takesFiles(forms.pathOf(request.url)));
    if (!refusal) request.log.error({ err: error }, "Web tier request failed");
    return forms.refuse(request, reply, refusal ?? forms.FAILED, security);
  });
  web.setNotFoundHandler((request, reply) =>
    forms.refuse(request, reply, forms.notAnswered(request.method), security),
  );
  web.addHook("onRequest", (request, reply, done) =>
    forms.isBadTarget(request.raw)
      ? forms.refuse(request, reply, forms.BAD_REQUEST, security)
      : done(),
  );
  web.removeAllContentTypeParsers();
  web.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer" },
    (_request, body, done) => done(null, body),
  );
  // Read as it streams in by the action's own reading (forms.readForm), when it takes files.
  web.addContentTypeParser("multipart/form-data", (_request, _body, done) => done(null));
  // Any other body is read within the limit first: 413 past it, else 415 (Fastify's order is
  // the other way round).
  web.addContentTypeParser("*", { parseAs: "buffer" }, (request, _body, done) =>
    done(forms.notAForm(app.takesFiles(forms.pathOf(request.url)))),
  );
  // Every file of the build is under /assets/, named by its hash.
  await web.register(fastifyStatic, {
    root: path.join(root, "build/client/assets"),
    prefix: "/assets/",
    preCompressed: true,
    index: false,
    decorateReply: false,
    setHeaders: (reply) => {
      security.apply(reply.raw);
      reply.header("Cache-Control", IMMUTABLE).header("Vary", "Accept-Encoding");
    },
  });

  /**
   * A fresh page of the render cache, answered before Fastify sees the request: record 023's fast
   * path. On a hit, Fastify's routing, hooks and per-request logger cost more than writing the
   * page (record 047). The answer is counted and logged as Fastify's hooks would. Anything else, a
   * stale page too, goes on to Fastify; false says it has.
   */
  function answerFreshPage(req: IncomingMessage, res: ServerResponse): boolean {
    const startedAt = performance.now();
    let key: string | null;
    try {
      key = forms.isBadTarget(req)
        ? null
        : cacheKeyOf(req, new URL(req.url!, "http://web.invalid"));
    } catch {
      // Thrown outside Fastify it would stop the process; in Fastify it is one request's error.
      return false;
    }
    const cached = key === null ? null : renderCache.lookup(key);
    if (!cached || cached.stale) return false;
    const requestId = logging.genReqId(req);
    const status = sendFromCache(req, res, cached.page, "hit", requestId);
    observer.answeredEarly(req, status, requestId, startedAt);
    return true;
  }

  /** A page of the render cache as it is, counted by how it came: the status sent. */
  function sendFromCache(
    req: IncomingMessage,
    res: ServerResponse,
    page: cache.StoredPage,
    outcome: "hit" | "miss",
    requestId: string,
  ): number {
    observer.countRenderCache(outcome);
    return cache.sendStoredPage(req, res, page, outcome, requestId);
  }

  function render(
    request: FastifyRequest,
    fetchRequest: Request,
    facts: Partial<HostRequestFacts>,
  ) {
    const context = app.loadContext({
      nonce: undefined,
      clientAddress: request.ip.replace(/^::ffff:/, ""),
      deadline: AbortSignal.timeout(deadlineMs),
      ...facts,
    });
    const rendered = () => handleRequest(fetchRequest, context);
    // A post does not wait for a slot: its action may wait on the API (an upload) for long.
    return SAFE_METHODS.has(fetchRequest.method) ? renderSlots(rendered) : rendered();
  }

  /** A page for visitors without cookies: no nonce, its policy names its scripts' hashes. */
  async function renderShareable(request: FastifyRequest, fetchRequest: Request) {
    const response = await render(request, fetchRequest, {});
    const body = Buffer.from(await response.arrayBuffer());
    const scripts = cache.scriptSourcesOf(response.headers.get("Content-Type"), body);
    const { status, headers } = response;
    if (!cache.isShareable(status, headers)) return { status, headers, body, scripts };
    return cache.pageToStore(status, headers, body, security.forStoredPage(scripts));
  }
  type Rendered = Awaited<ReturnType<typeof renderShareable>>;
  const shareable = (rendered: Rendered) => ("bodies" in rendered ? rendered : null);

  /** The request again for a render shared by visitors, which outlives any one connection. */
  function detached(request: FastifyRequest, reply: FastifyReply): Request {
    const fetchRequest = createRequest(request.raw, reply.raw);
    return new Request(fetchRequest.url, { headers: fetchRequest.headers });
  }

  function cacheKeyOf(request: IncomingMessage, url: URL): string | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    const { headers } = request;
    if (headers.cookie || headers.authorization || app.carriesSecret(url)) return null;
    if (url.pathname === "/healthz" || url.pathname.startsWith("/storage/")) return null;
    const language = headers["accept-language"] ?? "";
    let variant = variants.get(language);
    if (variant === undefined) variants.set(language, (variant = app.renderVariantOf(language)));
    return `${url.pathname}${url.search} ${variant}`;
  }

  async function answerVisitor(request: FastifyRequest, reply: FastifyReply, key: string) {
    const fetchRequest = detached(request, reply);
    let own: Rendered | undefined;
    const page = await renderCache.renderOnce(key, async () =>
      shareable((own = await renderShareable(request, fetchRequest))),
    );
    // Another visitor's render may have turned out to be theirs alone: this one gets its own.
    const rendered = page ?? own ?? (await renderShareable(request, fetchRequest));
    if ("bodies" in rendered) {
      reply.hijack();
      return sendFromCache(request.raw, reply.raw, rendered, "miss", request.id);
    }
    const { status, headers, body, scripts } = rendered;
    security.apply(reply.raw, scripts);
    return sendAnswer(request, reply, new Response(body, { status, headers }), "private, no-store");
  }

  async function answerFromApp(request: FastifyRequest, reply: FastifyReply, url: URL) {
    let fetchRequest: Request;
    let tooLargeUploads: string[] = [];
    if (SAFE_METHODS.has(request.method)) fetchRequest = createRequest(request.raw, reply.raw);
    else {
      if (!forms.isSameOrigin(request, appUrl)) throw forms.CROSS_SITE;
      const form = await forms.readForm(request, reply, app.takesFiles(url.pathname), limits);
      ({ request: fetchRequest, tooLarge: tooLargeUploads } = form);
      // The upload zone is told at once; a page's form shows the field's message.
      if (tooLargeUploads.length > 0 && request.headers.accept?.includes("application/json")) {
        throw forms.TOO_LARGE;
      }
    }
    const nonce = randomBytes(16).toString("base64");
    security.apply(reply.raw, [`'nonce-${nonce}'`]);
    const response = await render(request, fetchRequest, { nonce, tooLargeUploads });
    // Staff see their change here at once; other instances hear of it from the API (record 045).
    const isWrite = !SAFE_METHODS.has(request.method) && app.changesContent(url.pathname);
    if (isWrite && response.status < 400) forgetPages();
    const secret = app.carriesSecret(url);
    return sendAnswer(request, reply, response, secret ? "private, no-store" : undefined);
  }

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, "http://web.invalid");
    const key = cacheKeyOf(request.raw, url);
    const cached = key === null ? null : renderCache.lookup(key);
    if (key !== null && cached) {
      reply.hijack();
      sendFromCache(request.raw, reply.raw, cached.page, "hit", request.id);
      if (cached.stale) {
        const fetchRequest = detached(request, reply);
        renderCache.refreshInBackground(key, async () =>
          shareable(await renderShareable(request, fetchRequest)),
        );
      }
      return;
    }
    if (key !== null && request.method === "GET") return answerVisitor(request, reply, key);
    if (url.pathname === "/healthz") return answerHealth(reply, apiUrl);
    if (url.pathname.startsWith("/storage/")) return relayStorage(request, reply, apiUrl);
    return answerFromApp(request, reply, url);
  }

  web.route({ method: forms.ALLOWED_METHODS, url: "/*", exposeHeadRoute: false, handler: answer });

  await web.listen({ port: options.port, host: options.host });
  const { port } = web.server.address() as { port: number };
  const shown = ["0.0.0.0", "::"].includes(options.host) ? "localhost" : options.host;
  return {
    url: `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`,
    forgetPages,
    close: () => web.close().then(app.close),
  };
}

/**
 * An answer of the app, compressed whole for the encoding the browser prefers, with its length;
 * `Retry-After` on a 503. Anything else (a download) streams as it is.
 */
async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  cacheControl?: string,
) {
  const { status, headers } = response;
  if (cacheControl || !headers.has("Cache-Control")) {
    headers.set("Cache-Control", cacheControl ?? "private, no-store");
  }
  if (status === 503) headers.set("Retry-After", "30");
  const encoding = cache.preferredEncoding(request.headers["accept-encoding"]);
  const compressible = COMPRESSIBLE.test(headers.get("Content-Type") ?? "");
  if (
    !response.body ||
    request.method === "HEAD" ||
    !compressible ||
    headers.has("Content-Encoding")
  ) {
    return reply.send(response);
  }
  headers.append("Vary", "Accept-Encoding");
  const body = Buffer.from(await response.arrayBuffer());
  reply.code(status);
  for (const [name, value] of headers) reply.header(name, value);
  if (encoding === "identity" || body.byteLength < 1024) return reply.send(body);
  const compressed = await cache.compress(body, encoding, "answer");
  return reply.header("Content-Encoding", encoding).send(compressed);
}

async function answerHealth(reply: FastifyReply, apiUrl: string) {
  const healthy = await fetch(`${apiUrl}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
    async (response) => (await response.body?.cancel(), response.status < 500),
    () => false,
  );
  return reply
    .code(healthy ? 200 : 503)
    .header("Cache-Control", "no-store")
    .send({ status: healthy ? "ok" : "unavailable", api: healthy });
}

/** Uploaded images, streamed from the API: rotating one gives it a new name, so none changes. */
async function relayStorage(request: FastifyRequest, reply: FastifyReply, apiUrl: string) {
  if (request.method !== "GET" && request.method !== "HEAD") throw forms.METHOD_NOT_ALLOWED;
  const headers = new Headers();
  for (const name of ["if-none-match", "if-modified-since", "range", "accept"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const upstream = await fetch(apiUrl + request.url, { method: request.method, headers });
  reply.code(upstream.status);
  for (const name of STORAGE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  reply.header("Cache-Control", upstream.ok || upstream.status === 304 ? IMMUTABLE : "no-store");
  if (request.method !== "HEAD") return reply.send(upstream.body);
  await upstream.body?.cancel();
  return reply.send();
}
