import { type Selectable, sql } from "kysely";
import type { DB } from "../db/database.ts";
import type {
  ActivityTable,
  ContactMessagesTable,
  DraftsTable,
  RevisionsTable,
  SessionsTable,
} from "../db/schema.ts";
import type { User } from "../types.ts";

/**
 * Everything the site keeps about one member (our extension, record 037), read for their own
 * download: the account row, where they are signed in, what they did (the activity log's lines
 * of theirs and the lines staff wrote about their account), their autosaved drafts and the
 * versions they saved, and the messages sent from their address through the contact form.
 * Testimonials name people by the name an admin typed and link to no account, so none is theirs
 * by any rule this could follow.
 */
export type AccountData = {
  user: User;
  sessions: Pick<Selectable<SessionsTable>, "ip_address" | "user_agent" | "last_activity">[];
  activity: Selectable<ActivityTable>[];
  activityAboutThem: Selectable<ActivityTable>[];
  drafts: (Omit<Selectable<DraftsTable>, "data"> & { data: Record<string, string> })[];
  revisions: (Omit<Selectable<RevisionsTable>, "changed"> & { changed: string[] })[];
  contactMessages: Selectable<ContactMessagesTable>[];
};

export async function collectAccountData(db: DB, user: User): Promise<AccountData> {
  const [sessions, activity, activityAboutThem, drafts, revisions, contactMessages] =
    await Promise.all([
      db
        .selectFrom("sessions")
        .select(["ip_address", "user_agent", "last_activity"])
        .where("user_id", "=", user.id)
        .orderBy("last_activity", "desc")
        .execute(),
      db
        .selectFrom("activity")
        .selectAll()
        .where("user_id", "=", user.id)
        .orderBy("id", "desc")
        .execute(),
      db
        .selectFrom("activity")
        .selectAll()
        .where("subject", "=", "user")
        .where("subject_id", "=", user.id)
        .where((eb) => eb.or([eb("user_id", "is", null), eb("user_id", "!=", user.id)]))
        .orderBy("id", "desc")
        .execute(),
      db.selectFrom("drafts").selectAll().where("user_id", "=", user.id).orderBy("id").execute(),
      db
        .selectFrom("revisions")
        .selectAll()
        .where("user_id", "=", user.id)
        .orderBy("id", "desc")
        .execute(),
      // Only a verified address proves the messages sent from it are the member's own.
      user.email_verified_at === null
        ? Promise.resolve([])
        : db
            .selectFrom("contact_messages")
            .selectAll()
            .where(sql<string>`lower(email)`, "=", user.email)
            .orderBy("id", "desc")
            .execute(),
    ]);
  return {
    user,
    sessions,
    activity,
    activityAboutThem,
    drafts: drafts.map((draft) => ({ ...draft, data: JSON.parse(draft.data) })),
    revisions: revisions.map((revision) => ({
      ...revision,
      changed: JSON.parse(revision.changed),
    })),
    contactMessages,
  };
}
