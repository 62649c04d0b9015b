import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import type { DB } from "../db/database.ts";
import { mailSender } from "./identity.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about: logged when the mail goes to the outbox instead of SMTP. */
  link?: string;
  /** Where a reply goes, when not to the sender (a contact message: the visitor). */
  replyTo?: { name: string; address: string };
};

export type Mailer = {
  /** Sends now; never throws: a failure is logged and answered with false. */
  send(message: MailMessage): Promise<boolean>;
  /**
   * Sends in the background, after the current request's work, so the answer neither waits
   * for nor depends on SMTP. Given a function, that function prepares the mail in the
   * background too (and may decide there is none to send).
   */
  queue(message: MailMessage | (() => Promise<MailMessage | undefined>)): void;
  /** Resolves once every queued mail has been handed over (or has failed). */
  flush(): Promise<void>;
  close(): Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** What the mailer logs with: the API's pino logger, or a command's own lines. */
export type MailLog = Pick<FastifyBaseLogger, "info" | "error">;

type MailerOptions = {
  config: Pick<Config, "smtpUrl" | "dataDir" | "mailFrom" | "appUrl">;
  db: DB;
  log: MailLog;
  /** Hears of each mail the server did not take (the metrics count them). */
  onFailure?: () => void;
};

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under
 * DATA_DIR/mail/ and its link logged, so a fresh install can still verify and reset.
 */
export function createMailer({ config, db, log, onFailure }: MailerOptions): Mailer {
  const outbox = config.smtpUrl ? null : path.join(config.dataDir, "mail");
  // Loaded with the first mail: nodemailer costs the API's process about 14 MB from its start,
  // and most hours pass without a mail.
  let transport: Promise<Transporter> | undefined;
  const openTransport = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport({
            url: config.smtpUrl,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    ));
  const pending = new Set<Promise<unknown>>();

  async function send(message: MailMessage): Promise<boolean> {
    try {
      const info = await (
        await openTransport()
      ).sendMail({
        from: await mailSender(db, config),
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (outbox) {
        await mkdir(outbox, { recursive: true });
        const file = path.join(
          outbox,
          `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
        );
        await writeFile(file, info.message as Buffer);
        log.info(
          { to: message.to, subject: message.subject, file, link: message.link },
          "mail written to outbox",
        );
      } else {
        log.info({ to: message.to, subject: message.subject }, "mail sent");
      }
      return true;
    } catch (error) {
      log.error({ err: error, to: message.to, subject: message.subject }, "mail delivery failed");
      onFailure?.();
      return false;
    }
  }

  return {
    send,
    queue(message) {
      const delivery = new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => {
          const prepared = typeof message === "function" ? await message() : message;
          if (prepared) await send(prepared);
        })
        .catch((error: unknown) => log.error({ err: error }, "mail preparation failed"))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async flush() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      await this.flush();
      (await transport)?.close();
    },
  };
}
