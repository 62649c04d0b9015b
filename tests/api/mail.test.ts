import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../server/mail/mailer.ts";
import { linkIn, type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import {
  startTestApi,
  TEST_APP_URL,
  type TestApi,
  useApiMailingToSink,
} from "../support/test-api.ts";

/** A logger that keeps what it is given, to check what reaches the logs. */
function recordingLogger() {
  const entries: { level: string; data: unknown; message: unknown }[] = [];
  const logger = {} as Record<string, unknown>;
  for (const level of ["fatal", "error", "warn", "info", "debug", "trace"])
    logger[level] = (data: unknown, message?: unknown) => entries.push({ level, data, message });
  logger.child = () => logger;
  return { log: logger as unknown as FastifyBaseLogger, entries };
}

async function register(api: TestApi, email: string) {
  const client = api.client();
  await client.csrf();
  return client.post("/register", {
    firstname: "Otto",
    lastname: "Box",
    email,
    password: "a-long-password",
    password_confirmation: "a-long-password",
  });
}

describe("without SMTP_URL: the .eml outbox", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("writes each account mail as an .eml file under DATA_DIR/mail", async () => {
    const email = "outbox-member@example.org";
    expect((await register(api, email)).status).toBe(201);
    await api.app.mailer.flush();
    const outbox = path.join(api.config.dataDir, "mail");
    const files = readdirSync(outbox).filter((file) => file.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(eml).toMatch(/^Subject: Almoner: Verify Email Address$/m);
    expect(eml).toMatch(/^To: outbox-member@example\.org$/m);
    expect(eml).toMatch(/^From: Almoner <no-reply@web\.test>$/m);
    expect(eml).toContain("multipart/alternative");
  });

  it("logs the link at info level and nothing of the password", async () => {
    const { log, entries } = recordingLogger();
    const mailer = createMailer({ config: api.config, db: api.database.db, log });
    const link = `${TEST_APP_URL}/reset-password/abc?email=x%40example.org`;
    expect(
      await mailer.send({
        to: "x@example.org",
        subject: "S",
        text: `Go: ${link}`,
        html: "<p>Go</p>",
        link,
      }),
    ).toBe(true);
    await mailer.close();
    expect(entries).toEqual([
      {
        level: "info",
        data: { to: "x@example.org", subject: "S", file: expect.stringMatching(/\.eml$/), link },
        message: "mail written to outbox",
      },
    ]);
  });
});

describe("with SMTP_URL", () => {
  let api: TestApi;
  let sink: SmtpSink;
  useApiMailingToSink((started) => ({ api, sink } = started));
  afterEach(async () => {
    await api.database.db.deleteFrom("settings").execute();
  });

  it("sends text and HTML bodies with the foundation's name and settings sender", async () => {
    await api.database.db
      .insertInto("settings")
      .values([
        { key: "name", value: "Helping Hands Trust" },
        { key: "email", value: "hello@helping.example" },
      ])
      .execute();
    const email = "named-sender@example.org";
    expect((await register(api, email)).status).toBe(201);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.from).toBe("hello@helping.example");
    expect(mail.headers.get("from")).toBe("Helping Hands Trust <hello@helping.example>");
    expect(mail.subject).toBe("Helping Hands Trust: Verify Email Address");
    expect(mail.text).toContain("Hello Otto,");
    expect(mail.text).toContain("your Helping Hands Trust account");
    expect(mail.text).toMatch(/Regards,\nHelping Hands Trust/);
    const link = linkIn(mail.text, `${TEST_APP_URL}/email/verify/`);
    expect(mail.html).toContain("<h1");
    expect(mail.html).toContain("Helping Hands Trust");
    expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
  });

  it("escapes the foundation's name in HTML", async () => {
    await api.database.db
      .insertInto("settings")
      .values({ key: "name", value: "Tom & <Jerry>" })
      .execute();
    const email = "escaped@example.org";
    expect((await register(api, email)).status).toBe(201);
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.html).toContain("Tom &amp; &lt;Jerry&gt;");
    expect(mail.html).not.toContain("<Jerry>");
    expect(mail.subject).toBe("Tom & <Jerry>: Verify Email Address");
  });
});

describe("MAIL_FROM", () => {
  it("overrides the sender", async () => {
    const sink = await startSmtpSink();
    const api = await startTestApi({
      SMTP_URL: sink.url,
      MAIL_FROM: "Foundation Desk <desk@foundation.example>",
    });
    try {
      const email = "mail-from@example.org";
      expect((await register(api, email)).status).toBe(201);
      const mail = await sink.waitFor((m) => m.to.includes(email));
      expect(mail.headers.get("from")).toBe("Foundation Desk <desk@foundation.example>");
    } finally {
      await api.close();
      await sink.close();
    }
  });
});

describe("a failing SMTP server", () => {
  it("does not fail register or forgot-password; the failure is logged", async () => {
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const api = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = "smtp-down@example.org";
      expect((await register(api, email)).status).toBe(201);
      const client = api.client();
      await client.csrf();
      const forgot = await client.post("/forgot-password", { email });
      expect(forgot.status).toBe(200);
      expect(forgot.body).toEqual({ message: "We have emailed your password reset link." });
      await api.app.mailer.flush();

      const { log, entries } = recordingLogger();
      const mailer = createMailer({ config: api.config, db: api.database.db, log });
      expect(await mailer.send({ to: email, subject: "S", text: "t", html: "<p>t</p>" })).toBe(
        false,
      );
      await mailer.close();
      expect(entries).toEqual([
        {
          level: "error",
          data: { err: expect.any(Error), to: email, subject: "S" },
          message: "mail delivery failed",
        },
      ]);
    } finally {
      await api.close();
    }
  });
});
