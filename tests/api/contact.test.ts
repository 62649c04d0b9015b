import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { CONTACT_RETRY_MS } from "../../server/domain/contact.ts";
import { clientAs, postForm } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { type SmtpSink, startSmtpSink, unusedPort } from "../support/smtp-sink.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

const SENT = { message: "Your message was sent successfully" };
const CONTACT_TO = "desk@foundation.example";

const valid = {
  name: "Nia Visitor",
  telephone: "+44 20 7946 0000",
  email: "nia@example.org",
  message: "Hello!\nCan I volunteer on Saturdays?",
};

let ipCounter = 0;
/** Each test writes from its own address, so the per-IP throttle counts only its own messages. */
const nextIp = () => `203.0.113.${++ipCounter}`;

/** A visitor's POST /api/contact through the web tier, which names the visitor's address. */
async function send(api: TestApi, body: unknown, ip = nextIp()) {
  const visitor = api.client();
  await visitor.csrf();
  return visitor.post("/api/contact", body, { headers: { "X-Forwarded-For": ip } });
}

async function freshApi(env: Record<string, string> = {}): Promise<TestApi> {
  const own = await startTestApi(env);
  onTestFinished(() => own.close());
  return own;
}

async function messagesOf(api: TestApi, query = "") {
  const admin = await clientAs(api, "admin");
  const response = await admin.get(`/api/contact-messages${query}`);
  expect(response.status).toBe(200);
  return response.body as { results: any[]; total: number };
}

let sink: SmtpSink;
let api: TestApi;

