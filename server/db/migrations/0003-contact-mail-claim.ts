import type { Kysely } from "kysely";

/**
 * When an API instance took a contact message to mail it, so two instances sharing the database
 * never mail the same message twice; cleared again when the attempt fails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("mail_claimed_at", "text").execute();
  await db.schema
    .createIndex("contact_messages_created_at_index")
    .on("contact_messages")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_messages_created_at_index").execute();
  await db.schema.alterTable("contact_messages").dropColumn("mail_claimed_at").execute();
}
