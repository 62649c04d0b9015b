import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import { preparedQuery } from "../db/prepared-query.ts";
import { MAX_ID, type WidgetsTable } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { deleteImage, ImageRejected, storeImage } from "../media/images.ts";
import type { StorageDriver } from "../media/storage.ts";
import {
  keepRevision,
  releaseFiles,
  revisionTransaction,
  type RevisionData,
  type RevisionOptions,
} from "./revisions.ts";
import { pageWidgetLocation, pageWidgetNameFixed } from "./page-widgets.ts";
import { sanitizeRichText } from "./rich-text.ts";
import { isUniqueViolation } from "./users.ts";

export type Widget = Selectable<WidgetsTable>;
export type WidgetType = WidgetsTable["type"];
export const WIDGET_TYPES = ["TEXT", "IMAGE"] as const satisfies readonly WidgetType[];

/**
 * What a widget's name looks like: letters, digits, `_` and `-`, not only digits (a path segment
 * of digits is an id, DESIGN §5, so such a name could never be looked up).
 */
export const WIDGET_NAME_PATTERN = /^(?!\d+$)[A-Za-z0-9_-]+$/;

/** Folder of widget pictures under uploads/. */
const IMAGE_FOLDER = "widgets";

const nameTaken = () => ValidationError.field("name", "The name has already been taken.");

const WIDGET_BY_NAME = preparedQuery((db, name: string) =>
  db.selectFrom("widgets").selectAll().where("name", "=", name),
);

export async function findWidgetByName(db: DB, name: string) {
  // No widget is named otherwise, and PostgreSQL refuses some such names (a NUL) outright.
  if (!WIDGET_NAME_PATTERN.test(name)) return undefined;
  return WIDGET_BY_NAME.first(db, name);
}

export async function findWidgetById(db: DB, id: number) {
  if (id > MAX_ID) return undefined;
  return db.selectFrom("widgets").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every widget, by name. */
export async function listWidgets(db: DB) {
  return db.selectFrom("widgets").selectAll().orderBy("name").orderBy("id").execute();
}

/** A new, empty widget; throws a 422 under `name` when another widget has the name. */
export async function createWidget(
  db: DB,
  { name, type }: { name: string; type: WidgetType },
): Promise<Widget> {
  if (await findWidgetByName(db, name)) throw nameTaken();
  const now = new Date().toISOString();
  try {
    return await db
      .insertInto("widgets")
      .values({ name, type, html: "", image: null, alt: "", created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Another request took the name between the check and the insert.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** What an admin's save may change; each one left undefined keeps its value. */
export type WidgetChanges = {
  name?: string;
  type?: WidgetType;
  html?: string;
  alt?: string;
  /** A new picture, as uploaded, with the form field it came in (its errors go there). */
  image?: { data: Buffer; field: string };
  /** A picture already stored (a restored revision's), or null for none. */
  storedImage?: string | null;
};

/** What a revision of a widget keeps. */
export function widgetSnapshot(widget: Widget): RevisionData {
  return {
    name: widget.name,
    type: widget.type,
    html: widget.html,
    alt: widget.alt,
    image: widget.image,
  };
}

/**
 * Saves an admin's changes: the HTML sanitized as an article is, a new picture stored (and the
 * old one's files removed). Throws a 422 when the name belongs to another widget, when it would
 * rename a widget the site's pages show, or when the picture is not an image we accept. Undefined when there is no such widget.
 */
export async function updateWidget(
  { db, storage }: { db: DB; storage: StorageDriver },
  id: number,
  changes: WidgetChanges,
  revision?: RevisionOptions,
): Promise<(Widget & { version: number }) | undefined> {
  const widget = await findWidgetById(db, id);
  if (!widget) return undefined;
  if (changes.name !== undefined && changes.name !== widget.name) {
    const location = pageWidgetLocation(widget.name);
    if (location) throw ValidationError.field("name", pageWidgetNameFixed(location));
    const holder = await findWidgetByName(db, changes.name);
    if (holder) throw nameTaken();
  }

  let image: string | undefined;
  if (changes.image) {
    const { data, field } = changes.image;
    try {
      image = (await storeImage(storage, data, { folder: IMAGE_FOLDER, field })).key;
    } catch (error) {
      if (error instanceof ImageRejected) throw ValidationError.field(error.field, error.message);
      throw error;
    }
  }

  const newImage =
    image ?? (changes.storedImage === undefined ? widget.image : changes.storedImage);
  let saved: (Widget & { version: number }) | undefined;
  let pruned: string[] = [];
  try {
    saved = await revisionTransaction(db, "widget", id, async (trx) => {
      const row = await trx
        .updateTable("widgets")
        .set({
          name: changes.name ?? widget.name,
          type: changes.type ?? widget.type,
          html: changes.html === undefined ? widget.html : sanitizeRichText(changes.html),
          alt: changes.alt ?? widget.alt,
          image: newImage,
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      if (!revision) return { ...row, version: 0 };
      const kept = await keepRevision(
        trx,
        "widget",
        id,
        { before: widgetSnapshot(widget), after: widgetSnapshot(row) },
        revision,
      );
      pruned = kept.pruned;
      return { ...row, version: kept.version };
    });
  } catch (error) {
    if (image) await deleteImage(storage, image);
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  if (!saved) {
    // Gone while its picture was being stored: the new files belong to nothing.
    if (image) await deleteImage(storage, image);
    return undefined;
  }
  // An old picture stays while a revision names it.
  await releaseFiles(db, storage, [newImage === widget.image ? null : widget.image, ...pruned]);
  return saved;
}
