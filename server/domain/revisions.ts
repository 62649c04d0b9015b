import type { DB } from "../db/database.ts";
import { MAX_ID, type RevisionSubject } from "../db/schema.ts";
import { HttpError } from "../errors.ts";
import { deleteImage } from "../media/images.ts";
import type { StorageDriver } from "../media/storage.ts";
import type { Actor } from "./activity.ts";
import { isUniqueViolation } from "./users.ts";

/** An item's editable fields as one save left them (record 030). */
export type RevisionData = Record<string, unknown>;

export type Revision = {
  version: number;
  user: { id: number; name: string } | null;
  created_at: string;
  changed: string[];
  data: RevisionData;
};

/** Who saves and what they had loaded: `expectedVersion` undefined saves whatever the version is. */
export type RevisionOptions = { actor: Actor; expectedVersion?: number; keep: number };

/** What is kept whatever REVISIONS_KEEP says: every revision of the last seven days. */
const KEEP_YOUNGER_THAN_MS = 7 * 24 * 60 * 60 * 1000;

/** The fields of a snapshot that name a stored picture: its files stay while a revision names it. */
const FILE_FIELDS = ["image"];

/**
 * A save with a stale version (409): the item as it is now, so the client can show whose save
 * came in between.
 */
export class EditConflict extends HttpError {
  readonly current: Revision | null;

  constructor(current: Revision | null) {
    super(409, "Someone else saved this item since you opened it.");
    this.current = current;
  }
}

/** Two saves raced for the same version; the loser's transaction is over, so it is read afresh. */
class RevisionRace extends Error {}

type RevisionRow = {
  version: number;
  data: string;
  changed: string;
  user_id: number | null;
  user_name: string;
  created_at: string;
};

function toRevision(row: RevisionRow): Revision {
  return {
    version: row.version,
    user: row.user_id === null ? null : { id: row.user_id, name: row.user_name },
    created_at: row.created_at,
    changed: JSON.parse(row.changed) as string[],
    data: JSON.parse(row.data) as RevisionData,
  };
}

async function newestRevision(
  db: DB,
  subject: RevisionSubject,
  subjectId: number,
): Promise<Revision | undefined> {
  const row = await db
    .selectFrom("revisions")
    .select(["version", "data", "changed", "user_id", "user_name", "created_at"])
    .where("subject", "=", subject)
    .where("subject_id", "=", subjectId)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && toRevision(row);
}

/** True when the item a history or a draft belongs to exists (the settings are item 0). */
export async function itemExists(db: DB, subject: RevisionSubject, id: number): Promise<boolean> {
  if (subject === "settings") return id === 0;
  if (id < 1 || id > MAX_ID) return false;
  const query =
    subject === "widget"
      ? db.selectFrom("widgets").select("id").where("id", "=", id)
      : subject === "testimonial"
        ? db.selectFrom("testimonials").select("id").where("id", "=", id)
        : db.selectFrom("entries").select("id").where("id", "=", id).where("kind", "=", subject);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The item's current version: its newest revision's, 0 before its first save. */
export async function currentVersion(
  db: DB,
  subject: RevisionSubject,
  subjectId: number,
): Promise<number> {
  const row = await db
    .selectFrom("revisions")
    .select((eb) => eb.fn.max<number | null>("version").as("version"))
    .where("subject", "=", subject)
    .where("subject_id", "=", subjectId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** One page of an item's revisions, newest first, how many there are and the current version. */
export async function listRevisions(
  db: DB,
  subject: RevisionSubject,
  subjectId: number,
  { page, limit }: { page: number; limit: number },
): Promise<{ revisions: Revision[]; total: number; version: number }> {
  if (subjectId > MAX_ID) return { revisions: [], total: 0, version: 0 };
  const { total } = await db
    .selectFrom("revisions")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("subject", "=", subject)
    .where("subject_id", "=", subjectId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("revisions")
    .select(["version", "data", "changed", "user_id", "user_name", "created_at"])
    .where("subject", "=", subject)
    .where("subject_id", "=", subjectId)
    .orderBy("version", "desc")
    .limit(limit)
    .offset(page * limit)
    .execute();
  const revisions = rows.map(toRevision);
  return {
    revisions,
    total: Number(total),
    version:
      page === 0 ? (revisions[0]?.version ?? 0) : await currentVersion(db, subject, subjectId),
  };
}

export async function findRevision(
  db: DB,
  subject: RevisionSubject,
  subjectId: number,
  version: number,
): Promise<Revision | undefined> {
  if (subjectId > MAX_ID || version > MAX_ID) return undefined;
  const row = await db
    .selectFrom("revisions")
    .select(["version", "data", "changed", "user_id", "user_name", "created_at"])
    .where("subject", "=", subject)
    .where("subject_id", "=", subjectId)
    .where("version", "=", version)
    .executeTakeFirst();
  return row && toRevision(row);
}

/** A snapshot's fields, nested objects (the settings' social links) named with dots. */
function flatten(data: RevisionData, prefix = ""): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [inner, text] of flatten(value as RevisionData, `${prefix}${key}.`))
        fields.set(inner, text);
    } else fields.set(`${prefix}${key}`, JSON.stringify(value ?? null));
  }
  return fields;
}

