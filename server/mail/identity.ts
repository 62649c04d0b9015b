import type { Config } from "../config.ts";
import type { DB } from "../db/database.ts";
import { getSettings } from "../domain/settings.ts";

export const DEFAULT_SITE_NAME = "Almoner";

/** The foundation's name as mails and authenticator apps show it: the settings' name, else "Almoner". */
export async function siteName(db: DB): Promise<string> {
  return (await getSettings(db)).name.trim() || DEFAULT_SITE_NAME;
}

/** The sender: MAIL_FROM, else the foundation's name with its settings email or no-reply@<APP_URL host>. */
export async function mailSender(db: DB, config: Pick<Config, "mailFrom" | "appUrl">) {
  if (config.mailFrom) return config.mailFrom;
  const settings = await getSettings(db);
  const address = settings.email.trim() || `no-reply@${new URL(config.appUrl).hostname}`;
  return { name: settings.name.trim() || DEFAULT_SITE_NAME, address };
}
