import { sql, type Kysely } from "kysely";
import type { SqlDialect } from "../db/database.ts";

/** What a backup needs to know of a database's tables, read from the database itself. */
export type TableInfo = {
  name: string;
  /** Primary key columns, in key order: dumps are sorted by them. */
  key: string[];
  /** Tables this one references, which are loaded before it. */
  references: string[];
};

// Kysely's migration bookkeeping is rebuilt by the migrations themselves.
const isDataTable = (name: string) => !name.startsWith("kysely_") && !name.startsWith("sqlite_");

// Introspection reads tables the typed schema does not name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDB = Kysely<any>;

/** The data tables of a database, parents before the tables that reference them. */
export async function readTables(db: AnyDB, dialect: SqlDialect): Promise<TableInfo[]> {
  const tables = dialect === "sqlite" ? await readSqliteTables(db) : await readPostgresTables(db);
  return inLoadOrder(tables.filter((table) => isDataTable(table.name)));
}

async function readSqliteTables(db: AnyDB): Promise<TableInfo[]> {
  const names = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' order by name`.execute(db);
  const tables: TableInfo[] = [];
  for (const { name } of names.rows) {
    const columns = await sql<{ name: string; pk: number }>`
      select name, pk from pragma_table_info(${name})`.execute(db);
    const keys = await sql<{ table: string }>`
      select "table" from pragma_foreign_key_list(${name})`.execute(db);
    tables.push({
      name,
      key: columns.rows
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      references: keys.rows.map((row) => row.table),
    });
  }
  return tables;
}

async function readPostgresTables(db: AnyDB): Promise<TableInfo[]> {
  const names = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  const keys = await sql<{ table: string; column: string }>`
    select kcu.table_name as "table", kcu.column_name as "column"
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = current_schema()
    order by kcu.ordinal_position`.execute(db);
  const references = await sql<{ table: string; referenced: string }>`
    select con.conrelid::regclass::text as "table", con.confrelid::regclass::text as referenced
    from pg_constraint con join pg_namespace ns on ns.oid = con.connamespace
    where con.contype = 'f' and ns.nspname = current_schema()`.execute(db);
  return names.rows.map(({ name }) => ({
    name,
    key: keys.rows.filter((row) => row.table === name).map((row) => row.column),
    references: references.rows
      .filter((row) => row.table === name)
      .map((row) => row.referenced.replace(/^"|"$/g, "")),
  }));
}

/** Parents first; a table's reference to itself is ignored (its rows load in key order). */
function inLoadOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: TableInfo) => {
    if (placed.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const parent of table.references) {
      const parentTable = byName.get(parent);
      if (parentTable && parent !== table.name) visit(parentTable);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/**
 * The highest id each auto-numbered table has handed out, deleted rows included: a restore
 * continues past it, so an item in the trash can still come back under its own id.
 */
export async function readSequences(
  db: AnyDB,
  dialect: SqlDialect,
): Promise<Record<string, number>> {
  const sequences: Record<string, number> = {};
  if (dialect === "sqlite") {
    const exists = await sql<{ name: string }>`
      select name from sqlite_master where name = 'sqlite_sequence'`.execute(db);
    if (exists.rows.length === 0) return sequences;
    const rows = await sql<{ name: string; seq: number }>`
      select name, seq from sqlite_sequence`.execute(db);
    for (const row of rows.rows) if (isDataTable(row.name)) sequences[row.name] = Number(row.seq);
    return sequences;
  }
  for (const { table, sequence } of await postgresSequences(db)) {
    const state = await sql<{ last_value: string; is_called: boolean }>`
      select last_value, is_called from ${sql.table(sequence)}`.execute(db);
    const row = state.rows[0];
    if (row) sequences[table] = row.is_called ? Number(row.last_value) : Number(row.last_value) - 1;
  }
  return sequences;
}

async function postgresSequences(
  db: AnyDB,
): Promise<{ table: string; column: string; sequence: string }[]> {
  const rows = await sql<{ table: string; column: string; sequence: string }>`
    select table_name as "table", column_name as "column",
      pg_get_serial_sequence(quote_ident(table_name), column_name) as "sequence"
    from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db);
  return rows.rows.filter((row) => isDataTable(row.table) && row.sequence);
}

/** Sets each auto-numbered table to continue past its restored ids and the source's counter. */
export async function continueSequences(
  db: AnyDB,
  dialect: SqlDialect,
  handedOut: Record<string, number>,
): Promise<void> {
  if (dialect === "sqlite") {
    const rows = await sql<{ name: string; seq: number }>`
      select name, seq from sqlite_sequence`.execute(db);
    const current = new Map(rows.rows.map((row) => [row.name, Number(row.seq)]));
    for (const [table, seq] of Object.entries(handedOut)) {
      if (!current.has(table)) {
        await sql`insert into sqlite_sequence (name, seq) values (${table}, ${seq})`.execute(db);
      } else if ((current.get(table) ?? 0) < seq) {
        await sql`update sqlite_sequence set seq = ${seq} where name = ${table}`.execute(db);
      }
    }
    return;
  }
  for (const { table, column, sequence } of await postgresSequences(db)) {
    const max = await sql<{ max: number | null }>`
      select max(${sql.ref(column)}) as max from ${sql.table(table)}`.execute(db);
    const last = Math.max(Number(max.rows[0]?.max ?? 0), handedOut[table] ?? 0);
    if (last > 0) await sql`select setval(${sequence}, ${last}, true)`.execute(db);
  }
}
