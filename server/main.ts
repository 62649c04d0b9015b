import type { FastifyInstance } from "fastify";
import { type Config, ConfigError, loadConfigOrExit } from "./config.ts";

export type RunningApi = { app: FastifyInstance; url: string; close(): Promise<void> };

/** Opens the database, brings the schema up to date and listens on 127.0.0.1:API_PORT. */
export async function startApi(config: Config): Promise<RunningApi> {
  // Loaded here, not at the top: the web tier's process (scripts/serve.ts) imports this module for
  // closeGracefullyOnSignals and must not load the API (Fastify, Kysely, sharp/libvips) with it.
  const [{ buildApp }, { migrateToLatest, openDatabase }] = await Promise.all([
    import("./app.ts"),
    import("./db/database.ts"),
  ]);
  const database = openDatabase(config);
  await migrateToLatest(database);
  const app = await buildApp({ config, database });
  app.addHook("onClose", async () => database.db.destroy());
  await app.listen({ host: "127.0.0.1", port: config.apiPort });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.apiPort;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** startApi, or the end of the process with one line when the environment names something unusable. */
export async function startApiOrExit(config: Config): Promise<RunningApi> {
  try {
    return await startApi(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Stops taking new requests, lets running ones finish, then exits, on SIGTERM or SIGINT. */
export function closeGracefullyOnSignals(
  close: () => Promise<void>,
  log: (message: string) => void = console.log,
) {
  let closing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      log(`${signal} received, shutting down`);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

if (import.meta.main) {
  const config = loadConfigOrExit();
  const api = await startApiOrExit(config);
  closeGracefullyOnSignals(api.close, (message) => api.app.log.info(message));
}
