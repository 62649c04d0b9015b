// `npm run bench`: starts the built stack on free ports with a seeded temporary DATA_DIR and
// measures a few hot paths from a second process-local client over loopback. Each scenario runs
// several rounds; the figures are medians across rounds (the machines are shared and noisy).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function round(
  url: string,
  expectedStatus: number,
  headers: Record<string, string> = {},
): Promise<{ rps: number; p50: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url, {
          headers: { "Accept-Encoding": "gzip, br", ...headers },
        });
        await response.arrayBuffer();
        if (response.status !== expectedStatus)
          throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: REQUESTS / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "almoner-bench-"));
const [port, apiPort] = [await freePort(), await freePort()];
const env: NodeJS.ProcessEnv = {
  ...process.env,
  HOST: "127.0.0.1",
  PORT: String(port),
  API_PORT: String(apiPort),
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
};
delete env.API_URL;
delete env.DATABASE_URL;

const seedStarted = performance.now();
spawnSync(process.execPath, ["scripts/seed.ts"], { cwd: root, env, stdio: "ignore" });
const seedMs = performance.now() - seedStarted;

const stack = spawn(process.execPath, ["scripts/serve.ts"], { cwd: root, env, stdio: "ignore" });
try {
  const web = `http://127.0.0.1:${port}`;
  const api = `http://127.0.0.1:${apiPort}`;
  for (let i = 0; i < 200; i += 1) {
    const healthy = await fetch(`${web}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A cookie (even an unknown one) bypasses the render cache: every request renders.
  const withCookie = { Cookie: "bench=1" };
  const scenarios: [string, string, number, Record<string, string>?][] = [
    ["web  GET / (visitor, render cache)", `${web}/`, 200],
    ["web  GET / (with a cookie, rendered)", `${web}/`, 200, withCookie],
    ["web  GET /blog (with a cookie, rendered)", `${web}/blog`, 200, withCookie],
    ["web  GET /about (visitor, render cache)", `${web}/about`, 200],
    ["web  GET /no-such-page", `${web}/no-such-page`, 404],
    ["api  GET /api/widgets/HomeText", `${api}/api/widgets/HomeText`, 200],
    ["api  GET /api/settings", `${api}/api/settings`, 200],
  ];
  console.log(`seed of an empty site: ${Math.round(seedMs)} ms`);
  console.log(
    `${ROUNDS} rounds × ${REQUESTS} requests, ${CONCURRENCY} concurrent; medians across rounds\n`,
  );
  console.log(
    "scenario".padEnd(44) + "req/s".padStart(9) + "p50 ms".padStart(9) + "p95 ms".padStart(9),
  );
  for (const [name, url, status, headers] of scenarios) {
    await round(url, status, headers); // warm-up
    const results = [];
    for (let i = 0; i < ROUNDS; i += 1) results.push(await round(url, status, headers));
    const line =
      name.padEnd(44) +
      median(results.map((r) => r.rps))
        .toFixed(0)
        .padStart(9) +
      median(results.map((r) => r.p50))
        .toFixed(1)
        .padStart(9) +
      median(results.map((r) => r.p95))
        .toFixed(1)
        .padStart(9);
    console.log(line);
  }
} finally {
  stack.kill("SIGTERM");
  await new Promise((resolve) => stack.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
