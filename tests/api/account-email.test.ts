import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { linkIn, type SmtpSink } from "../support/smtp-sink.ts";
import { TEST_APP_URL, type TestApi, useApiMailingToSink } from "../support/test-api.ts";

let api: TestApi;
let sink: SmtpSink;
useApiMailingToSink((started) => ({ api, sink } = started));
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;

/** Registers through the API and returns the signed-in client and the link from the mail. */
async function register(): Promise<{ client: HttpClient; email: string; link: string }> {
  const email = `verify-${Date.now()}-${++counter}@example.org`;
  const client = api.client();
  await client.csrf();
  const password = "a-long-password";
  const response = await client.post("/register", {
    firstname: "Vera",
    lastname: "Fied",
    email,
    password,
    password_confirmation: password,
  });
  expect(response.status).toBe(201);
  const mail = await sink.waitFor((m) => m.to.includes(email));
  return { client, email, link: linkIn(mail.text, `${TEST_APP_URL}/email/verify/`) };
}

/** What the web tier does with the link: forward its path and query to the API. */
const follow = (client: HttpClient, link: string) => {
  const url = new URL(link);
  return client.get(`${url.pathname}${url.search}`);
};

describe("GET /email/verify/{id}/{hash}", () => {
  it("marks the address verified (204) from the mailed link, and answers 204 again once verified", async () => {
    const { client, link } = await register();
    const response = await follow(client, link);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    const me = (await client.get("/api/user")).body.data;
    expect(me.email_verified_at).toEqual(expect.any(String));
    expect(Number.isNaN(Date.parse(me.email_verified_at))).toBe(false);
    expect((await follow(client, link)).status).toBe(204);
  });

  it("answers 401 when nobody is signed in", async () => {
    const { link } = await register();
    const response = await follow(api.client(), link);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });

  it("answers 403 'Invalid signature.' for a tampered link", async () => {
    const { client, link } = await register();
    const url = new URL(link);
    const tampered = [
      link.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === "0" ? "1" : "0"}`),
      link.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
      `${url.origin}${url.pathname}?expires=${url.searchParams.get("expires")}`,
      `${url.origin}${url.pathname}/x${url.search}`.replace(/\/x\?/, "0?"),
    ];
    for (const bad of tampered) {
      const response = await follow(client, bad);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: "Invalid signature." });
    }
    expect((await client.get("/api/user")).body.data.email_verified_at).toBeNull();
  });

  it("answers 403 'Invalid signature.' after 60 minutes", async () => {
    const { client, link } = await register();
    const session = (await client.cookie("almoner_session"))!;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60_000 });
    await api.database.db
      .updateTable("sessions")
      .set({ last_activity: Math.floor(Date.now() / 1000) })
      .where("id", "=", session)
      .execute();
    await client.setCookie("almoner_session", session);
    const response = await follow(client, link);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: "Invalid signature." });
  });

  it("answers 403 'This action is unauthorized.' for another member's link", async () => {
    const { link } = await register();
    const someoneElse = await createUser(api.database.db, { email_verified_at: null });
    const client = api.client();
    await signInAs(api.database.db, client, someoneElse);
    const response = await follow(client, link);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: "This action is unauthorized." });
  });
});

describe("POST /email/verification-notification", () => {
  it("answers 202 and mails a new link to an unverified member", async () => {
    const user = await createUser(api.database.db, { email_verified_at: null });
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.post("/email/verification-notification");
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ message: "verification-link-sent" });
    const mail = await sink.waitFor((m) => m.to.includes(user.email));
    const link = linkIn(mail.text, `${TEST_APP_URL}/email/verify/${user.id}/`);
    expect((await follow(client, link)).status).toBe(204);
    expect((await client.get("/api/user")).body.data.email_verified_at).not.toBeNull();
  });

  it("answers 204 when the address is already verified", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.post("/email/verification-notification");
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
  });

  it("answers 401 anonymous, 419 without the token and 429 past 6 a minute", async () => {
    const anonymous = api.client();
    await anonymous.csrf();
    expect((await anonymous.post("/email/verification-notification")).status).toBe(401);

    const user = await createUser(api.database.db, { email_verified_at: null });
    const client = api.client();
    await signInAs(api.database.db, client, user);
    expect(
      (await client.post("/email/verification-notification", undefined, { xsrf: false })).status,
    ).toBe(419);
    for (let i = 0; i < 6; i++)
      expect((await client.post("/email/verification-notification")).status).toBe(202);
    const locked = await client.post("/email/verification-notification");
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: "Too Many Attempts." });
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
