import { purgeDateOf, type Restored, type TrashListItem } from "../domain/trash-restore.ts";

/** `{id, kind, item_id, parent_id, title, deleted_by: {id, name} | null, deleted_at, purge_at}`. */
export function presentTrashItem(item: TrashListItem, trashDays: number) {
  return {
    id: item.id,
    kind: item.kind,
    item_id: item.item_id,
    parent_id: item.parent_id,
    title: item.title,
    deleted_by:
      item.deleted_by === null ? null : { id: item.deleted_by, name: item.deleted_by_name },
    deleted_at: item.deleted_at,
    purge_at: purgeDateOf(item.deleted_at, trashDays),
  };
}

export function presentTrashPage(items: TrashListItem[], total: number, trashDays: number) {
  return { results: items.map((item) => presentTrashItem(item, trashDays)), total };
}

/** `{id, kind, item_id, title, slug, slug_changed}`: slug is an entry's address, else null. */
export function presentRestored({ item, slug, slugChanged }: Restored) {
  return {
    id: item.id,
    kind: item.kind,
    item_id: item.item_id,
    title: item.title,
    slug,
    slug_changed: slugChanged,
  };
}