beforeAll(async () => {
  sink = await startSmtpSink();
  api = await startTestApi({ SMTP_URL: sink.url, CONTACT_TO });
});
afterAll(async () => {
  await api?.close();
  await sink?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/contact", () => {
  it("stores the message with the visitor's address, answers 201 and mails CONTACT_TO", async () => {
    const email = `sender-${nextIp()}@example.org`;
    const response = await send(api, { ...valid, email }, "198.51.100.7");
    expect(response.status).toBe(201);
    expect(response.body).toEqual(SENT);

    const mail = await sink.waitFor((m) => m.headers.get("reply-to")?.includes(email) ?? false);
    expect(mail.to).toEqual([CONTACT_TO]);
    expect(mail.subject).toBe("Almoner: Contact message from Nia Visitor");
    expect(mail.headers.get("reply-to")).toBe(`Nia Visitor <${email}>`);
    expect(mail.text).toContain("Name: Nia Visitor");
    expect(mail.text).toContain("Telephone: +44 20 7946 0000");
    expect(mail.text).toContain(`Email: ${email}`);
    expect(mail.text).toContain("Hello!\nCan I volunteer on Saturdays?");
    expect(mail.text).toContain("Reply to this mail to answer Nia Visitor.");
    expect(mail.html).toContain('<p style="margin:0 0 16px">Can I volunteer on Saturdays?</p>');

    await api.app.contactOutbox.settle();
    const stored = (await messagesOf(api)).results.find((m) => m.email === email);
    expect(stored).toEqual({
      id: expect.any(Number),
      name: "Nia Visitor",
      telephone: "+44 20 7946 0000",
      email,
      message: "Hello!\nCan I volunteer on Saturdays?",
      state: "unread",
      created_at: expect.any(String),
      mailed_at: expect.any(String),
    });
    const row = await api.database.db
      .selectFrom("contact_messages")
      .select("ip")
      .where("id", "=", stored.id)
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe("198.51.100.7");
  });

  it("takes a multipart form too, and an absent telephone as empty", async () => {
    const email = `form-${nextIp()}@example.org`;
    const visitor = await clientAs(api, "anonymous");
    const response = await postForm(visitor, "/api/contact", {
      name: "  Form Sender ",
      email,
      message: " By form ",
    });
    expect(response.status).toBe(201);
    await api.app.contactOutbox.settle();
    const stored = (await messagesOf(api)).results.find((m) => m.email === email);
    expect(stored).toMatchObject({ name: "Form Sender", telephone: "", message: "By form" });
  });

  it("escapes the visitor's words in the HTML mail", async () => {
    const email = `escape-${nextIp()}@example.org`;
    await send(api, { ...valid, email, name: "Eve <b>", message: "<script>alert(1)</script>" });
    const mail = await sink.waitFor((m) => m.headers.get("reply-to")?.includes(email) ?? false);
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
  });

  it("mails the settings' email address when CONTACT_TO is not set", async () => {
    const own = await freshApi({ SMTP_URL: sink.url });
    await own.database.db
      .insertInto("settings")
      .values({ key: "email", value: "office@charity.example" })
      .execute();
    const email = `settings-${nextIp()}@example.org`;
    expect((await send(own, { ...valid, email })).status).toBe(201);
    const mail = await sink.waitFor((m) => m.headers.get("reply-to")?.includes(email) ?? false);
    expect(mail.to).toEqual(["office@charity.example"]);
  });

  it("keeps the message unmailed while there is nobody to mail it to", async () => {
    const own = await freshApi({ SMTP_URL: sink.url });
    expect((await send(own, valid)).status).toBe(201);
    await own.app.contactOutbox.settle();
    const { results } = await messagesOf(own);
    expect(results).toEqual([expect.objectContaining({ email: valid.email, mailed_at: null })]);
  });

  it.each([
    [
      "nothing",
      {},
      {
        name: ["The name field is required."],
        email: ["The email field is required."],
        message: ["The message field is required."],
      },
    ],
    [
      "blank fields",
      { name: "  ", telephone: "", email: " ", message: "\n" },
      {
        name: ["The name field is required."],
        email: ["The email field is required."],
        message: ["The message field is required."],
      },
    ],
    [
      "an address that is no email",
      { ...valid, email: "nia at example" },
      { email: ["The email field must be a valid email address."] },
    ],
    [
      "a name of 256 characters",
      { ...valid, name: "n".repeat(256) },
      { name: ["The name field must not be greater than 255 characters."] },
    ],
    [
      "a telephone of 51 characters",
      { ...valid, telephone: "1".repeat(51) },
      { telephone: ["The telephone field must not be greater than 50 characters."] },
    ],
    [
      "a message of 5001 characters",
      { ...valid, message: "m".repeat(5001) },
      { message: ["The message field must not be greater than 5000 characters."] },
    ],
    [
      "numbers and lists",
      { name: 42, telephone: 123, email: ["a@b.org"], message: { text: "hi" } },
      {
        name: ["The name field must be a string."],
        telephone: ["The telephone field must be a string."],
        email: ["The email field must be a string."],
        message: ["The message field must be a string."],
      },
    ],
  ])("answers 422 per field to %s and keeps nothing", async (_case, body, errors) => {
    const own = await freshApi({ SMTP_URL: sink.url, CONTACT_TO });
    const response = await send(own, body);
    expect(response.status).toBe(422);
    const messages = Object.values(errors).flat();
    const more = messages.length - 1;
    expect(response.body).toEqual({
      message:
        more === 0
          ? messages[0]
          : `${messages[0]} (and ${more} more ${more === 1 ? "error" : "errors"})`,
      errors,
    });
    expect((await messagesOf(own)).total).toBe(0);
  });

  it("answers a filled honeypot as a success, without keeping or mailing anything", async () => {
    const own = await freshApi({ SMTP_URL: sink.url, CONTACT_TO });
    const email = `bot-${nextIp()}@example.org`;
    for (const body of [
      { ...valid, email, name__confirm: "http://spam.example" },
      { name__confirm: "x" },
    ]) {
      const response = await send(own, body);
      expect(response.status).toBe(201);
      expect(response.body).toEqual(SENT);
    }
    await own.app.contactOutbox.settle();
    expect((await messagesOf(own)).total).toBe(0);
    expect(sink.messages.some((m) => m.headers.get("reply-to")?.includes(email))).toBe(false);
  });

  it("accepts an empty honeypot, as the web tier's form sends it", async () => {
    const response = await send(api, { ...valid, name__confirm: "" });
    expect(response.status).toBe(201);
  });

  it("answers 429 past 5 messages in 10 minutes from one address, counting invalid ones", async () => {
    const own = await freshApi({ SMTP_URL: sink.url, CONTACT_TO });
    const ip = nextIp();
    for (let i = 0; i < 4; i += 1) expect((await send(own, valid, ip)).status).toBe(201);
    expect((await send(own, {}, ip)).status).toBe(422);
    const refused = await send(own, valid, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "Too Many Attempts." });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // A bot's filled honeypot is refused the same way once its address is locked.
    expect((await send(own, { name__confirm: "x" }, ip)).status).toBe(429);
    // Another visitor is not held up.
    expect((await send(own, valid, nextIp())).status).toBe(201);
    expect((await messagesOf(own)).total).toBe(5);
  });

  it("lets the window pass: 10 minutes later the address may write again", async () => {
    const own = await freshApi({ SMTP_URL: sink.url, CONTACT_TO });
    const ip = nextIp();
    vi.useFakeTimers({ toFake: ["Date"] });
    for (let i = 0; i < 5; i += 1) await send(own, valid, ip);
    expect((await send(own, valid, ip)).status).toBe(429);
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect((await send(own, valid, ip)).status).toBe(201);
  });

  it("answers 419 to a signed-in visitor's message without the XSRF token", async () => {
    const member = await clientAs(api, "member");
    const response = await member.post("/api/contact", valid, { xsrf: false });
    expect(response.status).toBe(419);
  });

  it("answers a 4xx, never a 5xx, to bodies that are no form", async () => {
    for (const [body, type] of [
      ["[1,2]", "application/json"],
      ["{broken", "application/json"],
      ["name=x", "application/x-www-form-urlencoded"],
      ["--x\r\n", "multipart/form-data; boundary=x"],
    ] as const) {
      const response = await fetch(`${api.url}/api/contact`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": type, "X-Forwarded-For": nextIp() },
        body,
      });
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      expect(response.headers.get("content-type"), body).toMatch(/json/);
    }
  });
});

