import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";

export type SinkMailJson = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * For global-setup.ts: a real SMTP server the stack sends to (SMTP_URL), and a small HTTP
 * endpoint listing what it received, so tests in the worker processes can read the mails
 * (`E2E_MAIL_URL`, read by mail.ts).
 */
export async function startE2eMailSink(): Promise<{
  smtpUrl: string;
  mailUrl: string;
  close(): Promise<void>;
}> {
  const sink: SmtpSink = await startSmtpSink();
  const http: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/messages") {
      response.writeHead(404).end();
      return;
    }
    const messages: SinkMailJson[] = sink.messages.map(({ to, from, subject, text, html }) => ({
      to,
      from,
      subject,
      text,
      html,
    }));
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    smtpUrl: sink.url,
    mailUrl: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await sink.close();
    },
  };
}
