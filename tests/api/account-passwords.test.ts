import { afterEach, describe, expect, it, vi } from "vitest";
import { createAdmin, createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { linkIn, type SmtpSink } from "../support/smtp-sink.ts";
import { TEST_APP_URL, type TestApi, useApiMailingToSink } from "../support/test-api.ts";

let api: TestApi;
let sink: SmtpSink;
useApiMailingToSink((started) => ({ api, sink } = started));
afterEach(() => {
  vi.useRealTimers();
});

const SENT = { message: "We have emailed your password reset link." };
const INVALID_TOKEN = {
  message: "This password reset token is invalid.",
  errors: { email: ["This password reset token is invalid."] },
};
let ipCounter = 0;

/** Each test comes from its own address, so the per-IP limit of one test does not touch another. */
async function visitor(): Promise<{ client: HttpClient; headers: Record<string, string> }> {
  const headers = { "X-Forwarded-For": `198.51.100.${++ipCounter}` };
  const client = api.client();
  await client.request("GET", "/sanctum/csrf-cookie", { headers });
  return { client, headers };
}

async function requestResetLink(email: string): Promise<{ token: string; link: string }> {
  const { client, headers } = await visitor();
  const response = await client.post("/forgot-password", { email }, { headers });
  expect(response.status).toBe(200);
  expect(response.body).toEqual(SENT);
  const mail = await sink.waitFor(
    (m) => m.to.includes(email) && m.subject.includes("Reset Password"),
  );
  const link = linkIn(mail.text, `${TEST_APP_URL}/reset-password/`);
  const url = new URL(link);
  expect(url.searchParams.get("email")).toBe(email);
  return { token: url.pathname.split("/").pop()!, link };
}

const newPassword = (token: string, email: string, password = "a-fresh-password-1") => ({
  token,
  email,
  password,
  password_confirmation: password,
});

describe("POST /forgot-password and POST /reset-password", () => {
  it("mails a single-use link; the reset changes the password and the old token is refused", async () => {
    const user = await createUser(api.database.db);
    const { token, link } = await requestResetLink(user.email);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(link).toBe(
      `${TEST_APP_URL}/reset-password/${token}?email=${encodeURIComponent(user.email)}`,
    );
    const mail = sink.messages.find((m) => m.text.includes(token))!;
    expect(mail.subject).toBe("Almoner: Reset Password Notification");
    expect(mail.text).toContain("This password reset link will expire in 60 minutes.");
    expect(mail.html).toContain(`href="${link}"`);
    const row = await api.database.db
      .selectFrom("password_reset_tokens")
      .selectAll()
      .where("email", "=", user.email)
      .executeTakeFirstOrThrow();
    expect(row.token).not.toContain(token);

    const { client, headers } = await visitor();
    const reset = await client.post("/reset-password", newPassword(token, user.email), { headers });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: "Your password has been reset." });

    const login = await visitor();
    const old = await login.client.post(
      "/login",
      { email: user.email, password: DEFAULT_PASSWORD },
      login,
    );
    expect(old.status).toBe(422);
    const fresh = await login.client.post(
      "/login",
      { email: user.email, password: "a-fresh-password-1" },
      login,
    );
    expect(fresh.status).toBe(200);

    const again = await client.post(
      "/reset-password",
      newPassword(token, user.email, "yet-another-pass"),
      { headers },
    );
    expect(again.status).toBe(422);
    expect(again.body).toEqual(INVALID_TOKEN);
  });

  it("answers the same for an unknown address and mails nobody", async () => {
    const { client, headers } = await visitor();
    const unknown = "nobody-here@example.org";
    const response = await client.post("/forgot-password", { email: unknown }, { headers });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(SENT);
    await api.app.mailer.flush();
    expect(sink.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it("signs the member out everywhere and ends remember cookies", async () => {
    const user = await createUser(api.database.db);
    const elsewhere = api.client();
    await signInAs(api.database.db, elsewhere, user);
    const remembered = await visitor();
    await remembered.client.post(
      "/login",
      { email: user.email, password: DEFAULT_PASSWORD, remember: true },
      remembered,
    );
    const rememberCookie = (await remembered.client.cookie("remember_web"))!;

    const { token } = await requestResetLink(user.email);
    const { client, headers } = await visitor();
    expect(
      (await client.post("/reset-password", newPassword(token, user.email), { headers })).status,
    ).toBe(200);

    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect((await remembered.client.get("/api/user")).status).toBe(401);
    const browser = api.client();
    await browser.setCookie("remember_web", rememberCookie);
    expect((await browser.get("/api/user")).status).toBe(401);
  });

  it("refuses a token older than 60 minutes", async () => {
    const user = await createUser(api.database.db);
    const { token } = await requestResetLink(user.email);
    await api.database.db
      .updateTable("password_reset_tokens")
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where("email", "=", user.email)
      .execute();
    const { client, headers } = await visitor();
    const response = await client.post("/reset-password", newPassword(token, user.email), {
      headers,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it("refuses a wrong token, another member's token, and an older token once a new one was sent", async () => {
    const user = await createUser(api.database.db);
    const other = await createUser(api.database.db);
    const { token: first } = await requestResetLink(user.email);
    const { token: othersToken } = await requestResetLink(other.email);
    const { client, headers } = await visitor();
    for (const body of [
      newPassword("f".repeat(64), user.email),
      newPassword(othersToken, user.email),
    ]) {
      const response = await client.post("/reset-password", body, { headers });
      expect(response.status).toBe(422);
      expect(response.body).toEqual(INVALID_TOKEN);
    }
    sink.messages.splice(0, sink.messages.length);
    const { token: second } = await requestResetLink(user.email);
    expect(
      (await client.post("/reset-password", newPassword(first, user.email), { headers })).body,
    ).toEqual(INVALID_TOKEN);
    expect(
      (await client.post("/reset-password", newPassword(second, user.email), { headers })).status,
    ).toBe(200);
  });

  it("answers 422 per field", async () => {
    const { client, headers } = await visitor();
    const forgot = await client.post("/forgot-password", { email: "not-an-email" }, { headers });
    expect(forgot.status).toBe(422);
    expect(forgot.body).toEqual({
      message: "The email field must be a valid email address.",
      errors: { email: ["The email field must be a valid email address."] },
    });
    const reset = await client.post(
      "/reset-password",
      { email: "", password: "short", password_confirmation: "other" },
      { headers },
    );
    expect(reset.status).toBe(422);
    expect(reset.body).toEqual({
      message: "The token field is required. (and 3 more errors)",
      errors: {
        token: ["The token field is required."],
        email: ["The email field is required."],
        password: [
          "The password field must be at least 8 characters.",
          "The password field confirmation does not match.",
        ],
      },
    });
  });

  it("answers 419 without the XSRF token", async () => {
    const { client, headers } = await visitor();
    expect(
      (await client.post("/forgot-password", { email: "a@b.org" }, { headers, xsrf: false }))
        .status,
    ).toBe(419);
    expect((await client.post("/reset-password", {}, { headers, xsrf: false })).status).toBe(419);
  });

  it("allows 3 requests a minute per email (429 with Retry-After), then again after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const user = await createUser(api.database.db);
    for (let i = 0; i < 3; i++) {
      const { client, headers } = await visitor();
      expect(
        (await client.post("/forgot-password", { email: user.email }, { headers })).status,
      ).toBe(200);
    }
    const { client, headers } = await visitor();
    const locked = await client.post(
      "/forgot-password",
      { email: user.email.toUpperCase() },
      { headers },
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: "Too Many Attempts." });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await client.post("/forgot-password", { email: user.email }, { headers })).status).toBe(
      200,
    );
  });

  it("allows 10 requests a minute per IP, whatever the address", async () => {
    const { client, headers } = await visitor();
    for (let i = 0; i < 10; i++) {
      const response = await client.post(
        "/forgot-password",
        { email: `someone-${i}@example.org` },
        { headers },
      );
      expect(response.status).toBe(200);
    }
    const locked = await client.post(
      "/forgot-password",
      { email: "someone-else@example.org" },
      { headers },
    );
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("a password or email change ends outstanding reset links", () => {
  /** Follows the link as its owner would; the answer and whether the new password now works. */
  async function useLink(token: string, email: string) {
    const { client, headers } = await visitor();
    const response = await client.post(
      "/reset-password",
      newPassword(token, email, "a-thief-s-password"),
      { headers },
    );
    const login = await visitor();
    const signIn = await login.client.post(
      "/login",
      { email, password: "a-thief-s-password" },
      login,
    );
    return { response, signedIn: signIn.status === 200 };
  }

  it("PUT /user/password", async () => {
    const user = await createUser(api.database.db);
    const { token } = await requestResetLink(user.email);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const change = await client.put("/user/password", {
      current_password: DEFAULT_PASSWORD,
      password: "a-brand-new-password",
      password_confirmation: "a-brand-new-password",
    });
    expect(change.status).toBe(200);
    const { response, signedIn } = await useLink(token, user.email);
    expect(response.status).toBe(422);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect(signedIn).toBe(false);
  });

  it("POST /reset-password", async () => {
    const user = await createUser(api.database.db);
    const { token } = await requestResetLink(user.email);
    const { client, headers } = await visitor();
    const reset = await client.post("/reset-password", newPassword(token, user.email), {
      headers,
    });
    expect(reset.status).toBe(200);
    const { response, signedIn } = await useLink(token, user.email);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect(signedIn).toBe(false);
  });

  it("an admin's PATCH /api/users/{id} with a new password (a new name keeps the link)", async () => {
    const user = await createUser(api.database.db);
    const admin = api.client();
    await signInAs(api.database.db, admin, await createAdmin(api.database.db));
    const { token: first } = await requestResetLink(user.email);
    const rename = await admin.patch(`/api/users/${user.id}`, { firstname: "Renamed" });
    expect(rename.status).toBe(200);
    expect((await useLink(first, user.email)).signedIn).toBe(true);

    sink.messages.splice(0, sink.messages.length);
    const { token } = await requestResetLink(user.email);
    const change = await admin.patch(`/api/users/${user.id}`, {
      password: "set-by-the-admin",
      password_confirmation: "set-by-the-admin",
    });
    expect(change.status).toBe(200);
    const { response, signedIn } = await useLink(token, user.email);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect(signedIn).toBe(false);
  });

  it("a new email address: the link sent to the old one cannot reset whoever takes that address next", async () => {
    const user = await createUser(api.database.db);
    const oldEmail = user.email;
    const { token } = await requestResetLink(oldEmail);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const change = await client.put("/user/profile-information", {
      firstname: user.firstname,
      lastname: user.lastname,
      email: `moved-${oldEmail}`,
      current_password: DEFAULT_PASSWORD,
    });
    expect(change.status).toBe(200);

    await createUser(api.database.db, { email: oldEmail });
    const { response, signedIn } = await useLink(token, oldEmail);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect(signedIn).toBe(false);
  });

  it("an admin's change of the email address", async () => {
    const user = await createUser(api.database.db);
    const oldEmail = user.email;
    const { token } = await requestResetLink(oldEmail);
    const admin = api.client();
    await signInAs(api.database.db, admin, await createAdmin(api.database.db));
    const change = await admin.patch(`/api/users/${user.id}`, { email: `moved-${oldEmail}` });
    expect(change.status).toBe(200);

    await createUser(api.database.db, { email: oldEmail });
    const { response, signedIn } = await useLink(token, oldEmail);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect(signedIn).toBe(false);
  });
});
