// The API's GET /metrics in Prometheus' format (record 046). Off, a 404 like any unknown path,
// unless METRICS_TOKEN is set; then only with `Authorization: Bearer <METRICS_TOKEN>`.
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { countUnmailedContactMessages } from "../domain/contact.ts";
import { bearerMatches } from "../security/bearer.ts";
import { logEachRequest } from "./logging.ts";

/** Request latencies in seconds, as the web tier counts its own (app/lib/operations.server.ts). */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const API_REFUSAL = { message: "Unauthenticated." };

export type ApiObservability = {
  /** Counts a mail the mail server did not take. */
  mailFailed(): void;
  /** GET /metrics, when METRICS_TOKEN is set. */
  metricsRoute(app: FastifyInstance): Promise<void>;
};

/** Logs each request once and, with METRICS_TOKEN, counts requests, refusals and mails. */
export function observeApi(app: FastifyInstance): ApiObservability {
  logEachRequest(app, { quietForWebTier: app.config.logFormat === "pretty" });
  const token = app.config.metricsToken;
  if (!token) return { mailFailed: () => {}, metricsRoute: async () => {} };

  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "almoner_api_" });
  const requests = new Histogram({
    name: "almoner_api_http_request_duration_seconds",
    help: "Requests the API answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const throttled = new Counter({
    name: "almoner_api_throttle_refusals_total",
    help: "Requests refused with 429 by a throttle (login, contact, …), by route pattern.",
    labelNames: ["route"],
    registers: [registry],
  });
  const mailsFailed = new Counter({
    name: "almoner_api_mails_failed_total",
    help: "Mails the mail server did not take (a contact message is kept and tried again).",
    registers: [registry],
  });
  new Gauge({
    name: "almoner_api_mails_waiting",
    help: "Contact messages stored but not mailed yet.",
    registers: [registry],
    async collect() {
      this.set(await countUnmailedContactMessages(app.db));
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = String(reply.statusCode);
    requests.observe({ route, method: request.method, status }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) throttled.inc({ route });
  });

  return {
    mailFailed: () => mailsFailed.inc(),
    metricsRoute: async (scoped) => serveMetrics(scoped, registry, token, API_REFUSAL),
  };
}

/**
 * GET /metrics in Prometheus' format, on either tier, only with `Authorization: Bearer <token>`;
 * `refusal` is what each tier answers without it (the API JSON, the web tier a sentence).
 */
export function serveMetrics(
  app: FastifyInstance,
  registry: Registry,
  token: string,
  refusal: string | object,
): void {
  app.get("/metrics", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header("WWW-Authenticate", "Bearer").send(refusal);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
