// `npm run serve` runs the web tier in its own process and the API in a child (record 022): how
// the two start and stop together. Needs the web tier built (npm run build), as npm test does first.
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { childrenOf, statFields } from "../../scripts/processes.ts";
import { apiNodeFlags, stopChild } from "../../scripts/api-process.ts";
import { serveCommand } from "../../scripts/serve-command.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "almoner-serve-"));
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Exit = { code: number | null; signal: NodeJS.Signals | null; output: string };
type Serving = {
  serve: ChildProcess;
  apiPid: number;
  webUrl: string;
  apiUrl: string;
  exited: Promise<Exit>;
};

/** scripts/serve.ts on free ports, once it says where it serves. */
async function startServe(dataDirectory = dataDir): Promise<Serving> {
  expect(existsSync(path.join(root, "build", "server", "index.js")), "npm run build first").toBe(
    true,
  );
  const serve = spawn(process.execPath, ["scripts/serve.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDirectory,
      HOST: "127.0.0.1",
      PORT: "0",
      API_PORT: "0",
      LOG_LEVEL: "info",
      API_URL: "",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(serve);
  let output = "";
  serve.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  serve.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    serve.on("exit", (code, signal) => resolve({ code, signal, output })),
  );
  const [, webUrl, apiUrl] = await new Promise<RegExpExecArray>((resolve, reject) => {
    serve.stdout!.on("data", () => {
      const match = /web tier on (http:\/\/\S+), API at (http:\/\/[^)\s]+)\)/.exec(output);
      if (match) resolve(match);
    });
    void exited.then(() => reject(new Error(`scripts/serve.ts exited early:\n${output}`)));
  });
  const [apiPid] = childrenOf(serve.pid!);
  expect(apiPid, "the API runs in a child process").toBeDefined();
  return { serve, apiPid: apiPid!, webUrl: webUrl!, apiUrl: apiUrl!, exited };
}

function processState(pid: number): string | undefined {
  try {
    return statFields(pid)[0];
  } catch {
    return undefined;
  }
}

/** Running: it exists and is no zombie waiting for a parent to collect it. */
const isRunning = (pid: number) => ![undefined, "Z", "X"].includes(processState(pid));

