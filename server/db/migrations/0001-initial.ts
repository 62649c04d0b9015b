import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { SqlDialect } from "../database.ts";

export type Table = CreateTableBuilder<string, never>;

// SQLite and PostgreSQL spell an auto-incrementing key differently; everything else is shared.
export function withId(dialect: SqlDialect, table: Table): Table {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const emptyText = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo("");

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await withId(dialect, db.schema.createTable("users"))
    .addColumn("firstname", "text", notNull)
    .addColumn("lastname", "text", notNull)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password", "text", notNull)
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn("email_verified_at", "text")
    .addColumn("two_factor_secret", "text")
    .addColumn("two_factor_recovery_codes", "text")
    .addColumn("two_factor_confirmed_at", "text")
    .addColumn("two_factor_last_step", "bigint")
    .addColumn("remember_token", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("payload", "text", notNull)
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("last_activity", "bigint", notNull)
    .execute();
  await db.schema.createIndex("sessions_user_id_index").on("sessions").column("user_id").execute();
  await db.schema
    .createIndex("sessions_last_activity_index")
    .on("sessions")
    .column("last_activity")
    .execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("token", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();

  await withId(dialect, db.schema.createTable("entries"))
    .addColumn("kind", "text", notNull)
    .addColumn("title", "text", notNull)
    .addColumn("slug", "text", notNull)
    .addColumn("article", "text", emptyText)
    .addColumn("article_html", "text", emptyText)
    .addColumn("preview_text", "text", emptyText)
    .addColumn("image", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .addUniqueConstraint("entries_kind_slug_unique", ["kind", "slug"])
    .execute();
  await db.schema
    .createIndex("entries_kind_position_index")
    .on("entries")
    .columns(["kind", "position"])
    .execute();

  await withId(dialect, db.schema.createTable("entry_images"))
    .addColumn("entry_id", "integer", (c) =>
      c.notNull().references("entries.id").onDelete("cascade"),
    )
    .addColumn("path", "text", notNull)
    .addColumn("alt", "text", emptyText)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema
    .createIndex("entry_images_entry_id_index")
    .on("entry_images")
    .column("entry_id")
    .execute();

  await withId(dialect, db.schema.createTable("widgets"))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("TEXT"))
    .addColumn("html", "text", emptyText)
    .addColumn("image", "text")
    .addColumn("alt", "text", emptyText)
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withId(dialect, db.schema.createTable("galleries"))
    .addColumn("name", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withId(dialect, db.schema.createTable("gallery_images"))
    .addColumn("gallery_id", "integer", (c) =>
      c.notNull().references("galleries.id").onDelete("cascade"),
    )
    .addColumn("path", "text", notNull)
    .addColumn("alt", "text", emptyText)
    .addColumn("link", "text", emptyText)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema
    .createIndex("gallery_images_gallery_id_index")
    .on("gallery_images")
    .column("gallery_id")
    .execute();

  await withId(dialect, db.schema.createTable("testimonials"))
    .addColumn("name", "text", notNull)
    .addColumn("score", "integer", notNull)
    .addColumn("review", "text", emptyText)
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withId(dialect, db.schema.createTable("contact_messages"))
    .addColumn("name", "text", notNull)
    .addColumn("telephone", "text", emptyText)
    .addColumn("email", "text", notNull)
    .addColumn("message", "text", notNull)
    .addColumn("ip", "text")
    .addColumn("mailed_at", "text")
    .addColumn("created_at", "text", notNull)
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "settings",
    "contact_messages",
    "testimonials",
    "gallery_images",
    "galleries",
    "widgets",
    "entry_images",
    "entries",
    "password_reset_tokens",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
