import type { DB } from "../db/database.ts";
import { MAX_ID, type ContactMessageState } from "../db/schema.ts";
import { recordActivity } from "./activity.ts";
import type { ContactMessage } from "./contact.ts";
import type { PageRequest } from "./paging.ts";
import { matchesSearch } from "./text-search.ts";
import type { TrashWho } from "./trash.ts";

/**
 * The admins' side of the contact messages (record 036): each is unread, read or archived; the
 * list filters by state and searches name, email and text. Deleting one moves it to the trash
 * (trash.ts). Activity lines name the sender, never the message.
 */

export const MESSAGE_STATES = [
  "unread",
  "read",
  "archived",
] as const satisfies ContactMessageState[];

/** What `?state=` asks for: the inbox is every message not archived. */
export const MESSAGE_FILTERS = {
  inbox: ["unread", "read"],
  unread: ["unread"],
  read: ["read"],
  archived: ["archived"],
} as const satisfies Record<string, readonly ContactMessageState[]>;
export type MessageFilter = keyof typeof MESSAGE_FILTERS;

export const MESSAGES_SCREEN = "/admin/messages";

/** How a message is named where its text must not go: the trash, the activity log. */
export const messageTitle = (message: Pick<ContactMessage, "name">) =>
  `Message from ${message.name.replace(/\s+/g, " ").trim()}`;

/** One page of the messages, newest first, of the state and search asked for; and the total. */
export async function listContactMessages(
  db: DB,
  { page, limit, q }: PageRequest,
  filter?: MessageFilter,
): Promise<{ messages: ContactMessage[]; total: number }> {
  const matching = db
    .selectFrom("contact_messages")
    .$if(filter !== undefined, (qb) => qb.where("state", "in", MESSAGE_FILTERS[filter!]))
    .$if(q !== undefined, (qb) => qb.where(matchesSearch(["name", "email", "message"], q ?? "")));
  const { total } = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  if (page * limit >= Number(total)) return { messages: [], total: Number(total) };
  const messages = await matching
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(page * limit)
    .execute();
  return { messages, total: Number(total) };
}

/** How many messages nobody has marked read or archived yet. */
export async function countUnreadMessages(db: DB): Promise<number> {
  const { unread } = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number | string>().as("unread"))
    .where("state", "=", "unread")
    .executeTakeFirstOrThrow();
  return Number(unread);
}

/** The activity log's verb for a message moved into each state. */
const STATE_ACTIONS: Record<ContactMessageState, string> = {
  unread: "marked_unread",
  read: "marked_read",
  archived: "archived",
};

/**
 * Puts a message into `state` and logs it (a message already there is answered unchanged and
 * logged again: the admin did press the button). Undefined when there is no such message.
 */
export async function setMessageState(
  db: DB,
  who: TrashWho,
  id: number,
  state: ContactMessageState,
): Promise<ContactMessage | undefined> {
  if (id > MAX_ID) return undefined;
  return db.transaction().execute(async (trx) => {
    const message = await trx
      .updateTable("contact_messages")
      .set({ state })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!message) return undefined;
    await recordActivity(trx, who.actor, {
      action: STATE_ACTIONS[state],
      subject: "contact_message",
      subjectId: id,
      title: messageTitle(message),
      link: MESSAGES_SCREEN,
      ipAddress: who.ipAddress,
    });
    return message;
  });
}