/** The names of the fields that differ between two snapshots, in the order of `after`. */
export function changedFields(before: RevisionData, after: RevisionData): string[] {
  const old = flatten(before);
  return [...flatten(after)].filter(([key, value]) => old.get(key) !== value).map(([key]) => key);
}

/**
 * Keeps a save as a revision, inside the save's own transaction. Throws an EditConflict when the
 * caller's expected version is not the current one. The item's first save keeps its state before
 * the save as version 1, so the original is never lost; a save that changed nothing keeps no
 * revision. Prunes what REVISIONS_KEEP no longer keeps, answering the picture keys those pruned
 * revisions named (for releaseFiles once the transaction is over).
 */
export async function keepRevision(
  trx: DB,
  subject: RevisionSubject,
  subjectId: number,
  { before, after }: { before: RevisionData; after: RevisionData },
  { actor, expectedVersion, keep }: RevisionOptions,
): Promise<{ version: number; pruned: string[] }> {
  const newest = await newestRevision(trx, subject, subjectId);
  const current = newest?.version ?? 0;
  if (expectedVersion !== undefined && expectedVersion !== current)
    throw new EditConflict(newest ?? null);
  const previous = newest?.data ?? before;
  const changed = changedFields(previous, after);
  const now = new Date().toISOString();
  const rows = [];
  if (!newest)
    rows.push({ version: 1, data: before, changed: [], user_id: null, user_name: "", at: now });
  if (changed.length > 0)
    rows.push({
      version: current + rows.length + 1,
      data: after,
      changed,
      user_id: actor?.id ?? null,
      user_name: actor?.name ?? "",
      at: now,
    });
  if (rows.length === 0) return { version: current, pruned: [] };
  try {
    await trx
      .insertInto("revisions")
      .values(
        rows.map((row) => ({
          subject,
          subject_id: subjectId,
          version: row.version,
          data: JSON.stringify(row.data),
          changed: JSON.stringify(row.changed),
          user_id: row.user_id,
          user_name: row.user_name,
          created_at: row.at,
        })),
      )
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new RevisionRace();
    throw error;
  }
  const version = rows.at(-1)!.version;
  return { version, pruned: await prune(trx, subject, subjectId, version - keep) };
}

/** Deletes the revisions at or below `upTo` that are older than a week; answers their picture keys. */
async function prune(
  trx: DB,
  subject: RevisionSubject,
  subjectId: number,
  upTo: number,
): Promise<string[]> {
  if (upTo < 1) return [];
  const cutoff = new Date(Date.now() - KEEP_YOUNGER_THAN_MS).toISOString();
  const removed = await trx
    .deleteFrom("revisions")
    .where("subject", "=", subject)
    .where("subject_id", "=", subjectId)
    .where("version", "<=", upTo)
    .where("created_at", "<", cutoff)
    .returning("data")
    .execute();
  const keys = new Set<string>();
  for (const row of removed) {
    const data = JSON.parse(row.data) as RevisionData;
    for (const field of FILE_FIELDS) if (typeof data[field] === "string") keys.add(data[field]);
  }
  return [...keys];
}

/**
 * Runs a save and its keepRevision in one transaction. A save that lost a race for its version
 * to another one answers 409 with the winner's revision.
 */
export async function revisionTransaction<T>(
  db: DB,
  subject: RevisionSubject,
  subjectId: number,
  work: (trx: DB) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof RevisionRace)
      throw new EditConflict((await newestRevision(db, subject, subjectId)) ?? null);
    throw error;
  }
}

/** Whether a picture key is still named by a revision, a live row or the trash. */
export async function fileInUse(db: DB, key: string): Promise<boolean> {
  const pattern = `%${JSON.stringify(key).slice(1, -1)}%`;
  const hits = await db
    .selectFrom("revisions")
    .select("id")
    .where("data", "like", pattern)
    .unionAll(db.selectFrom("entries").select("id").where("image", "=", key))
    .unionAll(db.selectFrom("widgets").select("id").where("image", "=", key))
    .unionAll(db.selectFrom("entry_images").select("id").where("path", "=", key))
    .unionAll(db.selectFrom("trash").select("id").where("files", "like", pattern))
    .limit(1)
    .execute();
  return hits.length > 0;
}

/** Deletes the files of pictures nothing names any more (after a replace, or a prune). */
export async function releaseFiles(
  db: DB,
  storage: StorageDriver,
  keys: (string | null | undefined)[],
): Promise<void> {
  for (const key of new Set(keys)) {
    if (key && !(await fileInUse(db, key))) await deleteImage(storage, key);
  }
}
