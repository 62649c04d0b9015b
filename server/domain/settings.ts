import type { DB } from "../db/database.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { keepRevision, revisionTransaction, type RevisionOptions } from "./revisions.ts";

export type SocialLinks = { facebook: string; instagram: string; twitter: string };

/** The organisation's details shown across the site. */
export type Settings = {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  donate_url: string;
  social: SocialLinks;
};

export type SettingsUpdate = Partial<Omit<Settings, "social">> & { social?: Partial<SocialLinks> };

const fieldKeys = ["name", "phone", "whatsapp", "email", "address", "donate_url"] as const;
const socialKeys = ["facebook", "instagram", "twitter"] as const;

const SETTING_ROWS = preparedQuery((db) => db.selectFrom("settings").select(["key", "value"]));

/** Each value is one row of the key/value `settings` table; social links use `social.<network>` keys. */
export async function getSettings(db: DB): Promise<Settings> {
  const rows = await SETTING_ROWS.all(db);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const value = (key: string) => stored.get(key) ?? "";
  return {
    name: value("name"),
    phone: value("phone"),
    whatsapp: value("whatsapp"),
    email: value("email"),
    address: value("address"),
    donate_url: value("donate_url"),
    social: {
      facebook: value("social.facebook"),
      instagram: value("social.instagram"),
      twitter: value("social.twitter"),
    },
  };
}

/**
 * Saves the given values and leaves the others as they are, with a revision (subject id 0) when
 * `revision` says who saves.
 */
export async function saveSettings(
  db: DB,
  update: SettingsUpdate,
  revision: RevisionOptions,
): Promise<Settings & { version: number }> {
  return revisionTransaction(db, "settings", 0, async (trx) => {
    const before = await getSettings(trx);
    const after = await updateSettings(trx, update);
    const { version } = await keepRevision(trx, "settings", 0, { before, after }, revision);
    return { ...after, version };
  });
}

/** Saves the given values and leaves the others as they are. */
export async function updateSettings(db: DB, update: SettingsUpdate): Promise<Settings> {
  const rows: { key: string; value: string }[] = [];
  for (const key of fieldKeys) {
    const value = update[key];
    if (value !== undefined) rows.push({ key, value });
  }
  for (const network of socialKeys) {
    const value = update.social?.[network];
    if (value !== undefined) rows.push({ key: `social.${network}`, value });
  }
  if (rows.length > 0) {
    await db
      .insertInto("settings")
      .values(rows)
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })),
      )
      .execute();
  }
  return getSettings(db);
}
