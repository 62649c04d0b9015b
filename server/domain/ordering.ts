import type { DB } from "../db/database.ts";
import { ValidationError } from "../errors.ts";

/**
 * A list's new order when a client sends some or all of its ids in the order it wants: the ids
 * sent share out the places they held between them, every other id keeps its place. So a screen
 * showing one page of a long list can reorder that page without moving the rest.
 * `requested` must hold distinct ids of `current`.
 */
export function reorderWithin(current: readonly number[], requested: readonly number[]): number[] {
  const moved = new Set(requested);
  let next = 0;
  return current.map((id) => (moved.has(id) ? requested[next++]! : id));
}

/** Throws a 422 under `field` naming the first of `ids` that is not one of `rows`. */
export function assertAllKnown(field: string, ids: number[], rows: { id: number }[]): void {
  const known = new Set(rows.map((row) => row.id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index !== -1)
    throw ValidationError.field(field, `The selected ${field}.${index}.id is invalid.`);
}

/** Numbers the rows 0, 1, 2… in `order`, writing only the positions that change. */
export async function savePositions(
  db: DB,
  table: "entries" | "entry_images" | "gallery_images",
  rows: { id: number; position: number }[],
  order: number[],
): Promise<void> {
  const positionOf = new Map(rows.map((row) => [row.id, row.position]));
  for (const [position, id] of order.entries()) {
    if (positionOf.get(id) === position) continue;
    await db.updateTable(table).set({ position }).where("id", "=", id).execute();
  }
}