describe("a mail server that is down", () => {
  async function apiWithMailServerDown() {
    const port = await unusedPort();
    const own = await freshApi({ SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_TO });
    const first = { ...valid, email: `first-${nextIp()}@example.org` };
    expect(await send(own, first)).toMatchObject({ status: 201, body: SENT });
    await own.app.contactOutbox.settle();
    expect((await messagesOf(own)).results).toEqual([
      expect.objectContaining({ email: first.email, mailed_at: null }),
    ]);
    return { own, port, first };
  }

  it("keeps the message and mails it with the next one once the server is back", async () => {
    const { own, port, first } = await apiWithMailServerDown();
    const back = await startSmtpSink({ port });
    onTestFinished(() => back.close());

    const second = { ...valid, email: `second-${nextIp()}@example.org` };
    expect((await send(own, second)).status).toBe(201);
    await back.waitFor((m) => m.headers.get("reply-to")?.includes(first.email) ?? false);
    await back.waitFor((m) => m.headers.get("reply-to")?.includes(second.email) ?? false);
    await own.app.contactOutbox.settle();
    expect(back.messages).toHaveLength(2);
    const { results } = await messagesOf(own);
    expect(results.map((m) => [m.email, typeof m.mailed_at])).toEqual([
      [second.email, "string"],
      [first.email, "string"],
    ]);
  });

  it("mails it on the next retry pass, 5 minutes later, without another message", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { own, port, first } = await apiWithMailServerDown();
    const back = await startSmtpSink({ port });
    onTestFinished(() => back.close());

    vi.advanceTimersByTime(CONTACT_RETRY_MS);
    const mail = await back.waitFor(
      (m) => m.headers.get("reply-to")?.includes(first.email) ?? false,
    );
    expect(mail.to).toEqual([CONTACT_TO]);
    await own.app.contactOutbox.settle();
    expect((await messagesOf(own)).results[0].mailed_at).toEqual(expect.any(String));
  });

  it("mails a message once when two API instances on one database try at the same time", async () => {
    const { own, port, first } = await apiWithMailServerDown();
    const back = await startSmtpSink({ port });
    onTestFinished(() => back.close());
    const { buildApp } = await import("../../server/app.ts");
    const other = await buildApp({ config: own.config, database: own.database, logger: false });
    onTestFinished(() => other.close());

    own.app.contactOutbox.deliver();
    await other.ready();
    await Promise.all([own.app.contactOutbox.settle(), other.contactOutbox.settle()]);
    expect(back.messages.map((m) => m.headers.get("reply-to"))).toEqual([
      `Nia Visitor <${first.email}>`,
    ]);
  });

  it("mails a message left from before a restart on start", async () => {
    const { own, port } = await apiWithMailServerDown();
    const back = await startSmtpSink({ port });
    onTestFinished(() => back.close());
    // A second API on the same database stands for the restarted one.
    const { buildApp } = await import("../../server/app.ts");
    const restarted = await buildApp({
      config: own.config,
      database: own.database,
      logger: false,
    });
    await restarted.ready();
    await restarted.contactOutbox.settle();
    await restarted.close();
    expect(back.messages).toHaveLength(1);
    expect((await messagesOf(own)).results[0].mailed_at).toEqual(expect.any(String));
  });
});

describe("GET /api/contact-messages", () => {
  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as const)("refuses %s with %i", async (who, status, message) => {
    const client: HttpClient = await clientAs(api, who);
    const response = await client.get("/api/contact-messages");
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  });

  it("lists the newest first, a page at a time", async () => {
    const own = await freshApi({ SMTP_URL: sink.url, CONTACT_TO });
    for (const n of [1, 2, 3]) {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(`2025-01-0${n}T10:00:00.000Z`));
      await send(own, { ...valid, name: `Visitor ${n}` });
      vi.useRealTimers();
    }
    const all = await messagesOf(own);
    expect(all.total).toBe(3);
    expect(all.results.map((m) => m.name)).toEqual(["Visitor 3", "Visitor 2", "Visitor 1"]);
    expect(all.results[0].created_at).toBe("2025-01-03T10:00:00.000Z");
    expect(await messagesOf(own, "?page=1&limit=2")).toMatchObject({
      results: [expect.objectContaining({ name: "Visitor 1" })],
      total: 3,
    });
    const past = { results: [], total: 3, unread: 3 };
    expect(await messagesOf(own, "?page=5&limit=2")).toEqual(past);
  });

  it.each([
    ["?limit=0", { limit: ["The limit field must be at least 1."] }],
    ["?limit=101", { limit: ["The limit field must not be greater than 100."] }],
    ["?page=x", { page: ["The page field must be an integer."] }],
  ])("answers 422 to %s", async (query, errors) => {
    const admin = await clientAs(api, "admin");
    const response = await admin.get(`/api/contact-messages${query}`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });
});
