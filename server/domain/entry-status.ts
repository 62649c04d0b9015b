import type { DB } from "../db/database.ts";
import type { EntryKind, EntryStatus } from "../db/schema.ts";
import { updateEntry, type EntryChanges, type EntryContext, type SavedEntry } from "./entries.ts";
import { findEntry, SUMMARY_COLUMNS, type EntrySummary } from "./entry-queries.ts";
import { ValidationError } from "../errors.ts";
import { findRevision, type Revision, type RevisionOptions } from "./revisions.ts";
import { matchesSearch } from "./text-search.ts";

/**
 * What an admin reads of an entry's publication (record 031): a draft, a published entry whose
 * date is still ahead (scheduled, record 008), or one visitors see.
 */
export const LISTED_STATUSES = ["draft", "scheduled", "published"] as const;
export type ListedStatus = (typeof LISTED_STATUSES)[number];

/** The listed status of an entry now. */
export function listedStatus(
  entry: { status: EntryStatus; created_at: string },
  now = new Date().toISOString(),
): ListedStatus {
  if (entry.status === "draft") return "draft";
  return entry.created_at > now ? "scheduled" : "published";
}

/** A page of an admin list: every entry of the kind, or those of one status, matching a search. */
export type AdminEntryQuery = {
  page: number;
  limit: number;
  q?: string | undefined;
  status?: ListedStatus | undefined;
};

/**
 * One page of a kind's entries as an admin lists them, in the public order (the blog newest
 * first, the others in their drag order): drafts and scheduled ones included, narrowed to one
 * status and to a search of the title and slug when asked. Not kept: admins see changes at once.
 */
export async function listEntriesForAdmin(
  db: DB,
  kind: EntryKind,
  { page, limit, q, status }: AdminEntryQuery,
): Promise<{ entries: EntrySummary[]; total: number }> {
  const now = new Date().toISOString();
  const matching = db
    .selectFrom("entries")
    .where("kind", "=", kind)
    .$if(status === "draft", (qb) => qb.where("status", "=", "draft"))
    .$if(status === "scheduled", (qb) =>
      qb.where("status", "=", "published").where("created_at", ">", now),
    )
    .$if(status === "published", (qb) =>
      qb.where("status", "=", "published").where("created_at", "<=", now),
    )
    .$if(q !== undefined, (qb) => qb.where(matchesSearch(["title", "slug"], q ?? "")));
  const counted = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  if (page * limit >= total) return { entries: [], total };
  const ordered =
    kind === "blog"
      ? matching.orderBy("created_at", "desc").orderBy("id", "desc")
      : matching.orderBy("position", "asc").orderBy("id", "asc");
  const entries = await ordered
    .select(SUMMARY_COLUMNS)
    .limit(limit)
    .offset(page * limit)
    .execute();
  return { entries, total };
}

/** What a save did to an entry's publication, for the activity log: nothing, or one of these. */
export type StatusChange = "published" | "unpublished" | null;

/**
 * Saves an admin's changes (updateEntry), saying whether the save published the entry or took it
 * back to a draft. Undefined when there is no such entry.
 */
export async function saveEntryAndStatus(
  ctx: EntryContext,
  kind: EntryKind,
  id: number,
  changes: EntryChanges,
  revision: RevisionOptions,
): Promise<(SavedEntry & { statusChange: StatusChange }) | undefined> {
  const before =
    changes.status === undefined
      ? undefined
      : (await findEntry(ctx.db, kind, { id }, { includeScheduled: true }))?.entry.status;
  const saved = await updateEntry(ctx, kind, id, changes, revision);
  if (!saved) return undefined;
  const after = saved.entry.status;
  const statusChange =
    before === undefined || before === after
      ? null
      : after === "published"
        ? "published"
        : "unpublished";
  return { ...saved, statusChange };
}

/**
 * Publishes an entry or takes it back to a draft: a save of its status alone, so it keeps a
 * revision and refuses a stale version like any other (record 030). Publishing keeps the entry's
 * date: one still ahead makes it scheduled.
 */
export function setEntryStatus(
  ctx: EntryContext,
  kind: EntryKind,
  id: number,
  status: EntryStatus,
  revision: RevisionOptions,
) {
  return saveEntryAndStatus(ctx, kind, id, { status }, revision);
}

/** A publish that cannot be undone: it is not the entry's latest save, or it published nothing. */
export const NO_PUBLISH_TO_UNDO =
  "There is no publish to undo: this version did not publish the item.";

/**
 * Takes back the publish that saved `version` (record 059): the entry is a draft again with the
 * date it had before. A date nobody had chosen is unchosen again, so the real publish dates it
 * then (record 052). Refused with 409 once anything was saved after the publish, and with 422
 * under `version` when that version published nothing. Undefined when there is no such entry.
 */
export async function undoPublish(
  ctx: EntryContext,
  kind: EntryKind,
  id: number,
  version: number,
  revision: Omit<RevisionOptions, "expectedVersion">,
) {
  const [before, publish] = await Promise.all([
    findRevision(ctx.db, kind, id, version - 1),
    findRevision(ctx.db, kind, id, version),
  ]);
  if (before?.data.status !== "draft" || publish?.data.status !== "published") {
    if (!(await findEntry(ctx.db, kind, { id }, { includeScheduled: true }))) return undefined;
    throw ValidationError.field("version", NO_PUBLISH_TO_UNDO);
  }
  // The date the publish gave a draft nobody had dated (record 052) goes back with it; a date
  // chosen before, or typed and saved with the publish, stays as what staff saved.
  const datedByPublish = before.data.created_at === undefined && givenAtSave(publish);
  return saveEntryAndStatus(
    ctx,
    kind,
    id,
    { status: "draft", ...(datedByPublish ? { dateChosen: false } : {}) },
    { ...revision, expectedVersion: version },
  );
}

/**
 * Whether a revision's date is the moment it was saved: the date a publish gives, which nobody
 * types to the second.
 */
function givenAtSave(revision: Revision): boolean {
  const date = revision.data.created_at;
  if (typeof date !== "string") return false;
  return Math.abs(Date.parse(date) - Date.parse(revision.created_at)) < 60_000;
}
