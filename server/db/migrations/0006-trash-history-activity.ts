import type { Kysely } from "kysely";
import type { SqlDialect } from "../database.ts";
import { withId } from "./0001-initial.ts";

/**
 * What keeps staff's work from being lost (record 030): the trash, the revisions of every save,
 * each user's autosaved drafts and the activity log. People are kept by id and by name, without a
 * foreign key: a deleted user's entries here stay, under the name they had.
 */
export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await withId(dialect, db.schema.createTable("trash"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("parent_id", "integer")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("rows", "text", (c) => c.notNull())
    .addColumn("files", "text", (c) => c.notNull())
    .addColumn("deleted_by", "integer")
    .addColumn("deleted_by_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("deleted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("trash_deleted_at_index").on("trash").column("deleted_at").execute();

  await withId(dialect, db.schema.createTable("revisions"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("subject_id", "integer", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("changed", "text", (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("user_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("revisions_subject_version_unique", ["subject", "subject_id", "version"])
    .execute();

  await withId(dialect, db.schema.createTable("drafts"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("subject_id", "integer", (c) => c.notNull())
    .addColumn("version", "integer")
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addUniqueConstraint("drafts_user_subject_unique", ["user_id", "subject", "subject_id"])
    .execute();

  await withId(dialect, db.schema.createTable("activity"))
    .addColumn("user_id", "integer")
    .addColumn("user_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text")
    .addColumn("subject_id", "integer")
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("link", "text")
    .addColumn("ip_address", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("activity_created_at_index")
    .on("activity")
    .column("created_at")
    .execute();
  await db.schema.createIndex("activity_user_id_index").on("activity").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["activity", "drafts", "revisions", "trash"]) {
    await db.schema.dropTable(table).execute();
  }
}
