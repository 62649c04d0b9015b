import type { Kysely } from "kysely";
import type { SqlDialect } from "../database.ts";
import { withId } from "./0001-initial.ts";

/**
 * The slugs an entry was known by before an admin renamed it: their URLs redirect to it (record
 * 025). Unique per kind like the current slugs, so one old address leads to one entry, and
 * removed with the entry (SQLite runs with foreign_keys on).
 */
export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await withId(dialect, db.schema.createTable("entry_old_slugs"))
    .addColumn("entry_id", "integer", (c) =>
      c.notNull().references("entries.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("entry_old_slugs_kind_slug_unique", ["kind", "slug"])
    .execute();
  await db.schema
    .createIndex("entry_old_slugs_entry_id_index")
    .on("entry_old_slugs")
    .column("entry_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("entry_old_slugs").execute();
}
