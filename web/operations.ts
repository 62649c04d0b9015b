// What an operator sees of the web tier (record 046): one log line per request, readable under
// `npm start` and JSON under `npm run serve`; a request id the API client sends on to the API; and
// GET /metrics in Prometheus' format when METRICS_TOKEN is set.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { webOperations } from "../app/lib/operations.server.ts";
import { bearerMatches } from "../server/security/bearer.ts";

export type LogFormat = "pretty" | "json";
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];
/** An id a proxy in front made (nginx's $request_id, a load balancer's) is kept if it is tame. */
const TAME_ID = /^[\w.:@-]{1,128}$/;

/** LOG_FORMAT, else pretty under `npm start` (which sets it) and JSON for anything else. */
export function logFormat(env: NodeJS.ProcessEnv = process.env): LogFormat {
  return env.LOG_FORMAT === "pretty" ? "pretty" : "json";
}

/**
 * Wraps the host's request handler: answers /metrics, names the request with an id the API
 * client forwards (X-Request-Id), then counts and logs the answer once it is sent.
 */
export function observeRequests(build: ServerBuild, handler: Handler): Handler {
  const operations = webOperations();
  const routeOf = routeLabeller(build);
  const format = logFormat();
  const logsRequests = LEVELS.indexOf(process.env.LOG_LEVEL || "info") <= LEVELS.indexOf("info");
  const metricsToken = process.env.METRICS_TOKEN || undefined;

  return (req, res) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && TAME_ID.test(incoming) ? incoming : randomUUID();
    // Set before the handler writes: Node then keeps writeHead's headers readable below.
    res.setHeader("X-Request-Id", id);
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.statusCode;
      const path = (req.url ?? "/").split("?", 1)[0]!;
      operations.requests.observe(
        { route: routeOf(path), method: req.method ?? "GET", status: String(status) },
        seconds,
      );
      const cached = res.getHeader("x-render-cache");
      if (cached === "hit" || cached === "miss") operations.renderCache.inc({ outcome: cached });
      if (logsRequests) logRequest(format, { id, method: req.method, path, status, seconds });
    });
    if (metricsToken && (req.url === "/metrics" || req.url?.startsWith("/metrics?"))) {
      return void answerMetrics(req, res, metricsToken, () => operations.registry.metrics());
    }
    operations.requestIds.run(id, () => handler(req, res));
  };
}

/** 401 unless `Authorization: Bearer <METRICS_TOKEN>`; the registry's text otherwise. */
export async function answerMetrics(
  req: { headers: { authorization?: string } },
  res: ServerResponse,
  token: string,
  metrics: () => Promise<string>,
): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  if (!bearerMatches(req.headers.authorization, token)) {
    res.writeHead(401, {
      "Content-Type": "text/plain; charset=utf-8",
      "WWW-Authenticate": "Bearer",
    });
    return void res.end("Unauthorized.");
  }
  const text = await metrics();
  res.writeHead(200, { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" });
  res.end(text);
}

type RequestLine = {
  id: string;
  method: string | undefined;
  path: string;
  status: number;
  seconds: number;
};

function logRequest(format: LogFormat, line: RequestLine): void {
  const ms = Math.round(line.seconds * 10_000) / 10;
  if (format === "pretty") {
    const time = new Date().toTimeString().slice(0, 8);
    return void process.stdout.write(
      `${time} ${line.method} ${line.path} ${line.status} ${ms} ms\n`,
    );
  }
  const record = {
    level: line.status >= 500 ? 50 : 30,
    time: Date.now(),
    tier: "web",
    reqId: line.id,
    method: line.method,
    url: line.path,
    statusCode: line.status,
    responseTime: ms,
    msg: "request completed",
  };
  process.stdout.write(`${JSON.stringify(record)}\n`);
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
      const page = path.replace(/(?:\/_root)?\.data$/, "") || "/";
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
