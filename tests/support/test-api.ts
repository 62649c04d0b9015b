import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../../server/db/database.ts";
import { createPrivatePostgresDatabase } from "../fixtures/database.ts";
import { HttpClient } from "./http-client.ts";

export const TEST_APP_URL = "http://web.test";

export type TestApi = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  url: string;
  /** A client that calls as the web tier does (stateful Origin). */
  client(options?: { origin?: string | null }): HttpClient;
  close(): Promise<void>;
};

/**
 * A fresh API on a free port with its own DATA_DIR and database: SQLite by default,
 * a private database on TEST_DATABASE_URL's PostgreSQL server when that is set.
 */
export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
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
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    app,
    config,
    database,
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
      await database.db.destroy();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
