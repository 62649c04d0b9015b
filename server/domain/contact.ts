import type { FastifyBaseLogger } from "fastify";
import type { Selectable } from "kysely";
import type { Config } from "../config.ts";
import type { DB } from "../db/database.ts";
import type { ContactMessagesTable } from "../db/schema.ts";
import { contactMessageMail } from "../mail/contact-mail.ts";
import { siteName } from "../mail/identity.ts";
import type { Mailer } from "../mail/mailer.ts";
import { getSettings } from "./settings.ts";

export type ContactMessage = Selectable<ContactMessagesTable>;

export type ContactInput = { name: string; telephone: string; email: string; message: string };

/**
 * Keeps a visitor's message. It is stored before any mail is tried, so a message is never lost
 * to a mail server that is down: the outbox below mails it, now or on a later pass.
 */
export async function storeContactMessage(
  db: DB,
  input: ContactInput,
  ip: string | null,
): Promise<ContactMessage> {
  return db
    .insertInto("contact_messages")
    .values({
      ...input,
      ip,
      mailed_at: null,
      mail_claimed_at: null,
      state: "unread",
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Messages the outbox has yet to mail (the mail server down, or no recipient set). */
export async function countUnmailedContactMessages(db: DB): Promise<number> {
  const row = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("mailed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How often the outbox looks for messages a failed attempt left unmailed. */
export const CONTACT_RETRY_MS = 5 * 60 * 1000;
/** A claim older than this belongs to an attempt that died with its process: take the message again. */
const CLAIM_EXPIRES_MS = 10 * 60 * 1000;
const MESSAGES_PER_PASS = 100;

export type ContactOutboxContext = {
  db: DB;
  mailer: Mailer;
  config: Pick<Config, "contactTo">;
  log: FastifyBaseLogger;
};

/** CONTACT_TO, else the email address in the site settings; undefined when there is neither. */
async function contactRecipient({ db, config }: ContactOutboxContext): Promise<string | undefined> {
  return config.contactTo ?? ((await getSettings(db)).email.trim() || undefined);
}

/**
 * Mails every message not mailed yet, oldest first, and records each success in `mailed_at`.
 * Each message is claimed first, so two API instances never mail the same one. Stops at the
 * first failure (the mail server is most likely down for all of them): the claim is released
 * and a later pass tries again. Answers how many were mailed.
 */
export async function mailPendingContactMessages(ctx: ContactOutboxContext): Promise<number> {
  const { db, mailer, log } = ctx;
  const pending = await db
    .selectFrom("contact_messages")
    .selectAll()
    .where("mailed_at", "is", null)
    .orderBy("id", "asc")
    .limit(MESSAGES_PER_PASS)
    .execute();
  if (pending.length === 0) return 0;
  const to = await contactRecipient(ctx);
  if (!to) {
    log.warn(
      { pending: pending.length },
      "contact messages not mailed: set CONTACT_TO or the email address in the site settings",
    );
    return 0;
  }
  const name = await siteName(db);
  let mailed = 0;
  for (const message of pending) {
    const now = new Date();
    const staleBefore = new Date(now.getTime() - CLAIM_EXPIRES_MS).toISOString();
    const claim = await db
      .updateTable("contact_messages")
      .set({ mail_claimed_at: now.toISOString() })
      .where("id", "=", message.id)
      .where("mailed_at", "is", null)
      .where((eb) =>
        eb.or([eb("mail_claimed_at", "is", null), eb("mail_claimed_at", "<", staleBefore)]),
      )
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;

    const sent = await mailer.send(contactMessageMail(name, to, message));
    await db
      .updateTable("contact_messages")
      .set(sent ? { mailed_at: new Date().toISOString() } : { mail_claimed_at: null })
      .where("id", "=", message.id)
      .execute();
    if (!sent) {
      log.warn({ contactMessageId: message.id }, "contact message kept to mail again later");
      break;
    }
    mailed += 1;
  }
  return mailed;
}

/** Runs mail passes in the background: on demand, and every CONTACT_RETRY_MS once started. */
export type ContactOutbox = {
  /** Starts a pass soon; a request during a pass gets one more pass after it. */
  deliver(): void;
  /** A pass now, then one every CONTACT_RETRY_MS. */
  start(): void;
  /** Resolves once no pass is running. */
  settle(): Promise<void>;
  /** No more passes; resolves once the running one has ended. */
  stop(): Promise<void>;
};

export function createContactOutbox(ctx: ContactOutboxContext): ContactOutbox {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const passes = async () => {
    do {
      again = false;
      try {
        await mailPendingContactMessages(ctx);
      } catch (error) {
        ctx.log.error({ err: error }, "contact mail pass failed");
      }
    } while (again && !stopped);
  };

  const outbox: ContactOutbox = {
    deliver() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = new Promise<void>((resolve) => setImmediate(resolve)).then(passes).finally(() => {
        running = undefined;
      });
    },
    start() {
      if (stopped || timer) return;
      outbox.deliver();
      timer = setInterval(() => outbox.deliver(), CONTACT_RETRY_MS);
      timer.unref();
    },
    async settle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await outbox.settle();
    },
  };
  return outbox;
}
