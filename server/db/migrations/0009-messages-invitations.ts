import type { Kysely } from "kysely";
import type { SqlDialect } from "../database.ts";
import { withId } from "./0001-initial.ts";

/**
 * Record 036: each contact message is unread, read or archived; and the invitations an admin
 * sends instead of a password. The messages the screen listed before this migration count as
 * read: the menu's unread count starts at what arrives from now on.
 */
export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .alterTable("contact_messages")
    .addColumn("state", "text", (c) => c.notNull().defaultTo("unread"))
    .execute();
  await db
    .withTables<{ contact_messages: { state: string } }>()
    .updateTable("contact_messages")
    .set({ state: "read" })
    .execute();
  await db.schema
    .createIndex("contact_messages_state_index")
    .on("contact_messages")
    .column("state")
    .execute();

  // One invitation per user: sending again replaces it. Only the token's hash is kept.
  await withId(dialect, db.schema.createTable("user_invitations"))
    .addColumn("user_id", "integer", (c) =>
      c.notNull().unique().references("users.id").onDelete("cascade"),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("invited_by", "integer")
    .addColumn("invited_by_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("mailed_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("user_invitations").execute();
  await db.schema.dropIndex("contact_messages_state_index").execute();
  await db.schema.alterTable("contact_messages").dropColumn("state").execute();
}
