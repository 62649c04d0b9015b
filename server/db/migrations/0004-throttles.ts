import type { Kysely } from "kysely";

/**
 * Throttle counters every API instance shares (security/throttle.ts). The columns, in this order,
 * are the ones rate-limiter-flexible's RateLimiterPostgres reads and writes: `expire` is a
 * millisecond timestamp, null for a counter that never expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("throttles")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
  await db.schema.createIndex("throttles_expire_index").on("throttles").column("expire").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("throttles").execute();
}
