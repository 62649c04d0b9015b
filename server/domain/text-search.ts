import { type Expression, type SqlBool, sql } from "kysely";

/**
 * The condition of an admin list's search (`?q=`): every word of `search` appears, in any case,
 * in at least one of `columns`. The same SQL on SQLite and PostgreSQL (LIKE on lower(); `\`
 * escapes the wildcards a search may contain).
 */
export function matchesSearch(columns: readonly string[], search: string): Expression<SqlBool> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const conditions = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const anyColumn = columns.map(
      (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
    );
    return sql<SqlBool>`(${sql.join(anyColumn, sql` or `)})`;
  });
  return conditions.length === 0
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}
