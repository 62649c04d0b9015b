// `npm run serve`: production. Migrates (never seeds) and serves both tiers, or only the web
// tier when API_URL points at an existing Laravel/Sanctum-compatible API.
import { loadConfigOrExit } from "../server/config.ts";
import { closeGracefullyOnSignals, startApiOrExit, type RunningApi } from "../server/main.ts";
import { startWebServer } from "../web/host.ts";
import { bootstrapAdminFromEnv } from "./bootstrap.ts";

const config = loadConfigOrExit();
const externalApiUrl = process.env.API_URL;

let api: RunningApi | undefined;
if (!externalApiUrl) {
  api = await startApiOrExit(config);
  await bootstrapAdminFromEnv(api.app.db, config);
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

console.log(
  `Almoner is serving ${config.appUrl} (web tier on ${web.url}, API at ${externalApiUrl ?? api!.url})`,
);

closeGracefullyOnSignals(async () => {
  await web.close();
  await api?.close();
});
