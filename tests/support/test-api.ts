import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../../server/db/database.ts";
import { createPrivatePostgresDatabase } from "../fixtures/database.ts";
import { HttpClient } from "./http-client.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

export const TEST_APP_URL = "http://web.test";

export type TestApiInstance = {
  app: FastifyInstance;
  url: string;
  /** A client that calls as the web tier does (stateful Origin). */
  client(options?: { origin?: string | null }): HttpClient;
  close(): Promise<void>;
};

export type TestApi = TestApiInstance & {
  config: Config;
  database: DatabaseHandle;
  /**
   * Another API instance on the same database, DATA_DIR and Redis, as a second machine behind a
   * load balancer would be (or this one after a restart); closed with this one at the latest.
   */
  startInstance(): Promise<TestApiInstance>;
};

/**
 * A fresh API on a free port with its own DATA_DIR and database: SQLite by default,
 * a private database on TEST_DATABASE_URL's PostgreSQL server when that is set.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: { changeChannel?: string } = {},
): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "almoner-test-"));
  const { databaseUrl, dropDatabase } = await privateDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    API_PORT: "0",
    LOG_LEVEL: "silent",
    APP_KEY: "base64:dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktdGVzdC0=",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = openDatabase(config);
  await migrateToLatest(database);
  // Tests run side by side on one Redis: each API keeps its throttle keys apart, and drops them.
  const throttleKeyPrefix = `almoner-test:${randomBytes(6).toString("hex")}:`;
  const start = async () =>
    listen(
      await buildApp({
        config,
        database,
        logger: false,
        throttleKeyPrefix,
        changeChannel: options.changeChannel,
      }),
    );
  const instances = new Set<TestApiInstance>();
  const first = await start();
  return {
    ...first,
    config,
    database,
    async startInstance() {
      const instance = await start();
      instances.add(instance);
      return {
        ...instance,
        close: async () => {
          instances.delete(instance);
          await instance.close();
        },
      };
    },
    async close() {
      await Promise.all([...instances].map((instance) => instance.close()));
      await first.close();
      await database.db.destroy();
      await dropDatabase();
      if (config.redisUrl) await deleteRedisKeys(config.redisUrl, throttleKeyPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function listen(app: FastifyInstance): Promise<TestApiInstance> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    app,
    url,
    client: (options = {}) =>
      new HttpClient(url, { origin: options.origin === undefined ? TEST_APP_URL : options.origin }),
    async close() {
      // The test has read every answer it awaited, but a keep-alive socket whose response the
      // server has not yet marked finished is not "idle" when close() looks, and would hold it
      // for the whole keep-alive timeout (72 s): end every connection at once.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
    },
  };
}

async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*` })) keys.push(...batch);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

async function privateDatabase(): Promise<{
  databaseUrl?: string;
  dropDatabase: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { dropDatabase: async () => {} };
  const postgres = await createPrivatePostgresDatabase(base);
  return { databaseUrl: postgres.url, dropDatabase: postgres.drop };
}

/**
 * A test API whose mail goes over SMTP to a sink of its own, both started before the tests of the
 * file (or describe block) that calls this and closed after them; `take` receives them.
 */
export function useApiMailingToSink(
  take: (started: { api: TestApi; sink: SmtpSink }) => void,
  env: Record<string, string> = {},
): void {
  let sink: SmtpSink | undefined;
  let api: TestApi | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await startTestApi({ SMTP_URL: sink.url, ...env });
    take({ api, sink });
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });
}
