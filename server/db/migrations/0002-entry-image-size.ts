import type { Kysely } from "kysely";

/** The pixel size of each entry image, so an article's figures can reserve their space. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable("entry_images").addColumn("width", "integer").execute();
  await db.schema.alterTable("entry_images").addColumn("height", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("entry_images").dropColumn("height").execute();
  await db.schema.alterTable("entry_images").dropColumn("width").execute();
}
