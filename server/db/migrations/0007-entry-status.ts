import type { Kysely } from "kysely";

/**
 * An entry's stored status (record 031): "draft" (only admins see it) or "published". Every row
 * there was before is published, as it was live; "scheduled" is not stored, it is a published
 * entry whose created_at is still ahead (record 008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("entries")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("entries").dropColumn("status").execute();
}
