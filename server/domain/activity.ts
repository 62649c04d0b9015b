import type { DB } from "../db/database.ts";

/** Who did something: a signed-in user (kept by id and by the name they had), or nobody known. */
export type Actor = { id: number; name: string } | null;

/**
 * One line of the activity log (record 030). `action` is a verb the Activity screen names, such as
 * "entry.created", "entry.saved", "trash.restored", "account.login_failed"; `subject` the kind of
 * item ("blog", "widget", "user", …) with its id, title and admin link. Never a password, a token
 * or a message body.
 */
export type ActivityRecord = {
  action: string;
  subject?: string | null;
  subjectId?: number | null;
  title?: string;
  link?: string | null;
  ipAddress?: string | null;
};

export async function recordActivity(db: DB, actor: Actor, record: ActivityRecord): Promise<void> {
  await db
    .insertInto("activity")
    .values({
      user_id: actor?.id ?? null,
      user_name: actor?.name ?? "",
      action: record.action,
      subject: record.subject ?? null,
      subject_id: record.subjectId ?? null,
      title: (record.title ?? "").slice(0, 200),
      link: record.link ?? null,
      ip_address: record.ipAddress ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
