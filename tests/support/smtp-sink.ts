import { type AddressInfo, createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export type SunkMail = {
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  headers: Map<string, string>;
  text: string;
  html: string;
  raw: string;
};

export type SmtpSink = {
  url: string;
  messages: SunkMail[];
  /** Resolves with the first mail (already received or still to come) that matches; rejects after `timeoutMs`. */
  waitFor(match: (mail: SunkMail) => boolean, timeoutMs?: number): Promise<SunkMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server that keeps every message it is given (smtp-server, no TLS, no auth), on
 * `port` or a free one.
 */
export async function startSmtpSink({ port = 0 }: { port?: number } = {}): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  const waiters = new Set<{
    match: (mail: SunkMail) => boolean;
    resolve: (mail: SunkMail) => void;
  }>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = parseMail(
          raw,
          session.envelope.rcptTo.map((r) => r.address),
          session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        );
        messages.push(mail);
        for (const waiter of waiters) {
          if (waiter.match(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: SunkMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`No matching mail within ${timeoutMs} ms (received ${messages.length})`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first URL in the text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => url.startsWith(prefix));
  if (!found) throw new Error(`No link starting with ${prefix} in:\n${text}`);
  return found;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "").toLowerCase()) {
    case "quoted-printable": {
      const bytes = body
        .replace(/=\n/g, "")
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeTransfer(text.replace(/_/g, " "), "quoted-printable"),
    );
}

function leafParts(raw: string): { type: string; content: string }[] {
  const { headers, body } = splitEntity(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => leafParts(part.replace(/^\n/, "")));
  }
  return [
    {
      type: type.toLowerCase(),
      content: decodeTransfer(body, headers.get("content-transfer-encoding")),
    },
  ];
}

function parseMail(raw: string, to: string[], from: string): SunkMail {
  const { headers } = splitEntity(raw);
  const parts = leafParts(raw);
  return {
    to,
    from,
    subject: decodeWords(headers.get("subject") ?? ""),
    headers,
    text: parts.find((p) => p.type.startsWith("text/plain"))?.content ?? "",
    html: parts.find((p) => p.type.startsWith("text/html"))?.content ?? "",
    raw,
  };
}

/** A port on 127.0.0.1 that nothing listens on (now): a mail server that is down. */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
