import type { Config } from "../server/config.ts";
import type { DB } from "../server/db/database.ts";
import { ensureAdmin } from "../server/db/seed/admin.ts";
import { openStorage } from "../server/media/open-storage.ts";

const quietLog = { info: () => {} };

/** ADMIN_EMAIL/ADMIN_PASSWORD: on every start, create that verified admin if no such user exists. */
export async function bootstrapAdminFromEnv(db: DB, config: Config): Promise<void> {
  if (!config.adminEmail || !config.adminPassword) return;
  const admin = await ensureAdmin(db, config, quietLog);
  if (admin.created) console.log(`Created the admin ${admin.email} from ADMIN_EMAIL.`);
}

/** The quickstart's sign-in line: the configured admin, or admin@example.org with a random password printed once. */
export async function describeAdminSignIn(db: DB, config: Config): Promise<string> {
  const admin = await ensureAdmin(db, config, quietLog);
  if (admin.password)
    return `Admin sign-in: ${admin.email} / ${admin.password} (shown once — write it down)`;
  if (config.adminEmail && config.adminPassword)
    return `Admin sign-in: ${admin.email} / (ADMIN_PASSWORD)`;
  return `Admin sign-in: ${admin.email} (password as set before; use npm run user:create to add another admin)`;
}

/** Fills an empty site with the demo content and says what it did. */
export async function seedDemoSite(db: DB, config: Config): Promise<void> {
  const started = performance.now();
  // Loaded here, not above: the demo's pictures need sharp, which the API's process
  // (scripts/serve-api.ts, which imports this file) otherwise loads only with an upload.
  const { seedDemoContent } = await import("../server/db/seed/demo.ts");
  const storage = await openStorage(config);
  const result = await seedDemoContent(db, storage, config).finally(() => storage.close());
  if (!result.seeded) console.log("The site already has content: nothing seeded.");
  else
    console.log(
      `Seeded the demo content (${result.images} pictures) in ${Math.round(performance.now() - started)} ms.`,
    );
}
