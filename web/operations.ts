// What an operator sees of the web tier (record 046): one log line per request, readable under
// `npm start` and JSON under `npm run serve`; a request id the API client sends on to the API; and
// GET /metrics in Prometheus' format when METRICS_TOKEN is set.
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { webOperations } from "../app/lib/operations.server.ts";
import {
  type AnsweredRequest,
  logEachRequest,
  logRequestCompleted,
} from "../server/observability/logging.ts";
import { serveMetrics } from "../server/observability/metrics.ts";
import { pathOf } from "./forms.ts";

/** LOG_FORMAT, else pretty under `npm start` (which sets it) and JSON for anything else. */
export function logFormat(env: NodeJS.ProcessEnv = process.env): "pretty" | "json" {
  return env.LOG_FORMAT === "pretty" ? "pretty" : "json";
}

export type RequestObserver = {
  countRenderCache(outcome: "hit" | "miss"): void;
  /** Counts and logs an answer the host gave before Fastify saw its request (a fresh page). */
  answeredEarly(req: IncomingMessage, status: number, requestId: string, startedAt: number): void;
};

/**
 * Names each request with an id the API client forwards (X-Request-Id), counts and logs its
 * answer once it is sent, and answers GET /metrics when `metricsToken` is set.
 */
export function observeRequests(
  web: FastifyInstance,
  build: ServerBuild,
  metricsToken?: string,
): RequestObserver {
  const operations = webOperations();
  const routeOf = routeLabeller(build);
  web.addHook("onRequest", (request, reply, done) => {
    // The render cache's hits write it themselves (reply.hijack), with the stored page's headers.
    reply.header("X-Request-Id", request.id);
    operations.requestIds.run(request.id, done);
  });
  const observe = (answered: AnsweredRequest, elapsedMs: number) =>
    operations.requests.observe(
      { route: routeOf(answered.url), method: answered.method, status: String(answered.status) },
      elapsedMs / 1000,
    );
  logEachRequest(web, { urlOf: pathOf });
  web.addHook("onResponse", (request, reply, done) => {
    observe(
      { method: request.method, url: pathOf(request.url), status: reply.statusCode },
      reply.elapsedTime,
    );
    done();
  });
  if (metricsToken) serveMetrics(web, operations.registry, metricsToken, "Unauthorized.");
  return {
    countRenderCache: (outcome) => operations.renderCache.inc({ outcome }),
    answeredEarly(req, status, requestId, startedAt) {
      const answered = { method: req.method!, url: pathOf(req.url!), status };
      const elapsedMs = performance.now() - startedAt;
      observe(answered, elapsedMs);
      logRequestCompleted(web.log, "info", answered, elapsedMs, { reqId: requestId });
    },
  };
}

/**
 * A request's route as the app declares it (`/blog/:slug`), so the series stay few whatever
 * addresses visitors try; files are "static", data requests count under their page.
 */
function routeLabeller(build: ServerBuild): (path: string) => string {
  const routes = routeTree(build);
  const labels = new LRUCache<string, string>({ max: 2000 });
  return (path) => {
    let label = labels.get(path);
    if (label !== undefined) return label;
    if (path.startsWith("/assets/") || /\/[^/]*\.(?!data$)[^/.]+$/.test(path)) label = "static";
    if (path.startsWith("/storage/")) label = "/storage/*";
    if (path === "/healthz" || path === "/metrics") label = path;
    if (label === undefined) {
      const page = path.replace(/(?:\/_)?\.data$/, "") || "/";
      const matches = matchRoutes(routes, page) ?? [];
      const pattern = matches
        .map((match) => match.route.path ?? "")
        .filter(Boolean)
        .join("/")
        .replace(/\/+/g, "/");
      label = matches.length === 0 ? "unmatched" : `/${pattern}`.replace(/^\/+/, "/");
    }
    labels.set(path, label);
    return label;
  };
}

function routeTree(build: ServerBuild): RouteObject[] {
  const childrenOf = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index } as RouteObject);
    childrenOf.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = childrenOf.get(route.id);
      return children && !route.index ? { ...route, children: attach(children) } : route;
    });
  return attach(childrenOf.get(undefined) ?? []);
}
