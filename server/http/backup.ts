import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { backupFileName, createBackup } from "../backup/create.ts";
import { logActivity } from "./activity.ts";
import { admin, passwordConfirmed } from "./guards.ts";

/**
 * An admin downloads a fresh backup (record 044). It holds every account and APP_KEY, so it
 * asks for a recent password confirmation first (423 otherwise), as Fortify's password.confirm.
 */
export async function backupRoutes(app: FastifyInstance) {
  app.get("/api/backup", { preHandler: [admin, passwordConfirmed] }, async (request, reply) => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "almoner-download-"));
    const name = backupFileName();
    const file = path.join(folder, name);
    try {
      await createBackup(
        {
          database: { db: app.db, dialect: app.dialect },
          dataDir: app.config.dataDir,
          storage: app.storage,
          appKey: app.config.appKey,
        },
        file,
      );
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
    await logActivity(request, "backup_downloaded", { subject: "backup", title: name, link: null });
    const stream = createReadStream(file);
    // The archive is gone from the disk once sent (or once the download is dropped).
    stream.once("close", () => void rm(folder, { recursive: true, force: true }));
    return reply
      .header("Content-Type", "application/gzip")
      .header("Content-Disposition", `attachment; filename="${name}"`)
      .header("Cache-Control", "no-store")
      .send(stream);
  });
}
