// What an operator sees of the two commands (record 046): `npm start` restarts a dead API child
// and prints one readable line per request; `npm run serve` logs JSON lines a request id follows
// through both tiers; /metrics on each tier. Needs the web tier built (npm run build).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { restartDelay } from "../../scripts/api-supervisor.ts";
import { childrenOf } from "../../scripts/processes.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const folders: string[] = [];
const started: ChildProcess[] = [];
const TOKEN = "metrics-token-for-the-tests";

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type Running = { pid: number; webUrl: string; apiUrl: string; output: () => string };

/** `npm start` (scripts/start.ts) or `npm run serve` on free ports, once it says where. */
async function run(script: "start" | "serve", env: Record<string, string>): Promise<Running> {
  expect(existsSync(path.join(root, "build", "server", "index.js")), "npm run build first").toBe(
    true,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), `almoner-${script}-`));
  folders.push(dataDir);
  const child = spawn(process.execPath, [`scripts/${script}.ts`], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      API_PORT: "0",
      LOG_LEVEL: "info",
      LOG_FORMAT: "",
      METRICS_TOKEN: "",
      SEED_DEMO: "0",
      API_URL: "",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const [, webUrl, apiUrl] = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const match = /web tier on (http:\/\/\S+), API at (http:\/\/[^)\s]+)\)/.exec(output);
      if (match) resolve(match);
    });
    child.on("exit", () => reject(new Error(`scripts/${script}.ts exited early:\n${output}`)));
  });
  return { pid: child.pid!, webUrl: webUrl!, apiUrl: apiUrl!, output: () => output };
}

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** The status of a GET, or 0 when nothing answers within 15 s. */
const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(15_000) }).then(
    async (response) => (await response.body?.cancel(), response.status),
    () => 0,
  );

async function metricsText(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, bearer(TOKEN));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

async function sendContactMessage(apiUrl: string): Promise<void> {
  const response = await fetch(`${apiUrl}/api/contact`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Ada", email: "ada@example.org", message: "Kept, I hope." }),
  });
  expect(response.status).toBe(201);
}

