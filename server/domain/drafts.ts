import type { DB } from "../db/database.ts";
import type { RevisionSubject } from "../db/schema.ts";

/** What an edit form held when autosave last wrote it (record 030): one per user and item. */
export type Draft = { version: number | null; data: Record<string, string>; saved_at: string };

export type DraftKey = { userId: number; subject: RevisionSubject; subjectId: number };

export async function findDraft(db: DB, key: DraftKey): Promise<Draft | undefined> {
  const row = await db
    .selectFrom("drafts")
    .select(["version", "data", "saved_at"])
    .where("user_id", "=", key.userId)
    .where("subject", "=", key.subject)
    .where("subject_id", "=", key.subjectId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    version: row.version,
    data: JSON.parse(row.data) as Draft["data"],
    saved_at: row.saved_at,
  };
}

/** Writes the user's draft of the item, replacing the one before; answers when it was saved. */
export async function saveDraft(
  db: DB,
  key: DraftKey,
  draft: { version: number | null; data: Record<string, string> },
): Promise<string> {
  const savedAt = new Date().toISOString();
  const values = { version: draft.version, data: JSON.stringify(draft.data), saved_at: savedAt };
  await db
    .insertInto("drafts")
    .values({ user_id: key.userId, subject: key.subject, subject_id: key.subjectId, ...values })
    .onConflict((conflict) =>
      conflict.columns(["user_id", "subject", "subject_id"]).doUpdateSet(values),
    )
    .execute();
  return savedAt;
}

/** Removes the user's draft of the item, if there is one (a discard, or a successful save). */
export async function deleteDraft(db: DB, key: DraftKey): Promise<void> {
  await db
    .deleteFrom("drafts")
    .where("user_id", "=", key.userId)
    .where("subject", "=", key.subject)
    .where("subject_id", "=", key.subjectId)
    .execute();
}
