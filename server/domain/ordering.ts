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
