// Both tiers' logs (records 046, 047): one line per request instead of Fastify's two, named by
// the web tier's X-Request-Id; JSON under `npm run serve`, plain words under `npm start`.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import type { Config } from "../config.ts";

const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
];
/** An id a proxy in front made (nginx's $request_id, a load balancer's) is kept if it is tame. */
const TAME_ID = /^[\w.:@-]{1,128}$/;
const LEVEL_NAMES: Record<number, string> = {
  10: "trace",
  20: "debug",
  30: "info",
  40: "warn",
  50: "error",
  60: "fatal",
};

/** A link's signature or token never reaches the log. */
export const redactedUrl = (url: string) =>
  url.replace(/([?&](?:signature|token)=)[^&]*/g, "$1[redacted]");

/** How each tier logs: LOG_LEVEL and LOG_FORMAT, read by server/config.ts or the web host. */
export type LogSettings = Pick<Config, "logLevel" | "logFormat">;

/**
 * Fastify's logging options for either tier; `logger` given (tests) replaces the configured one.
 * The web tier's lines say `"tier":"web"`.
 */
export function fastifyLogging(
  settings: LogSettings,
  { tier, logger }: { tier?: "web"; logger?: boolean | { level: string } } = {},
): Pick<FastifyServerOptions, "logger" | "logController"> & {
  genReqId(request: IncomingMessage): string;
} {
  return {
    logger: logger ?? {
      level: settings.logLevel,
      redact: REDACTED_PATHS,
      ...(tier ? { base: { pid: process.pid, tier } } : {}),
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactedUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
      ...(settings.logFormat === "pretty" ? { stream: prettyStream(process.stdout) } : {}),
    },
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request: IncomingMessage) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && TAME_ID.test(given) ? given : randomUUID();
    },
  };
}

/**
 * One line per answered request, on either tier (the web tier logs paths only: `urlOf`). Under
 * `npm start` the web tier already prints each visitor's
 * request, so the API's calls for it (a dozen per page) are debug there; a client calling the API
 * directly still gets its line.
 */
export function logEachRequest(
  app: FastifyInstance,
  {
    quietForWebTier = false,
    urlOf = (url) => redactedUrl(url),
  }: { quietForWebTier?: boolean; urlOf?: (url: string) => string } = {},
): void {
  app.addHook("onResponse", (request, reply, done) => {
    const fromWebTier = request.headers["x-request-id"] !== undefined;
    const level = quietForWebTier && fromWebTier ? "debug" : "info";
    const answered = { method: request.method, url: urlOf(request.url), status: reply.statusCode };
    logRequestCompleted(request.log, level, answered, reply.elapsedTime);
    done();
  });
}

/** An answered request as its log line (and the web tier's metrics) name it. */
export type AnsweredRequest = { method: string; url: string; status: number };

/** A request's line once it is answered (`prettyStream` prints it as one readable line). */
export function logRequestCompleted(
  log: FastifyBaseLogger,
  level: "info" | "debug",
  { method, url, status }: AnsweredRequest,
  elapsedMs: number,
  bindings: { reqId?: string } = {},
): void {
  const responseTime = Math.round(elapsedMs * 10) / 10;
  log[level]({ ...bindings, method, url, statusCode: status, responseTime }, "request completed");
}

type LogRecord = {
  level: number;
  time: number;
  msg?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: { message?: string };
  [field: string]: unknown;
};
const SHOWN_AS_IS = new Set(["level", "time", "pid", "hostname", "tier", "reqId", "msg", "err"]);

/** Pino's JSON lines as a person reads them: time, then the request or the message in words. */
export function prettyStream(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(line) {
      let record: LogRecord;
      try {
        record = JSON.parse(line) as LogRecord;
      } catch {
        return void out.write(line);
      }
      out.write(`${prettyLine(record)}\n`);
    },
  };
}

export function prettyLine(record: LogRecord): string {
  const time = new Date(record.time).toTimeString().slice(0, 8);
  if (record.msg === "request completed" && record.method) {
    const tier = record.tier === "web" ? "" : "API ";
    return `${time} ${tier}${record.method} ${record.url} ${record.statusCode} ${record.responseTime} ms`;
  }
  const level = LEVEL_NAMES[record.level] ?? "info";
  const prefix =
    level === "warn" ? "Warning: " : ["error", "fatal"].includes(level) ? "Error: " : "";
  const details = Object.entries(record)
    .filter(([name]) => !SHOWN_AS_IS.has(name))
    .map(([name, value]) => `${name} ${typeof value === "string" ? value : JSON.stringify(value)}`);
  const cause = record.err?.message ? ` (${record.err.message})` : "";
  const extra = details.length > 0 ? ` [${details.join(", ")}]` : "";
  return `${time} ${prefix}${record.msg ?? ""}${cause}${extra}`;
}
