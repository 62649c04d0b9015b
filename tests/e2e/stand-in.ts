import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts, nodeBinary, repositoryRoot, stop, waitUntilHealthy } from "./global-setup.ts";

export type StandInBackend = { url: string; close(): Promise<void> };

/** Our API's calls beyond the spec: a Laravel backend has none of them. */
const API_EXTENSIONS = [
  "/api/settings",
  "/api/trash",
  "/api/revisions",
  "/api/drafts",
  "/api/activity",
  "/api/contact-messages",
  "/api/user/export",
];

/** Laravel's 404 for a call of our API's own, else undefined (a StandInOptions `answer`). */
export function answerExtensionsAsLaravel(pathname: string) {
  return API_EXTENSIONS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
    ? { status: 404, json: { message: "Not Found." } }
    : undefined;
}

export type StandInOptions = {
  /** A JSON answer of its own for a path (a call a Laravel backend lacks, say), else undefined. */
  answer?: (
    pathname: string,
    request: IncomingMessage,
  ) => { status: number; json: unknown } | undefined;
  /** Rewrites a JSON body the API answered; `origin` is the stand-in's own. */
  rewriteJson?: (
    text: string,
    pathname: string,
    status: number,
    origin: string,
    request: IncomingMessage,
  ) => string;
  /** Rewrites the path asked for before it is relayed. */
  rewritePath?: (url: string) => string;
  /**
   * Sent as Origin/Referer's origin to the API instead of the caller's: the API then treats a
   * second web tier's requests as its own site's (Sanctum's stateful domains).
   */
  statefulOrigin?: string;
  /** Added to every answer, as a Laravel backend starts a session for every visitor. */
  setCookie?: string;
  /** Headers of the API's answers left out, as a backend without them sends none (lower case). */
  dropHeaders?: readonly string[];
  /** Calls it never answers, as a backend that hung would not (`GET /api/user`, say). */
  hangs?: (method: string, pathname: string) => boolean;
  /**
   * Calls it relays at once but answers only once the promise given settles, as a backend that
   * saved and then answered too late would.
   */
  answersLate?: (method: string, pathname: string) => Promise<void> | undefined;
};

/**
 * A backend that behaves as another (a Laravel one) would: it relays `apiUrl`, answers some
 * paths itself and rewrites bodies.
 */
export async function startStandInBackend(
  apiUrl: string,
  options: StandInOptions = {},
): Promise<StandInBackend> {
  let origin = "";
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", origin).pathname;
    if (options.hangs?.(req.method ?? "GET", pathname)) return;
    const answered = options.answersLate?.(req.method ?? "GET", pathname);
    relay(req)
      .then(async (answer) => (await answered, answer))
      .then(({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      })
      .catch(() => {
        res.writeHead(502);
        res.end();
      });
  });

  async function relay(req: IncomingMessage) {
    const pathname = new URL(req.url ?? "/", origin).pathname;
    const own = options.answer?.(pathname, req);
    if (own) {
      return {
        status: own.status,
        headers: { "content-type": "application/json" },
        body: Buffer.from(JSON.stringify(own.json)),
      };
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !["host", "connection", "accept-encoding"].includes(name)) {
        headers.set(name, value);
      }
    }
    if (options.statefulOrigin) {
      headers.set("origin", options.statefulOrigin);
      headers.set("referer", `${options.statefulOrigin}/`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const upstreamPath = options.rewritePath?.(req.url ?? "/") ?? req.url ?? "/";
    const upstream = await fetch(apiUrl + upstreamPath, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
    const responseHeaders: Record<string, string | string[]> = {};
    upstream.headers.forEach((value, name) => {
      if (
        !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name) &&
        !options.dropHeaders?.includes(name)
      ) {
        responseHeaders[name] = value;
      }
    });
    const cookies = upstream.headers.getSetCookie();
    if (options.setCookie) cookies.push(options.setCookie);
    if (cookies.length > 0) responseHeaders["set-cookie"] = cookies;
    let body: Buffer = Buffer.from(await upstream.arrayBuffer());
    if (options.rewriteJson && upstream.headers.get("content-type")?.includes("application/json")) {
      body = Buffer.from(
        options.rewriteJson(body.toString("utf8"), pathname, upstream.status, origin, req),
      );
    }
    return { status: upstream.status, headers: responseHeaders, body };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type WebTier = { url: string; process: ChildProcess; close(): Promise<void> };

/** A second web tier (`npm run serve` with API_URL), as global-setup.ts starts the first. */
export async function startWebTier(
  apiUrl: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<WebTier> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "almoner-e2e-web-"));
  const [port] = await freePorts(1);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(nodeBinary, ["scripts/serve.ts"], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      API_URL: apiUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const close = async () => {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(`${url}/healthz`, child, output);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, process: child, close };
}
