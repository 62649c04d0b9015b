// `npm run serve`: production. Migrates (never seeds) and serves both tiers, or only the web
// tier when API_URL points at an existing Laravel/Sanctum-compatible API. The API runs in a
// child process (scripts/serve-api.ts), the web tier in this one (record 022).
import { subscribeToChanges } from "../server/changes/channel.ts";
import { loadConfigOrExit } from "../server/config.ts";
import { closeGracefullyOnSignals } from "../server/main.ts";
import { type ApiProcess, startApiProcess } from "./api-process.ts";
import { superviseApiProcess } from "./api-supervisor.ts";

/**
 * Both tiers until SIGTERM or SIGINT. `npm start` calls it after building and seeding, with
 * `restartApi`: it starts a dead API child again instead of exiting (record 046).
 */
export async function serve({ restartApi = false } = {}): Promise<void> {
  // React and React Router pick their production builds when first loaded; their development
  // builds render several times slower. So the host (which loads them) comes after this line.
  process.env.NODE_ENV ??= "production";
  const { startWebServer } = await import("../web/host.ts");

  const config = loadConfigOrExit();
  // Empty counts as unset, as everywhere in the configuration.
  const externalApiUrl = process.env.API_URL || undefined;

  let api: Pick<ApiProcess, "url" | "stop"> | undefined;
  if (!externalApiUrl && restartApi) api = await superviseApiProcess();
  else if (!externalApiUrl) {
    const child = await startApiProcess((code, signal) => {
      console.error(
        `The API process (pid ${child.pid}) exited unexpectedly (${signal ?? `code ${code}`}); stopping.`,
      );
      process.exit(1);
    });
    api = child;
  }
  const web = await startWebServer({
    port: config.port,
    host: config.host,
    apiUrl: externalApiUrl ?? api!.url,
    appUrl: config.appUrl,
    appKey: config.appKey,
    imageMaxBytes: config.imageMaxBytes,
    trustedProxies: config.trustedProxies,
    externalApi: externalApiUrl !== undefined,
  });

  // Every instance drops its cached pages when content changes anywhere (record 045).
  const changes = await subscribeToChanges(
    { redisUrl: config.redisUrl, databaseUrl: config.databaseUrl, warn: console.warn },
    { onChange: web.forgetPages, onResync: web.forgetPages },
  );

  console.log(
    `Almoner is serving ${config.appUrl} (web tier on ${web.url}, API at ${externalApiUrl ?? api!.url})`,
  );

  closeGracefullyOnSignals(async () => {
    await changes?.close();
    await web.close();
    await api?.stop();
  });
}

// Imported (by `npm start`, or to fill the compile cache) it only defines `serve`.
if (import.meta.main) await serve();
