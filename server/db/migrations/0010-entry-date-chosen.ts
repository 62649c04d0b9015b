import { type Kysely, sql } from "kysely";

/**
 * Whether staff chose an entry's date (record 052): a draft's date is only when it was begun until
 * they do, and publishing dates it then. Every published entry keeps the date it has; every draft
 * there was before is taken as one whose date nobody chose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("entries")
    .addColumn("date_chosen", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update entries set date_chosen = 0 where status = 'draft'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("entries").dropColumn("date_chosen").execute();
}
