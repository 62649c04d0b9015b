// The API's process under `npm run serve` (scripts/serve.ts forks it; record 022). Migrates,
// creates the ADMIN_EMAIL admin, listens, then tells its parent where. It stops on SIGTERM from
// the parent, and on its own when the parent is gone (even killed with SIGKILL).
import { loadConfigOrExit } from "../server/config.ts";
import { startApiOrExit } from "../server/main.ts";
import { bootstrapAdminFromEnv } from "./bootstrap.ts";
import type { ApiProcessMessage } from "./api-process.ts";

// Imported to fill the compile cache (scripts/warm-compile-cache.ts), it does nothing.
if (import.meta.main) {
  if (!process.send) {
    console.error("scripts/serve-api.ts runs under scripts/serve.ts (npm run serve).");
    process.exit(1);
  }

  const config = loadConfigOrExit();
  const api = await startApiOrExit(config);
  await bootstrapAdminFromEnv(api.app.db, config);

  let closing = false;
  function closeAndExit(reason: string) {
    if (closing) return;
    closing = true;
    api.app.log.info(`${reason}, shutting down the API`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    api.close().then(
      () => {
        // Everything is closed: the parent may end this process if Node's exit hangs.
        if (!process.connected) process.exit(0);
        process.send!({ type: "closed" } satisfies ApiProcessMessage, () => process.exit(0));
      },
      () => process.exit(1),
    );
  }

  process.on("SIGTERM", () => closeAndExit("SIGTERM received"));
  // Ctrl-C reaches the whole process group: the parent closes the web tier first, then sends SIGTERM.
  process.on("SIGINT", () => {});
  process.on("disconnect", () => closeAndExit("The serve process is gone"));

  process.send({ type: "listening", url: api.url } satisfies ApiProcessMessage);
}
