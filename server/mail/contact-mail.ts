import { renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

export type ContactMailInput = {
  name: string;
  telephone: string;
  email: string;
  message: string;
  created_at: string;
};

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** A visitor's message to the foundation; answering the mail answers the visitor. */
export function contactMessageMail(
  siteName: string,
  to: string,
  input: ContactMailInput,
): MailMessage {
  const name = oneLine(input.name);
  return {
    to,
    replyTo: { name, address: input.email },
    subject: `${siteName}: Contact message from ${name}`,
    ...renderMail({
      siteName,
      greeting: "Hello,",
      lines: [
        `A visitor wrote through the contact form on ${input.created_at.slice(0, 10)}.`,
        `Name: ${name}`,
        `Telephone: ${oneLine(input.telephone) || "—"}`,
        `Email: ${input.email}`,
        "Message:",
        ...input.message.split(/\r?\n/).filter((line) => line.trim() !== ""),
      ],
      outro: [`Reply to this mail to answer ${name}.`],
    }),
  };
}
