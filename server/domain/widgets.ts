import type { DB } from "../db/database.ts";

export async function findWidgetByName(db: DB, name: string) {
  return db.selectFrom("widgets").selectAll().where("name", "=", name).executeTakeFirst();
}

export async function findWidgetById(db: DB, id: number) {
  return db.selectFrom("widgets").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listWidgets(db: DB) {
  return db.selectFrom("widgets").selectAll().orderBy("name").execute();
}