describe("npm start", () => {
  it("waits 0.5 s before starting a dead API again, then twice as long each time, at most 30 s", () => {
    expect([0, 1, 2, 3, 5, 6, 20].map((failures) => restartDelay(failures))).toEqual([
      500, 1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
  });

  it("starts a killed API child again: the site answers 503 meanwhile, then serves, nothing lost", async () => {
    const quickstart = await run("start", { METRICS_TOKEN: TOKEN });
    const [apiPid] = childrenOf(quickstart.pid);
    expect(apiPid, "the API runs in a child process").toBeDefined();
    // No recipient is set: the message waits in the outbox, counted by the API's metrics.
    await sendContactMessage(quickstart.apiUrl);
    expect(await metricsText(quickstart.apiUrl)).toMatch(/^almoner_api_mails_waiting 1$/m);

    process.kill(apiPid!, "SIGKILL");
    expect(await statusOf(`${quickstart.webUrl}/healthz`)).toBe(503);
    const page = await fetch(`${quickstart.webUrl}/blog`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");

    await expect
      .poll(() => statusOf(`${quickstart.webUrl}/healthz`), { interval: 200, timeout: 45_000 })
      .toBe(200);
    expect(await statusOf(`${quickstart.webUrl}/blog`), quickstart.output()).toBe(200);
    const [restartedPid] = childrenOf(quickstart.pid);
    expect(restartedPid).not.toBe(apiPid);
    expect(quickstart.output()).toMatch(
      /The API process \(pid \d+\) exited unexpectedly \(SIGKILL\); starting it again in 0\.5 s\./,
    );
    expect(await metricsText(quickstart.apiUrl)).toMatch(/^almoner_api_mails_waiting 1$/m);
  }, 120_000);

  it("prints one readable line per request, the API's calls for it not among them", async () => {
    const quickstart = await run("start", {});
    const before = quickstart.output().length;
    // Rendered, then from the render cache before Fastify sees it: a line each.
    for (const outcome of ["miss", "hit"]) {
      const response = await fetch(`${quickstart.webUrl}/about?utm=x`);
      expect(response.headers.get("x-render-cache")).toBe(outcome);
    }
    const aboutLines = () =>
      quickstart
        .output()
        .slice(before)
        .split("\n")
        .filter((line) => line.includes("/about"));
    await expect.poll(aboutLines, { interval: 50, timeout: 5_000 }).toHaveLength(2);
    for (const line of aboutLines())
      expect(line).toMatch(/^\d\d:\d\d:\d\d GET \/about 200 [\d.]+ ms$/);
    expect(quickstart.output()).not.toMatch(/^\d\d:\d\d:\d\d API /m);
    expect(quickstart.output()).not.toMatch(/^\{"level"/m);
  }, 60_000);
});

describe("npm run serve", () => {
  it("logs JSON lines in which one visitor's request id runs through both tiers", async () => {
    const serve = await run("serve", {});
    const response = await fetch(`${serve.webUrl}/about`, {
      headers: { "X-Request-Id": "visitor-request-42" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("visitor-request-42");
    const recordsOf = (requestId: string) =>
      serve
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((record) => record.reqId === requestId);
    const records = () => recordsOf("visitor-request-42");
    await expect
      .poll(() => records().find((record) => record.tier === "web"), { timeout: 5_000 })
      .toMatchObject({ method: "GET", url: "/about", statusCode: 200, msg: "request completed" });
    const apiLines = records().filter((record) => record.tier !== "web");
    expect(apiLines.length).toBeGreaterThan(0);
    for (const line of apiLines) {
      expect(line).toMatchObject({ msg: "request completed", statusCode: expect.any(Number) });
      expect(line.url).toMatch(/^\/api\//);
    }

    // The same page again comes from the render cache, answered before Fastify sees it: it
    // carries its own id and logs its own line all the same.
    const again = await fetch(`${serve.webUrl}/about?from=hit`, {
      headers: { "X-Request-Id": "visitor-request-43" },
    });
    expect(again.headers.get("x-render-cache")).toBe("miss");
    const hit = await fetch(`${serve.webUrl}/about?from=hit`, {
      headers: { "X-Request-Id": "visitor-request-44" },
    });
    expect(hit.headers.get("x-render-cache")).toBe("hit");
    expect(hit.headers.get("x-request-id")).toBe("visitor-request-44");
    await expect
      .poll(() => recordsOf("visitor-request-44"), { timeout: 5_000 })
      .toEqual([
        expect.objectContaining({
          tier: "web",
          method: "GET",
          url: "/about",
          statusCode: 200,
          msg: "request completed",
        }),
      ]);
  }, 60_000);

  it("has no /metrics on either tier without METRICS_TOKEN", async () => {
    const serve = await run("serve", {});
    expect((await fetch(`${serve.webUrl}/metrics`, bearer(TOKEN))).status).toBe(404);
    expect((await fetch(`${serve.apiUrl}/metrics`, bearer(TOKEN))).status).toBe(404);
  }, 60_000);

  it("answers /metrics on both tiers with the right token only, with the series an operator needs", async () => {
    const serve = await run("serve", { METRICS_TOKEN: TOKEN });
    for (const url of [serve.webUrl, serve.apiUrl]) {
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${url}/metrics`, bearer("not-the-metrics-token"));
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get("www-authenticate")).toBe("Bearer");
    }

    // A page twice (rendered, then from the render cache), and contact messages past the
    // throttle (five in ten minutes; an invalid one counts too).
    expect((await fetch(`${serve.webUrl}/about`)).status).toBe(200);
    expect((await fetch(`${serve.webUrl}/about`)).status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const contact = await fetch(`${serve.apiUrl}/api/contact`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ name: "", email: "not-an-address", message: "" }),
      });
      statuses.push(contact.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);

    const web = await metricsText(serve.webUrl);
    expect(web).toMatch(
      /^almoner_web_http_request_duration_seconds_count\{route="\/about",method="GET",status="200"\} 2$/m,
    );
    expect(web).toMatch(
      /^almoner_web_http_request_duration_seconds_bucket\{le="0\.1",route="\/about",method="GET",status="200"\} \d+$/m,
    );
    expect(web).toMatch(/^almoner_web_render_cache_total\{outcome="miss"\} 1$/m);
    expect(web).toMatch(/^almoner_web_render_cache_total\{outcome="hit"\} 1$/m);
    expect(web).toMatch(/^almoner_web_api_calls_total\{status="200"\} \d+$/m);

    const api = await metricsText(serve.apiUrl);
    expect(api).toMatch(
      /^almoner_api_http_request_duration_seconds_count\{route="\/api\/settings",method="GET",status="200"\} \d+$/m,
    );
    expect(api).toMatch(/^almoner_api_throttle_refusals_total\{route="\/api\/contact"\} 1$/m);
    expect(api).toMatch(/^almoner_api_mails_waiting 0$/m);
    expect(api).toMatch(/^almoner_api_mails_failed_total 0$/m);

    // A page's data request counts under the page: Home's is /_.data.
    const homeCount = (text: string) =>
      Number(
        /^almoner_web_http_request_duration_seconds_count\{route="\/",method="GET",status="200"\} (\d+)$/m.exec(
          text,
        )?.[1] ?? 0,
      );
    const before = homeCount(await metricsText(serve.webUrl));
    expect((await fetch(`${serve.webUrl}/_.data`)).status).toBe(200);
    expect(homeCount(await metricsText(serve.webUrl))).toBe(before + 1);
  }, 60_000);
});
