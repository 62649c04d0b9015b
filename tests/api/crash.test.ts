import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { migrateToLatest, openDatabase } from "../../server/db/database.ts";
import { ensureAdmin } from "../../server/db/seed/admin.ts";
import { createPrivatePostgresDatabase } from "../fixtures/database.ts";
import { HttpClient } from "../support/http-client.ts";

/**
 * `kill -9` of the API in the middle of a burst of writes (registrations, contact messages,
 * entries created and saved): after a restart on the same DATA_DIR and database, every write
 * that was answered 2xx is there. On SQLite, or on a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set.
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const nodeBinary = existsSync(path.join(root, "node_modules/.bin/node"))
  ? path.join(root, "node_modules/.bin/node")
  : process.execPath;
const APP_URL = "http://web.test";
const ADMIN = { email: "crash-admin@example.org", password: "crash-admin-password-1" };
const PASSWORD = "crash-member-password-1";

/** The burst is cut once this many writes of each kind were answered 2xx. */
const CONFIRMED_BEFORE_KILL = 12;
const WORKERS_PER_KIND = 3;

type Kind = "registration" | "contact" | "entry create" | "entry save";
const KINDS: Kind[] = ["registration", "contact", "entry create", "entry save"];

type Write = {
  kind: Kind;
  /** What to look for after the restart: an email, a message, a title (with the entry id). */
  key: string;
  entryId?: number;
  state: "in flight" | "confirmed" | "refused" | "unanswered";
  /** The answer's status, or the error of a write nobody answered. */
  answer?: number | string;
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Api = { child: ChildProcess; url: string };

/** The API alone (server/main.ts) on a free port; resolves once it says where it listens. */
function startApi(env: Record<string, string>): Promise<Api> {
  const child = spawn(nodeBinary, ["server/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the API did not start within 30 s:\n${output.join("")}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      if (output.length < 200) output.push(text);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (listening) {
        clearTimeout(deadline);
        resolve({ child, url: listening[1]! });
      }
    };
    // Both pipes are read to the end, so a chatty child never blocks on a full pipe.
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(deadline);
      reject(new Error(`the API exited (${code ?? signal}):\n${output.join("")}`));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function signedIn(url: string, credentials: { email: string; password: string }) {
  const client = new HttpClient(url, { origin: APP_URL });
  await client.csrf();
  const login = await client.post("/login", { ...credentials, remember: false });
  return { client, status: login.status };
}

/** Every item of a paged admin list. */
async function everything<T>(client: HttpClient, list: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; ; page += 1) {
    const response = await client.get(`${list}?limit=100&page=${page}`);
    expect(response.status, `GET ${list}`).toBe(200);
    items.push(...response.body.results);
    if (items.length >= response.body.total || response.body.results.length === 0) return items;
  }
}

async function crashDuringBurst(databaseName: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "almoner-crash-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const postgres = await createPrivatePostgresDatabase(process.env.TEST_DATABASE_URL);
    cleanups.push(postgres.drop);
    databaseUrl = postgres.url;
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    APP_URL,
    API_PORT: "0",
    APP_KEY: "base64:dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktdGVzdC0=",
    LOG_LEVEL: "info",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // The admin of ADMIN_EMAIL/ADMIN_PASSWORD, as `npm run serve` creates it before it serves.
  const config = loadConfig(env);
  const database = openDatabase(config);
  await migrateToLatest(database);
  await ensureAdmin(database.db, config, { info: () => {} });
  await database.db.destroy();

  const first = await startApi(env);
  cleanups.push(async () => {
    first.child.kill("SIGKILL");
    await exited(first.child);
  });
  const { client: admin, status } = await signedIn(first.url, ADMIN);
  expect(status).toBe(200);

  // Entries to save during the burst: each is saved once, so its title after the crash is known.
  const saveTargets: number[] = [];
  for (let index = 0; index < 40; index += 1) {
    const created = await admin.post("/api/projects", { title: `Before the crash ${index}` });
    expect(created.status).toBe(201);
    saveTargets.push(created.body.id);
  }

  const run = randomBytes(4).toString("hex");
  const writes: Write[] = [];
  const confirmed = (kind: Kind) =>
    writes.filter((write) => write.kind === kind && write.state === "confirmed").length;
  let killed = false;
  /** Writes the API turned down, or that failed while it was still up: mistakes of this test. */
  const wrong: Write[] = [];
  let inFlightAtKill = 0;

  const perform = async (write: Write): Promise<number> => {
    switch (write.kind) {
      case "registration": {
        const visitor = new HttpClient(first.url, { origin: APP_URL });
        await visitor.csrf();
        return (
          await visitor.post("/register", {
            firstname: "Crash",
            lastname: "Test",
            email: write.key,
            password: PASSWORD,
            password_confirmation: PASSWORD,
          })
        ).status;
      }
      case "contact": {
        const visitor = new HttpClient(first.url, { origin: APP_URL });
        await visitor.csrf();
        // Each message from its own address, so the contact throttle (5 an address) never answers.
        const address = `10.${writes.length % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
        return (
          await visitor.post(
            "/api/contact",
            { name: "Crash", email: "visitor@example.org", message: write.key },
            { headers: { "X-Forwarded-For": address } },
          )
        ).status;
      }
      case "entry create":
        return (await admin.post("/api/projects", { title: write.key })).status;
      case "entry save":
        return (await admin.post(`/api/projects/${write.entryId}`, { title: write.key })).status;
    }
  };

  const nextWrite = (kind: Kind): Write | undefined => {
    const n = writes.filter((write) => write.kind === kind).length;
    const key = `${kind} ${run} ${n}`;
    if (kind === "registration")
      return { kind, key: `crash-${run}-${n}@example.org`, state: "in flight" };
    if (kind === "entry save") {
      const entryId = saveTargets[n];
      return entryId === undefined ? undefined : { kind, key, entryId, state: "in flight" };
    }
    return { kind, key, state: "in flight" };
  };

  const kill = () => {
    killed = true;
    inFlightAtKill = writes.filter((write) => write.state === "in flight").length;
    first.child.kill("SIGKILL");
  };

  const worker = async (kind: Kind) => {
    while (!killed && wrong.length === 0) {
      const write = nextWrite(kind);
      if (!write) return;
      writes.push(write);
      try {
        write.answer = await perform(write);
        write.state = write.answer >= 200 && write.answer < 300 ? "confirmed" : "refused";
      } catch (error) {
        write.answer = String(error);
        write.state = "unanswered";
      }
      if (write.state === "refused" || (write.state === "unanswered" && !killed)) wrong.push(write);
      if (!killed && KINDS.every((each) => confirmed(each) >= CONFIRMED_BEFORE_KILL)) kill();
    }
  };
  await Promise.all(
    KINDS.flatMap((kind) => Array.from({ length: WORKERS_PER_KIND }, () => worker(kind))),
  );
  if (!killed) first.child.kill("SIGKILL");
  expect(wrong, "writes turned down, or unanswered before the kill").toEqual([]);
  expect(killed, "the burst reached the count of confirmed writes").toBe(true);
  await exited(first.child);

  // The same DATA_DIR and database, as an operator's restart would find them.
  const second = await startApi(env);
  cleanups.push(async () => {
    second.child.kill("SIGTERM");
    await exited(second.child);
  });
  const { client: adminAgain } = await signedIn(second.url, ADMIN);
  const emails = new Set(
    (await everything<{ email: string }>(adminAgain, "/api/users")).map((user) => user.email),
  );
  const messages = new Set(
    (await everything<{ message: string }>(adminAgain, "/api/contact-messages")).map(
      (message) => message.message,
    ),
  );
  const entries = await everything<{ id: number; title: string }>(adminAgain, "/api/projects");
  const titles = new Set(entries.map((entry) => entry.title));
  const titleOf = new Map(entries.map((entry) => [entry.id, entry.title]));

  const isThere = async (write: Write): Promise<boolean> => {
    switch (write.kind) {
      case "registration":
        return (
          emails.has(write.key) &&
          (await signedIn(second.url, { email: write.key, password: PASSWORD })).status === 200
        );
      case "contact":
        return messages.has(write.key);
      case "entry create":
        return titles.has(write.key);
      case "entry save":
        return titleOf.get(write.entryId!) === write.key;
    }
  };
  const confirmedWrites = writes.filter((write) => write.state === "confirmed");
  const missing: Write[] = [];
  for (const write of confirmedWrites) if (!(await isThere(write))) missing.push(write);

  const byKind = KINDS.map((kind) => `${kind} ${confirmed(kind)}`).join(", ");
  console.log(
    `Crash test on ${databaseName}: ${confirmedWrites.length} writes confirmed 2xx before kill -9 (${byKind}), ` +
      `${confirmedWrites.length - missing.length} found after the restart; ` +
      `${inFlightAtKill} were in flight when the API was killed`,
  );
  expect(inFlightAtKill, "the API was killed with writes in flight").toBeGreaterThan(0);
  expect(missing, "confirmed writes missing after the restart").toEqual([]);
}

it("keeps every write it confirmed when it is killed with kill -9 in the middle of a burst", async () => {
  await crashDuringBurst(process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite");
}, 90_000);
