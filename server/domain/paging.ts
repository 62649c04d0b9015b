import type { DB } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

/** A page of a list: `page` is zero-based (DESIGN §5). */
export type PageRequest = { page: number; limit: number; q?: string | undefined };

/** How many rows a table holds. */
export async function countRows(db: DB, table: keyof Database): Promise<number> {
  const { total } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}
