import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { E2E_ADMIN } from "./accounts.ts";
import { startE2eMailSink } from "./mail-sink.ts";

export const repositoryRoot = path.resolve(import.meta.dirname, "..", "..");
export const nodeBinary = existsSync(path.join(repositoryRoot, "node_modules/.bin/node"))
  ? path.join(repositoryRoot, "node_modules/.bin/node")
  : process.execPath;

/**
 * Starts the whole stack on free ports with a fresh DATA_DIR, seeded with the demo content,
 * unless E2E_BASE_URL points at a running site. Tests read E2E_BASE_URL and E2E_API_URL.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;

  const mailSink = await startE2eMailSink();
  let site: Site;
  try {
    site = await startSite({ SMTP_URL: mailSink.smtpUrl });
  } catch (error) {
    await mailSink.close();
    throw error;
  }
  process.env.E2E_BASE_URL = site.appUrl;
  process.env.E2E_API_URL = site.apiUrl;
  process.env.E2E_MAIL_URL = mailSink.mailUrl;

  return async () => {
    await site.stop();
    await mailSink.close();
  };
}

export type Site = { appUrl: string; apiUrl: string; stop: () => Promise<void> };

/**
 * Both tiers on free ports with a fresh DATA_DIR and the demo content: the suite's shared site,
 * or one of a test's own when it changes what every page shows (the site settings, say).
 */
export async function startSite(extraEnv: NodeJS.ProcessEnv = {}): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "almoner-e2e-"));
  const [port, apiPort] = await freePorts(2);
  const appUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_DEMO: "1",
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  delete env.API_URL;

  try {
    await runToCompletion(["scripts/seed.ts"], env);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = spawn(nodeBinary, ["scripts/serve.ts"], {
    cwd: repositoryRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  server.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));

  try {
    await waitUntilHealthy(`${appUrl}/healthz`, server, output);
  } catch (error) {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    appUrl,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    async stop() {
      await stop(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function runToCompletion(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary, args, {
      cwd: repositoryRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`node ${args.join(" ")} exited with ${code}:\n${output.join("")}`));
    });
  });
}

export async function waitUntilHealthy(
  url: string,
  server: ChildProcess,
  output: string[],
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`scripts/serve.ts exited with ${server.exitCode}:\n${output.join("")}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within 60 s:\n${output.join("")}`);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === "object" && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
