// The web tier's request id and metrics (record 046). The host (web/host.ts, run from source) and
// the app (bundled into build/server) each load their own copy of this module; both reach one
// state through a global, so the host's request id is the one the API client sends on.
import { AsyncLocalStorage } from "node:async_hooks";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

export type WebOperations = {
  requestIds: AsyncLocalStorage<string>;
  registry: Registry;
  requests: Histogram<"route" | "method" | "status">;
  renderCache: Counter<"outcome">;
  apiCalls: Counter<"status">;
};

const GLOBAL_KEY = Symbol.for("almoner.web-operations");
type Holder = { [GLOBAL_KEY]?: WebOperations };

/** Request latencies in seconds: a page from the render cache takes under a millisecond. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function webOperations(): WebOperations {
  const holder = globalThis as Holder;
  return (holder[GLOBAL_KEY] ??= createWebOperations());
}

function createWebOperations(): WebOperations {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "almoner_web_" });
  return {
    requestIds: new AsyncLocalStorage(),
    registry,
    requests: new Histogram({
      name: "almoner_web_http_request_duration_seconds",
      help: "Requests the web tier answered, by route pattern, method and status.",
      labelNames: ["route", "method", "status"],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    renderCache: new Counter({
      name: "almoner_web_render_cache_total",
      help: "Pages for visitors without cookies served from the render cache (hit) or rendered (miss).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    apiCalls: new Counter({
      name: "almoner_web_api_calls_total",
      help: "Calls from the web tier to the API, by the API's status (unanswered: no answer in time).",
      labelNames: ["status"],
      registers: [registry],
    }),
  };
}

/** Sends the visitor's request id on to the API, so both tiers' logs name the same request. */
export function withRequestId(headers: Headers): void {
  const id = webOperations().requestIds.getStore();
  if (id) headers.set("X-Request-Id", id);
}

export function countApiCall(status: number | "unanswered"): void {
  webOperations().apiCalls.inc({ status: String(status) });
}

/**
 * A failure as a few words for the log: what `data(…, 503)` or a Response says of itself, an
 * error's message. Not the object dumped over a dozen lines.
 */
export function inWords(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error instanceof Response) return `the answer was ${error.status}`;
  if (typeof error === "object" && error !== null && "init" in error) {
    const init = (error as { init: ResponseInit | null }).init;
    return `${init?.statusText || "the answer was"} (${init?.status ?? 200})`;
  }
  return String(error);
}