describe("npm run serve", () => {
  it("serves both tiers from two processes and SIGTERM ends both", async () => {
    const { serve, apiPid, webUrl, apiUrl, exited } = await startServe();
    expect(apiPid).not.toBe(serve.pid);
    const health = await fetch(`${webUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", api: true });
    expect((await fetch(`${apiUrl}/healthz`)).status).toBe(200);
    // V8 favours memory over speed in the API's process only (record 028).
    const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    expect(commandLine(apiPid)).toContain("--optimize-for-size");
    expect(commandLine(serve.pid!)).not.toContain("--optimize-for-size");

    serve.kill("SIGTERM");
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.output).toMatch(/SIGTERM received, shutting down/);
    expect(isRunning(apiPid), "no API process is left behind").toBe(false);
    await expect(fetch(`${apiUrl}/healthz`)).rejects.toThrow();
  });

  it("exits non-zero when its API process dies, so a supervisor restarts it", async () => {
    const { apiPid, exited } = await startServe();
    process.kill(apiPid, "SIGKILL");
    const exit = await exited;
    expect(exit.code).not.toBe(0);
    expect(exit.output).toMatch(/The API process \(pid \d+\) exited unexpectedly \(SIGKILL\)/);
  });

  it("leaves no API process behind when it is killed outright", async () => {
    const { serve, apiPid, exited } = await startServe();
    serve.kill("SIGKILL");
    await exited;
    await expect.poll(() => isRunning(apiPid), { interval: 100, timeout: 15_000 }).toBe(false);
  });
});

describe("stopping the API's process", () => {
  /** A child that answers SIGTERM as `onTerm` says: it exits, says it closed and hangs, or hangs. */
  function child(onTerm: "exit" | "closed then hang" | "hang") {
    const script = path.join(dataDir, `child-${onTerm.replaceAll(" ", "-")}.mjs`);
    const answers = {
      exit: "process.exit(0)",
      "closed then hang": 'process.send({ type: "closed" })',
      hang: "",
    };
    writeFileSync(
      script,
      `setInterval(() => {}, 1000);
      process.on("SIGTERM", () => { ${answers[onTerm]} });
      process.send({ type: "ready" });`,
    );
    const forked = fork(script, [], { stdio: "ignore" });
    started.push(forked);
    return new Promise<ChildProcess>((resolve) => forked.once("message", () => resolve(forked)));
  }
  const limits = { afterClosedMs: 200, afterSigtermMs: 2_000 };

  it("lets a process that exits on SIGTERM exit", async () => {
    const exiting = await child("exit");
    await stopChild(exiting, limits);
    expect([exiting.exitCode, exiting.signalCode]).toEqual([0, null]);
  });

  it("kills a process whose exit hangs after it said it closed, without waiting out the rest", async () => {
    const hanging = await child("closed then hang");
    const stopping = Date.now();
    await stopChild(hanging, limits);
    expect(hanging.signalCode).toBe("SIGKILL");
    expect(Date.now() - stopping).toBeLessThan(limits.afterSigtermMs);
  });

  it("kills a process that never answers SIGTERM once the longer limit has passed", async () => {
    const deaf = await child("hang");
    const stopping = Date.now();
    await stopChild(deaf, limits);
    expect(deaf.signalCode).toBe("SIGKILL");
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(limits.afterSigtermMs - 50);
  });
});

describe("the compile cache npm run build fills", () => {
  const { env, nodeFlags } = serveCommand();
  const processes = {
    web: { flags: nodeFlags, modules: ["scripts/serve.ts", "web/host.ts"] },
    api: { flags: apiNodeFlags(nodeFlags), modules: ["scripts/serve-api.ts", "server/app.ts"] },
  };

  /** Whether a process started with `flags` loads Node's TypeScript stripper for `modules`. */
  function loadsTypeScriptStripper(
    { flags, modules }: { flags: string[]; modules: string[] },
    extraEnv: Record<string, string> = {},
  ): boolean {
    const probe = spawnSync(
      process.execPath,
      [
        ...flags,
        "--input-type=module",
        "-e",
        `for (const module of ${JSON.stringify(modules)}) await import("./" + module);
         console.log(JSON.stringify(process.moduleLoadList.some((name) => name.includes("amaro"))));`,
      ],
      { cwd: root, env: { ...process.env, ...env, ...extraEnv }, encoding: "utf8" },
    );
    expect(probe.status, probe.stderr).toBe(0);
    return JSON.parse(probe.stdout) as boolean;
  }

  it("holds every module each process loads, under its flags, so neither loads the TypeScript stripper", () => {
    expect(loadsTypeScriptStripper(processes.web)).toBe(false);
    expect(loadsTypeScriptStripper(processes.api)).toBe(false);
    // Without the cache the same modules need it: the probe can tell.
    expect(loadsTypeScriptStripper(processes.web, { NODE_DISABLE_COMPILE_CACHE: "1" })).toBe(true);
    expect(loadsTypeScriptStripper(processes.api, { NODE_DISABLE_COMPILE_CACHE: "1" })).toBe(true);
  });
});

describe("pictures through the web tier", () => {
  // Seeding the demo's pictures and starting both tiers take most of a minute on a busy machine.
  it("lets a picture go quietly when the browser drops it before it arrives", async () => {
    const demoDir = mkdtempSync(path.join(tmpdir(), "almoner-serve-demo-"));
    try {
      const seed = spawnSync(process.execPath, ["scripts/seed.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: demoDir, SEED_DEMO: "1", API_URL: "", DATABASE_URL: "" },
        encoding: "utf8",
      });
      expect(seed.status, seed.stderr).toBe(0);
      const { serve, webUrl, exited } = await startServe(demoDir);
      const founders = await (await fetch(`${webUrl}/founders`)).text();
      const picture = /<img[^>]+src="(\/storage\/[^"]+)"/.exec(founders)?.[1];
      expect(picture, "the founders page shows an uploaded picture").toBeDefined();

      // A browser leaving the page: the request goes out and the connection closes at once.
      const { hostname, port } = new URL(webUrl);
      for (let dropped = 0; dropped < 20; dropped += 1) {
        await new Promise<void>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => {
            socket.end(`GET ${picture} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`, () => {
              socket.destroy();
              resolve();
            });
          });
          socket.on("error", reject);
        });
      }
      // Pictures asked after those are answered whole, and each one's answer came after theirs.
      for (let asked = 0; asked < 3; asked += 1) {
        const response = await fetch(`${webUrl}${picture}`);
        expect(response.status).toBe(200);
        expect((await response.arrayBuffer()).byteLength).toBe(
          Number(response.headers.get("content-length")),
        );
      }

      serve.kill("SIGTERM");
      const exit = await exited;
      expect(exit.code).toBe(0);
      expect(exit.output).not.toMatch(/Web tier request failed|ERR_STREAM/);
    } finally {
      rmSync(demoDir, { recursive: true, force: true });
    }
  }, 60_000);
});
