// `npm run bench [-- --json FILE]`: the figures of issue 9. Seeds a temporary DATA_DIR, starts
// `scripts/serve.ts` on free ports, signs in as admin, and loads each scenario with wrk (when on
// PATH) or autocannon at 50 connections, beside a bare Node http server answering the cached home
// page's bytes: the machine's ceiling in the same run; then Lighthouse's four scores on Home,
// /blog and a news post (scripts/lighthouse.ts). Rounds are interleaved (each round runs
// every scenario once); the figures are medians across rounds. BENCH_ROUNDS (3), BENCH_SECONDS
// (10) and BENCH_WARMUP_SECONDS (3) change the shape of a run; BENCH_LIGHTHOUSE=0 leaves
// Lighthouse out (a quicker run when only the load figures matter).
import { execFile, fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { CeilingPage } from "./bench-ceiling.ts";
import {
  formatScores,
  lighthousePaths,
  runLighthouse,
  type LighthouseReport,
} from "./lighthouse.ts";
import { childrenOf, residentBytesTogether, statFields } from "./processes.ts";
import { repositoryRoot as root, serveCommand } from "./serve-command.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const WITH_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
const CONNECTIONS = 50;
const ADMIN = { email: "bench-admin@example.org", password: "bench-password-123" };
const COMPRESSED = { "Accept-Encoding": "br, gzip" };
/** Both tiers' /metrics tell what of their memory V8's heap holds (nodejs_heap_size_*). */
const METRICS_TOKEN = "bench-metrics-token";
const jsonIndex = process.argv.indexOf("--json");
const jsonFile = jsonIndex >= 0 ? process.argv[jsonIndex + 1] : undefined;
if (jsonIndex >= 0 && !jsonFile) {
  console.error("--json needs a file name: npm run bench -- --json bench.json");
  process.exit(1);
}

// What the stack has to beat; the machine's ceiling is measured, never assumed.
const TARGETS = {
  cacheHit: { ceilingRatio: 0.5, p99Ms: 20 },
  signedIn: { rps: 600, p99Ms: 250 },
  api: { rps: 10_000, p99Ms: 20 },
  rssMb: 300,
  javascriptKb: 100,
};

type Group = "ceiling" | "cache hit" | "signed in" | "api";
type Scenario = { name: string; group: Group; url: string; headers: Record<string, string> };
type Load = { rps: number; p50Ms: number; p99Ms: number; requests: number; failures: number };
type Tier = { name: "web" | "api" | "ceiling"; pid: number };
type ScenarioRun = Load & { cpuSeconds: Record<string, number> };

// ---------------------------------------------------------------- processes (/proc)

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

/** utime + stime in seconds. */
function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * VmRSS (now) and VmHWM (the peak so far), in MB; and PSS, which shares the pages two processes
 * both map (the `node` binary) between them instead of counting them in each.
 */
function residentMemory(pid: number): { rssMb: number; peakMb: number; pssMb: number } {
  const field = (file: string, name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(readFileSync(file, "utf8"))?.[1]) / 1024;
  return {
    rssMb: field(`/proc/${pid}/status`, "VmRSS"),
    peakMb: field(`/proc/${pid}/status`, "VmHWM"),
    pssMb: field(`/proc/${pid}/smaps_rollup`, "Pss"),
  };
}

// ---------------------------------------------------------------- HTTP

type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request with the body as it travelled (no decompression). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

type HeapFigures = { usedMb: number; committedMb: number; externalMb: number };

/** What a tier's V8 heap holds and has taken from the system, and its memory outside the heap. */
async function heapOf(url: string, prefix: string): Promise<HeapFigures | null> {
  const response = await fetch(`${url}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  }).catch(() => null);
  if (!response?.ok) return null;
  const text = await response.text();
  const mb = (name: string) =>
    Number(new RegExp(`^${prefix}nodejs_${name} (\\S+)$`, "m").exec(text)?.[1]) / (1024 * 1024);
  return {
    usedMb: mb("heap_size_used_bytes"),
    committedMb: mb("heap_size_total_bytes"),
    externalMb: mb("external_memory_bytes"),
  };
}

/** The admin's cookies, signed in through the API as the web tier's own forms would. */
async function signInAsAdmin(apiUrl: string, appUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const equals = pair!.indexOf("=");
      jar.set(pair!.slice(0, equals), pair!.slice(equals + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  keep(await fetch(`${apiUrl}/sanctum/csrf-cookie`));
  const login = await fetch(`${apiUrl}/login`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      Cookie: cookieHeader(),
      "X-XSRF-TOKEN": decodeURIComponent(jar.get("XSRF-TOKEN") ?? ""),
      Origin: appUrl,
      Referer: `${appUrl}/login`,
    },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok)
    throw new Error(`Signing in as admin answered ${login.status}: ${await login.text()}`);
  keep(login);
  return cookieHeader();
}

// ---------------------------------------------------------------- load generators

const wrkOnPath = spawnSync("wrk", ["--version"]).error === undefined;

const durationMs = (value: string, unit: string) =>
  Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? NaN);

async function wrk(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => [
    "-H",
    `${name}: ${value}`,
  ]);
  const { stdout } = await promisify(execFile)("wrk", [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--latency",
    // wrk leaves a request slower than its timeout (2 s by default) out of the latencies.
    "--timeout",
    "10s",
    ...headerArgs,
    url,
  ]);
  const latency = (percent: number) => {
    const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(stdout);
    return match ? durationMs(match[1]!, match[2]!) : NaN;
  };
  const count = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    stdout,
  );
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
    p50Ms: latency(50),
    p99Ms: latency(99),
    requests: count(/(\d+) requests in/),
    failures:
      count(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;

async function autocannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Load> {
  const run = createRequire(import.meta.url)("autocannon") as Autocannon;
  const result = await run({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const generate = wrkOnPath ? wrk : autocannon;

/** A run in which no request completed has no latencies (the generators would say 0). */
async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await generate(url, headers, seconds);
  return result.requests > 0 ? result : { ...result, p50Ms: NaN, p99Ms: NaN };
}

// ---------------------------------------------------------------- figures

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The JavaScript files a visitor's browser fetches for a page, and their size as sent with brotli. */
async function javascriptOf(pageUrl: string) {
  const page = await (await fetch(pageUrl)).text();
  const sources = new Set<string>();
  for (const match of page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of page.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href && /\brel="modulepreload"/.test(match[0])) sources.add(href);
  }
  let bytes = 0;
  for (const source of sources) {
    const response = await rawGet(new URL(source, pageUrl).href, { "Accept-Encoding": "br" });
    if (response.status !== 200) throw new Error(`${source} answered ${response.status}`);
    bytes += response.body.length;
  }
  return { files: sources.size, kb: bytes / 1000 };
}

const mark = (pass: boolean) => (pass ? "pass" : "FAIL");
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "—");

// ---------------------------------------------------------------- the run

const loadAverageBefore = loadavg()[0]!;
if (loadAverageBefore > 1) {
  console.warn(
    `warning: the 1-minute load average is ${loadAverageBefore.toFixed(2)} before the bench starts; ` +
      "other work on this machine will lower every figure.",
  );
}

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.log("Building the web tier…");
  const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  // A module edited since the build would be stripped again at run time (record 028).
  const warm = spawnSync(process.execPath, ["scripts/warm-compile-cache.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  if (warm.status !== 0) process.exit(warm.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "almoner-bench-"));
const [port, apiPort] = [await freePort(), await freePort()];
const webUrl = `http://127.0.0.1:${port}`;
const apiUrl = `http://127.0.0.1:${apiPort}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  HOST: "127.0.0.1",
  PORT: String(port),
  API_PORT: String(apiPort),
  APP_URL: webUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  METRICS_TOKEN,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
for (const name of ["API_URL", "DATABASE_URL", "REDIS_URL", "STORAGE_URL", "SMTP_URL"])
  delete env[name];

let stack: ChildProcess | undefined;
let ceiling: ChildProcess | undefined;
async function cleanUp() {
  ceiling?.kill("SIGTERM");
  if (stack && stack.exitCode === null && stack.signalCode === null) {
    const exited = new Promise((resolve) => stack!.once("exit", resolve));
    stack.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));

try {
  const seed = spawnSync(process.execPath, ["scripts/seed.ts"], { cwd: root, env });
  if (seed.status !== 0) throw new Error(`scripts/seed.ts failed:\n${seed.stderr}${seed.stdout}`);

  // The environment and Node flags `npm run serve` starts with, so the bench measures that.
  const { env: serveEnv, nodeFlags: serveFlags } = serveCommand();
  Object.assign(env, serveEnv);
  stack = spawn(process.execPath, [...serveFlags, "scripts/serve.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let healthy = false; !healthy;) {
    if (stack.exitCode !== null) throw new Error(`scripts/serve.ts exited with ${stack.exitCode}`);
    healthy = await fetch(`${webUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The API runs in a child of the serve process; without one (an older layout) it shares the web's.
  const tiers: Tier[] = [{ name: "web", pid: stack.pid! }];
  const apiPid = childrenOf(stack.pid!)[0];
  if (apiPid) tiers.push({ name: "api", pid: apiPid });
  const memoryAtStart = Object.fromEntries(tiers.map((t) => [t.name, residentMemory(t.pid)]));

  const adminCookie = await signInAsAdmin(apiUrl, webUrl);
  const projects = await (await fetch(`${webUrl}/projects`)).text();
  const projectPath = /href="(\/projects\/[^"/?#]+)"/.exec(projects)?.[1];
  if (!projectPath) throw new Error("/projects links to no project");

  await rawGet(`${webUrl}/`, COMPRESSED); // fills the render cache
  const homeCached = await rawGet(`${webUrl}/`, COMPRESSED);
  if (homeCached.headers["x-render-cache"] !== "hit")
    console.warn("warning: the second visit to / was no render-cache hit");
  ceiling = fork(path.join(import.meta.dirname, "bench-ceiling.ts"), [], { stdio: "inherit" });
  const ceilingHeaders = Object.fromEntries(
    Object.entries(homeCached.headers).filter(
      ([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name),
    ),
  ) as Record<string, string | string[]>;
  ceilingHeaders["content-length"] = String(homeCached.body.length);
  const ceilingPort = await new Promise<number>((resolve) => {
    ceiling!.once("message", (message: { port: number }) => resolve(message.port));
    ceiling!.send({
      status: homeCached.status,
      headers: ceilingHeaders,
      bodyBase64: homeCached.body.toString("base64"),
    } satisfies CeilingPage);
  });
  tiers.push({ name: "ceiling", pid: ceiling.pid! });

  const signedIn = { ...COMPRESSED, Cookie: adminCookie };
  const scenarios: Scenario[] = [
    {
      name: "bare Node, same bytes (ceiling)",
      group: "ceiling",
      url: `http://127.0.0.1:${ceilingPort}/`,
      headers: COMPRESSED,
    },
    { name: "visitor /", group: "cache hit", url: `${webUrl}/`, headers: COMPRESSED },
    {
      name: "visitor /projects",
      group: "cache hit",
      url: `${webUrl}/projects`,
      headers: COMPRESSED,
    },
    {
      name: `visitor ${projectPath}`,
      group: "cache hit",
      url: `${webUrl}${projectPath}`,
      headers: COMPRESSED,
    },
    { name: "admin /", group: "signed in", url: `${webUrl}/`, headers: signedIn },
    { name: "admin /projects", group: "signed in", url: `${webUrl}/projects`, headers: signedIn },
    { name: "admin /account", group: "signed in", url: `${webUrl}/account`, headers: signedIn },
    {
      name: "API /api/projects?page=0",
      group: "api",
      url: `${apiUrl}/api/projects?page=0`,
      headers: {},
    },
  ];

  // Each scenario answers 200 as intended before it is timed: a redirect to /login or a cached
  // page for the admin would make the figures meaningless.
  for (const scenario of scenarios) {
    const response = await rawGet(scenario.url, scenario.headers);
    if (response.status !== 200) throw new Error(`${scenario.name} answered ${response.status}`);
    const cache = response.headers["x-render-cache"];
    if (scenario.group === "signed in" && cache === "hit")
      throw new Error(`${scenario.name} came from the render cache`);
  }

  const generator = wrkOnPath
    ? `wrk (1 thread, ${CONNECTIONS} connections, --latency, --timeout 10s)`
    : `autocannon (${CONNECTIONS} connections)`;
  console.log(
    `${generator}; ${WARMUP_SECONDS} s warm-up, then ${ROUNDS} interleaved rounds of ${SECONDS} s per scenario; medians\n`,
  );
  for (const scenario of scenarios) await load(scenario.url, scenario.headers, WARMUP_SECONDS);

  const runs = new Map<Scenario, ScenarioRun[]>(scenarios.map((s) => [s, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    process.stderr.write(`round ${round}/${ROUNDS}…\n`);
    for (const scenario of scenarios) {
      const cpuBefore = tiers.map((tier) => cpuSeconds(tier.pid));
      const result = await load(scenario.url, scenario.headers, SECONDS);
      const cpu = Object.fromEntries(
        tiers.map((tier, i) => [tier.name, cpuSeconds(tier.pid) - cpuBefore[i]!]),
      );
      runs.get(scenario)!.push({ ...result, cpuSeconds: cpu });
    }
  }
  const servingTiers = tiers.filter((t) => t.name !== "ceiling");
  const memoryAfter = Object.fromEntries(servingTiers.map((t) => [t.name, residentMemory(t.pid)]));
  const togetherBytesAfter = residentBytesTogether(servingTiers.map((t) => t.pid));
  const heapAfter = {
    web: await heapOf(webUrl, "almoner_web_"),
    api: await heapOf(apiUrl, "almoner_api_"),
  };

  const ceilingRps = median(runs.get(scenarios[0]!)!.map((run) => run.rps));
  const results = scenarios.map((scenario) => {
    const rounds = runs.get(scenario)!;
    const figures = {
      rps: median(rounds.map((r) => r.rps)),
      p50Ms: median(rounds.map((r) => r.p50Ms)),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
      failures: rounds.reduce((sum, r) => sum + r.failures, 0),
      cpuSecondsPerRound: Object.fromEntries(
        tiers.map((t) => [t.name, median(rounds.map((r) => r.cpuSeconds[t.name]!))]),
      ),
    };
    const ratioToCeiling = figures.rps / ceilingRps;
    let target = "";
    let pass: boolean | undefined;
    if (scenario.group === "cache hit") {
      target = `≥ ${TARGETS.cacheHit.ceilingRatio * 100} % of ceiling, p99 ≤ ${TARGETS.cacheHit.p99Ms} ms`;
      pass =
        ratioToCeiling >= TARGETS.cacheHit.ceilingRatio && figures.p99Ms <= TARGETS.cacheHit.p99Ms;
    } else if (scenario.group === "signed in") {
      target = `≥ ${TARGETS.signedIn.rps} req/s, p99 ≤ ${TARGETS.signedIn.p99Ms} ms`;
      pass = figures.rps >= TARGETS.signedIn.rps && figures.p99Ms <= TARGETS.signedIn.p99Ms;
    } else if (scenario.group === "api") {
      target = `≥ ${TARGETS.api.rps} req/s, p99 ≤ ${TARGETS.api.p99Ms} ms`;
      pass = figures.rps >= TARGETS.api.rps && figures.p99Ms <= TARGETS.api.p99Ms;
    }
    return { ...scenario, headers: undefined, rounds, ...figures, ratioToCeiling, target, pass };
  });

  const cpuColumns = tiers.map((t) => t.name);
  console.log(
    "scenario".padEnd(44) +
      "req/s".padStart(8) +
      "ceiling".padStart(9) +
      "p50 ms".padStart(8) +
      "p99 ms".padStart(8) +
      `  CPU s/round (${cpuColumns.join("/")})`.padEnd(32) +
      "target",
  );
  for (const result of results) {
    console.log(
      result.name.padEnd(44) +
        fixed(result.rps).padStart(8) +
        `${fixed(result.ratioToCeiling * 100)} %`.padStart(9) +
        fixed(result.p50Ms, 1).padStart(8) +
        fixed(result.p99Ms, 1).padStart(8) +
        `  ${cpuColumns.map((name) => fixed(result.cpuSecondsPerRound[name]!, 1)).join(" / ")}`.padEnd(
          32,
        ) +
        (result.pass === undefined ? "" : `${mark(result.pass)}  ${result.target}`) +
        (result.failures ? `  (${result.failures} failed requests)` : ""),
    );
  }

  const rssTotalMb = Object.values(memoryAfter).reduce((sum, m) => sum + m.rssMb, 0);
  const pssTotalMb = Object.values(memoryAfter).reduce((sum, m) => sum + m.pssMb, 0);
  // What the two processes hold, each page once (record 028). The sum of their RSS counts the
  // pages both map (the node binary) twice; without root's view of /proc it is all there is.
  const togetherMb =
    togetherBytesAfter === undefined ? rssTotalMb : togetherBytesAfter / (1024 * 1024);
  console.log("\nmemory (MB)             RSS at start   peak   after the load   PSS after");
  for (const tier of servingTiers) {
    console.log(
      `  ${tier.name} (pid ${tier.pid})`.padEnd(24) +
        fixed(memoryAtStart[tier.name]!.rssMb).padStart(13) +
        fixed(memoryAfter[tier.name]!.peakMb).padStart(7) +
        fixed(memoryAfter[tier.name]!.rssMb).padStart(17) +
        fixed(memoryAfter[tier.name]!.pssMb).padStart(12),
    );
  }
  for (const tier of servingTiers) {
    const heap = heapAfter[tier.name as "web" | "api"];
    if (!heap) continue;
    console.log(
      `  ${tier.name}: V8 heap ${fixed(heap.usedMb)} MB in use of ${fixed(heap.committedMb)} MB taken,` +
        ` ${fixed(heap.externalMb)} MB outside it (buffers); the rest of its RSS is code, stacks and malloc`,
    );
  }
  console.log(
    `  both tiers after the load: ${fixed(togetherMb)} MB   ${mark(togetherMb <= TARGETS.rssMb)}  ≤ ${TARGETS.rssMb} MB` +
      ` (${togetherBytesAfter === undefined ? "RSS summed: no access to /proc/<pid>/pagemap" : "resident pages, each counted once"};` +
      ` RSS summed ${fixed(rssTotalMb)} MB, PSS ${fixed(pssTotalMb)} MB)`,
  );

  const javascript = {
    home: await javascriptOf(`${webUrl}/`),
    projectDetail: await javascriptOf(`${webUrl}${projectPath}`),
  };
  console.log("\nJavaScript a visitor downloads (brotli)");
  for (const [page, js] of [
    ["/", javascript.home],
    [projectPath, javascript.projectDetail],
  ] as const) {
    console.log(
      `  ${page}`.padEnd(40) +
        `${fixed(js.kb, 1)} kB in ${js.files} files   ${mark(js.kb <= TARGETS.javascriptKb)}  ≤ ${TARGETS.javascriptKb} kB`,
    );
  }
  // Lighthouse last, once the load has stopped: its timings would otherwise measure the bench.
  console.log("\nLighthouse (mobile settings: a throttled CPU and network)");
  let lighthouse: LighthouseReport[] = [];
  if (!WITH_LIGHTHOUSE) console.log("  not run: BENCH_LIGHTHOUSE=0");
  else
    try {
      const paths = await lighthousePaths(webUrl);
      lighthouse = await runLighthouse(paths.map((page) => `${webUrl}${page}`));
      console.log(formatScores(lighthouse, (url) => url.slice(webUrl.length)).replace(/^/gm, "  "));
    } catch (error) {
      console.log(`  not run: ${error instanceof Error ? error.message : String(error)}`);
    }
  if (loadAverageBefore > 1)
    console.log(
      `\nwarning: the load average was ${loadAverageBefore.toFixed(2)} when the bench started`,
    );

  if (jsonFile) {
    writeFileSync(
      jsonFile,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          generator,
          connections: CONNECTIONS,
          rounds: ROUNDS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          loadAverageBefore,
          targets: TARGETS,
          ceilingRps,
          scenarios: results,
          memoryMb: {
            atStart: memoryAtStart,
            afterLoad: memoryAfter,
            totalAfterLoad: togetherMb,
            rssSummedAfterLoad: rssTotalMb,
            pssTotalAfterLoad: pssTotalMb,
            heapAfterLoad: heapAfter,
          },
          javascript,
          lighthouse: lighthouse.map(({ url, scores }) => ({
            page: url.slice(webUrl.length),
            scores,
          })),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nfigures written to ${jsonFile}`);
  }
} finally {
  await cleanUp();
}
