import { expect } from "@playwright/test";
import type { SinkMailJson } from "./mail-sink.ts";

/** Every mail the stack has sent so far (through the SMTP sink of global-setup.ts). */
async function receivedMails(): Promise<SinkMailJson[]> {
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!mailUrl) {
    throw new Error(
      "E2E_MAIL_URL is not set: the mail sink only runs with the stack global-setup.ts starts",
    );
  }
  const response = await fetch(`${mailUrl}/messages`);
  return (await response.json()) as SinkMailJson[];
}

/** Waits (polling, no fixed sleep) for the newest mail to `to` whose subject matches. */
export async function waitForMail(to: string, subject: RegExp): Promise<SinkMailJson> {
  let found: SinkMailJson | undefined;
  await expect
    .poll(
      async () => {
        const mails = await receivedMails();
        found = mails.reverse().find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the mail's text that starts with `prefix` (e.g. the site's /reset-password/). */
export function linkIn(mail: SinkMailJson, prefix: string): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  const link = links
    .map((candidate) => candidate.replace(/&amp;/g, "&"))
    .find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in the mail "${mail.subject}"`);
  return link;
}

/** Waits (polling) for a mail to `to` whose text carries `text` (a token unique to the test). */
export async function waitForMailContaining(to: string, text: string): Promise<SinkMailJson> {
  let found: SinkMailJson | undefined;
  await expect
    .poll(
      async () => {
        const mails = await receivedMails();
        found = mails.find((mail) => mail.to.includes(to) && mail.text.includes(text));
        return found !== undefined;
      },
      { message: `a mail to ${to} saying ${text}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
