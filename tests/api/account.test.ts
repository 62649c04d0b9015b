import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { linkIn, type SmtpSink, unusedPort } from "../support/smtp-sink.ts";
import {
  startTestApi,
  TEST_APP_URL,
  type TestApi,
  useApiMailingToSink,
} from "../support/test-api.ts";

let api: TestApi;
let sink: SmtpSink;
useApiMailingToSink((started) => ({ api, sink } = started));
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const uniqueEmail = (prefix = "member") => `${prefix}-${Date.now()}-${++counter}@example.org`;

/** A client that has fetched its CSRF cookie, as the web tier does before a form post. */
async function freshClient(headers: Record<string, string> = {}): Promise<HttpClient> {
  const client = api.client();
  await client.request("GET", "/sanctum/csrf-cookie", { headers });
  return client;
}

const userRow = (id: number) =>
  api.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstname: "Ada",
  lastname: "Lovelace",
  email: uniqueEmail(),
  password: "a-long-password",
  password_confirmation: "a-long-password",
  ...overrides,
});

describe("POST /register", () => {
  it("creates the member, signs them in under a new session id and mails a verification link", async () => {
    const client = await freshClient();
    const before = await client.cookie("almoner_session");
    const input = registration({ email: uniqueEmail("Register").toUpperCase() });

    const response = await client.post("/register", input);

    expect(response.status).toBe(201);
    expect(response.text).toBe('""');
    expect(await client.cookie("almoner_session")).not.toBe(before);
    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    const email = input.email.toLowerCase();
    expect(me.body).toEqual({
      data: {
        id: expect.any(Number),
        firstname: "Ada",
        lastname: "Lovelace",
        email,
        role: "user",
        two_factor: false,
        email_verified_at: null,
      },
    });
    const row = await userRow(me.body.data.id);
    expect(row.password).toMatch(/^\$argon2id\$/);

    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Almoner: Verify Email Address");
    const link = linkIn(mail.text, `${TEST_APP_URL}/email/verify/`);
    const sha1 = createHash("sha1").update(email).digest("hex");
    expect(link).toMatch(
      new RegExp(
        `^${TEST_APP_URL}/email/verify/${row.id}/${sha1}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    expect(mail.html).toContain(link.replaceAll("&", "&amp;"));
  });

  it("answers 422 with Laravel's message per missing field", async () => {
    const response = await (await freshClient()).post("/register", {});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The firstname field is required. (and 3 more errors)",
      errors: {
        firstname: ["The firstname field is required."],
        lastname: ["The lastname field is required."],
        email: ["The email field is required."],
        password: ["The password field is required."],
      },
    });
  });

  it("answers 422 for a short, unconfirmed password and a malformed email", async () => {
    const response = await (
      await freshClient()
    ).post(
      "/register",
      registration({ email: "not-an-email", password: "short", password_confirmation: "other" }),
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The email field must be a valid email address. (and 2 more errors)",
      errors: {
        email: ["The email field must be a valid email address."],
        password: [
          "The password field must be at least 8 characters.",
          "The password field confirmation does not match.",
        ],
      },
    });
  });

  it("answers 422 when the password confirmation is missing", async () => {
    const response = await (
      await freshClient()
    ).post("/register", registration({ password_confirmation: undefined }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The password field confirmation does not match.",
      errors: { password: ["The password field confirmation does not match."] },
    });
  });

  it("answers 422 when the email is taken, whatever its case", async () => {
    const existing = await createUser(api.database.db);
    const response = await (
      await freshClient()
    ).post("/register", registration({ email: existing.email.toUpperCase() }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The email has already been taken.",
      errors: { email: ["The email has already been taken."] },
    });
  });

  it("answers 422 for wrong types and oversize names", async () => {
    const response = await (
      await freshClient()
    ).post("/register", registration({ firstname: 42, lastname: "x".repeat(256) }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      firstname: ["The firstname field must be a string."],
      lastname: ["The lastname field must not be greater than 255 characters."],
    });
  });

  it("answers 419 without the XSRF token", async () => {
    const client = await freshClient();
    const response = await client.post("/register", registration(), { xsrf: false });
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: "CSRF token mismatch." });
  });
});

describe("POST /login", () => {
  it("signs in under a new session id and CSRF token", async () => {
    const user = await createUser(api.database.db);
    const client = await freshClient();
    const session = await client.cookie("almoner_session");
    const token = await client.cookie("XSRF-TOKEN");

    const response = await client.post("/login", {
      email: user.email.toUpperCase(),
      password: DEFAULT_PASSWORD,
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ two_factor: false });
    expect(await client.cookie("almoner_session")).not.toBe(session);
    expect(await client.cookie("XSRF-TOKEN")).not.toBe(token);
    expect((await client.get("/api/user")).body.data.id).toBe(user.id);
    // The old id is worthless now.
    const fixated = api.client();
    await fixated.setCookie("almoner_session", session!);
    expect((await fixated.get("/api/user")).status).toBe(401);
  });

  it("answers 422 with Fortify's message for a wrong password or an unknown email", async () => {
    const user = await createUser(api.database.db);
    const expected = {
      message: "These credentials do not match our records.",
      errors: { email: ["These credentials do not match our records."] },
    };
    const wrong = await (
      await freshClient()
    ).post("/login", { email: user.email, password: "wrong-password" });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(expected);
    const unknown = await (
      await freshClient()
    ).post("/login", { email: uniqueEmail(), password: DEFAULT_PASSWORD });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(expected);
  });

  it("answers 422 for missing fields", async () => {
    const response = await (await freshClient()).post("/login", {});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The email field is required. (and 1 more error)",
      errors: {
        email: ["The email field is required."],
        password: ["The password field is required."],
      },
    });
  });

  it("answers 419 without the XSRF token", async () => {
    const response = await (
      await freshClient()
    ).post("/login", { email: "a@b.c", password: "x" }, { xsrf: false });
    expect(response.status).toBe(419);
  });

  it("locks an email + IP after 5 failures for a minute, with Retry-After; other IPs still get in", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const user = await createUser(api.database.db);
    const from = { "X-Forwarded-For": "203.0.113.10" };
    const client = await freshClient(from);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const failed = await client.post(
        "/login",
        { email: user.email, password: "wrong" },
        { headers: from },
      );
      expect(failed.status).toBe(422);
    }
    const locked = await client.post(
      "/login",
      { email: user.email, password: DEFAULT_PASSWORD },
      { headers: from },
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: "Too Many Attempts." });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    const elsewhere = { "X-Forwarded-For": "203.0.113.11" };
    const other = await freshClient(elsewhere);
    expect(
      (
        await other.post(
          "/login",
          { email: user.email, password: DEFAULT_PASSWORD },
          { headers: elsewhere },
        )
      ).status,
    ).toBe(200);

    vi.setSystemTime(Date.now() + 61_000);
    const later = await client.post(
      "/login",
      { email: user.email, password: DEFAULT_PASSWORD },
      { headers: from },
    );
    expect(later.status).toBe(200);
  });

  it("counts only failures: a success clears the count", async () => {
    const user = await createUser(api.database.db);
    const from = { "X-Forwarded-For": "203.0.113.20" };
    const client = await freshClient(from);
    const fail = () =>
      client.post("/login", { email: user.email, password: "wrong" }, { headers: from });
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(422);
    expect(
      (
        await client.post(
          "/login",
          { email: user.email, password: DEFAULT_PASSWORD },
          { headers: from },
        )
      ).status,
    ).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(422);
  });

  it("accepts a bcrypt hash imported from Laravel and replaces it by argon2id", async () => {
    // Laravel's factory hash of "password".
    const user = await createUser(api.database.db, {
      password: "$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi",
    });
    const client = await freshClient();
    const response = await client.post("/login", { email: user.email, password: "password" });
    expect(response.status).toBe(200);
    expect((await userRow(user.id)).password).toMatch(/^\$argon2id\$/);
    await client.post("/logout");
    expect((await client.post("/login", { email: user.email, password: "password" })).status).toBe(
      200,
    );
  });
});

describe("remember me", () => {
  it("sets a long-lived HttpOnly cookie that signs a new browser in; the token is stored hashed", async () => {
    const user = await createUser(api.database.db);
    const client = await freshClient();
    const response = await client.post("/login", {
      email: user.email,
      password: DEFAULT_PASSWORD,
      remember: true,
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("remember_web="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=34560000/);
    const value = decodeURIComponent((await client.cookie("remember_web"))!);
    const [id, token] = value.split("|");
    expect(Number(id)).toBe(user.id);
    const stored = (await userRow(user.id)).remember_token!;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(token);

    const browser = api.client();
    await browser.setCookie("remember_web", encodeURIComponent(value));
    const me = await browser.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
    expect(await browser.cookie("almoner_session")).toBeDefined();
    // The session it started carries on without the cookie.
    const session = await browser.cookie("almoner_session");
    const sameSession = api.client();
    await sameSession.setCookie("almoner_session", session!);
    expect((await sameSession.get("/api/user")).status).toBe(200);
  });

  it("ignores a tampered or unknown remember cookie", async () => {
    const user = await createUser(api.database.db);
    const client = await freshClient();
    await client.post("/login", { email: user.email, password: DEFAULT_PASSWORD, remember: "on" });
    const [id, token, signature] = decodeURIComponent((await client.cookie("remember_web"))!).split(
      "|",
    );
    for (const forged of [
      `${id}|${token}x|${signature}`,
      `${Number(id) + 1}|${token}|${signature}`,
      "garbage",
    ]) {
      const browser = api.client();
      await browser.setCookie("remember_web", encodeURIComponent(forged));
      expect((await browser.get("/api/user")).status).toBe(401);
    }
  });

  it("is not set without remember", async () => {
    const user = await createUser(api.database.db);
    const client = await freshClient();
    const response = await client.post("/login", {
      email: user.email,
      password: DEFAULT_PASSWORD,
      remember: false,
    });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("remember_web="))).toBe(false);
    expect((await userRow(user.id)).remember_token).toBeNull();
  });
});

describe("POST /logout", () => {
  it("answers 204, ends the session under a new id and token, and forgets remember cookies", async () => {
    const user = await createUser(api.database.db);
    const client = await freshClient();
    await client.post("/login", { email: user.email, password: DEFAULT_PASSWORD, remember: true });
    const remember = (await client.cookie("remember_web"))!;
    const session = await client.cookie("almoner_session");
    const token = await client.cookie("XSRF-TOKEN");

    const response = await client.post("/logout");

    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(await client.cookie("almoner_session")).not.toBe(session);
    expect(await client.cookie("XSRF-TOKEN")).not.toBe(token);
    expect(await client.cookie("remember_web")).toBeUndefined();
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await userRow(user.id)).remember_token).toBeNull();

    const old = api.client();
    await old.setCookie("almoner_session", session!);
    expect((await old.get("/api/user")).status).toBe(401);
    const remembered = api.client();
    await remembered.setCookie("remember_web", remember);
    expect((await remembered.get("/api/user")).status).toBe(401);
  });

  it("answers 401 when nobody is signed in and 419 without the token", async () => {
    const anonymous = await freshClient();
    expect((await anonymous.post("/logout")).body).toEqual({ message: "Unauthenticated." });
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.post("/logout", undefined, { xsrf: false });
    expect(response.status).toBe(419);
  });
});

describe("password confirmation", () => {
  it("POST /user/confirm-password answers 201 and the status turns true until the timeout", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    expect((await client.get("/user/confirmed-password-status")).body).toEqual({
      confirmed: false,
    });

    const response = await client.post("/user/confirm-password", { password: DEFAULT_PASSWORD });
    expect(response.status).toBe(201);
    expect(response.text).toBe('""');
    const status = await client.get("/user/confirmed-password-status");
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ confirmed: true });

    vi.setSystemTime(Date.now() + 10_801_000);
    // Keep the session alive past its idle lifetime: renew the row, and the cookie the jar now finds expired.
    const session = await api.database.db
      .updateTable("sessions")
      .set({ last_activity: Math.floor(Date.now() / 1000) })
      .where("user_id", "=", user.id)
      .returning("id")
      .executeTakeFirstOrThrow();
    await client.setCookie("almoner_session", session.id);
    expect((await client.get("/user/confirmed-password-status")).body).toEqual({
      confirmed: false,
    });
  });

  it("answers 422 under password for a wrong password", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.post("/user/confirm-password", { password: "wrong" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The provided password was incorrect.",
      errors: { password: ["The provided password was incorrect."] },
    });
    expect((await client.post("/user/confirm-password", {})).body.errors).toEqual({
      password: ["The password field is required."],
    });
  });

  it("answers 429 after 5 wrong passwords in a minute", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    for (let i = 0; i < 5; i++)
      expect((await client.post("/user/confirm-password", { password: "wrong" })).status).toBe(422);
    const locked = await client.post("/user/confirm-password", { password: DEFAULT_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: "Too Many Attempts." });
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("answers 401 to anonymous callers and 419 without the token", async () => {
    const anonymous = await freshClient();
    expect((await anonymous.post("/user/confirm-password", { password: "x" })).status).toBe(401);
    expect((await anonymous.get("/user/confirmed-password-status")).status).toBe(401);
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    expect(
      (await client.post("/user/confirm-password", { password: DEFAULT_PASSWORD }, { xsrf: false }))
        .status,
    ).toBe(419);
  });
});

describe("PUT /user/profile-information", () => {
  it("saves the names and keeps the verification when the email is unchanged", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.put("/user/profile-information", {
      firstname: " Grace ",
      lastname: "Hopper",
      email: user.email.toUpperCase(),
    });
    expect(response.status).toBe(200);
    expect(response.text).toBe('""');
    const me = (await client.get("/api/user")).body.data;
    expect(me).toMatchObject({ firstname: "Grace", lastname: "Hopper", email: user.email });
    expect(me.email_verified_at).toBe(user.email_verified_at);
  });

  it("un-verifies a changed email and mails a link to the new address", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const email = uniqueEmail("changed");
    const response = await client.put("/user/profile-information", {
      firstname: "Ada",
      lastname: "Member",
      email,
      current_password: DEFAULT_PASSWORD,
    });
    expect(response.status).toBe(200);
    const me = (await client.get("/api/user")).body.data;
    expect(me.email).toBe(email);
    expect(me.email_verified_at).toBeNull();
    const mail = await sink.waitFor((m) => m.to.includes(email));
    expect(linkIn(mail.text, `${TEST_APP_URL}/email/verify/${user.id}/`)).toContain("signature=");
  });

  it("asks for the current password to change the email, and changes nothing without it", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const email = uniqueEmail("unasked");
    const change = { firstname: "Ada", lastname: "Member", email };

    const missing = await client.put("/user/profile-information", change);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: "The current password field is required.",
      errors: { current_password: ["The current password field is required."] },
    });
    const wrong = await client.put("/user/profile-information", {
      ...change,
      current_password: "not-my-password",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      message: "The password is incorrect.",
      errors: { current_password: ["The password is incorrect."] },
    });

    const me = (await client.get("/api/user")).body.data;
    expect(me.email).toBe(user.email);
    expect(me.email_verified_at).toBe(user.email_verified_at);
    await api.app.mailer.flush();
    expect(sink.messages.some((m) => m.to.includes(email) || m.to.includes(user.email))).toBe(
      false,
    );
  });

  it("tells the old address of the change, naming the new one partly hidden", async () => {
    const user = await createUser(api.database.db, { firstname: "Olga" });
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const email = `newaddress-${Date.now()}@example.org`;
    const response = await client.put("/user/profile-information", {
      firstname: "Olga",
      lastname: "Member",
      email,
      current_password: DEFAULT_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await client.get("/api/user")).body.data.email).toBe(email);

    const notice = await sink.waitFor((m) => m.to.includes(user.email));
    expect(notice.to).toEqual([user.email]);
    expect(notice.subject).toBe("Almoner: Your email address was changed");
    expect(notice.text).toContain("Hello Olga,");
    expect(notice.text).toContain(
      "The email address of your Almoner account was changed to ne***@example.org.",
    );
    expect(notice.text).toContain("If you did not make this change");
    expect(notice.text).toContain(`${TEST_APP_URL}/contact`);
    expect(notice.text).not.toContain(email);
    expect(notice.html).not.toContain(email);
    // The new address still gets its verification link.
    const verification = await sink.waitFor((m) => m.to.includes(email));
    expect(verification.subject).toBe("Almoner: Verify Email Address");
  });

  it("takes a password confirmed in the last 10800 seconds instead of the current password", async () => {
    const user = await createUser(api.database.db);
    const now = Math.floor(Date.now() / 1000);
    const recent = api.client();
    await signInAs(api.database.db, recent, user, { "auth.password_confirmed_at": now - 10_000 });
    const email = uniqueEmail("confirmed");
    const response = await recent.put("/user/profile-information", {
      firstname: "Ada",
      lastname: "Member",
      email,
    });
    expect(response.status).toBe(200);
    expect((await recent.get("/api/user")).body.data.email).toBe(email);
    await sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("was changed"));

    const other = await createUser(api.database.db);
    const stale = api.client();
    await signInAs(api.database.db, stale, other, { "auth.password_confirmed_at": now - 10_900 });
    const refused = await stale.put("/user/profile-information", {
      firstname: "Ada",
      lastname: "Member",
      email: uniqueEmail("stale"),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      current_password: ["The current password field is required."],
    });
  });

  it("saves the new address even when the notice cannot be mailed", async () => {
    const down = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}` });
    try {
      const user = await createUser(down.database.db);
      const client = down.client();
      await signInAs(down.database.db, client, user);
      const email = uniqueEmail("smtp-down");
      const response = await client.put("/user/profile-information", {
        firstname: "Ada",
        lastname: "Member",
        email,
        current_password: DEFAULT_PASSWORD,
      });
      expect(response.status).toBe(200);
      await down.app.mailer.flush();
      expect((await client.get("/api/user")).body.data.email).toBe(email);
    } finally {
      await down.close();
    }
  });

  it("answers 422 per field and for an email another member has", async () => {
    const other = await createUser(api.database.db);
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const missing = await client.put("/user/profile-information", {
      email: "nope",
      current_password: DEFAULT_PASSWORD,
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: "The firstname field is required. (and 2 more errors)",
      errors: {
        firstname: ["The firstname field is required."],
        lastname: ["The lastname field is required."],
        email: ["The email field must be a valid email address."],
      },
    });
    const taken = await client.put("/user/profile-information", {
      firstname: "A",
      lastname: "B",
      email: other.email,
      current_password: DEFAULT_PASSWORD,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: ["The email has already been taken."] });
  });

  it("answers 401 to anonymous callers", async () => {
    const response = await (await freshClient()).put("/user/profile-information", {});
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });
});

describe("PUT /user/password", () => {
  it("changes the password and signs out the member's other sessions", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const elsewhere = api.client();
    await signInAs(api.database.db, elsewhere, user);

    const response = await client.put("/user/password", {
      current_password: DEFAULT_PASSWORD,
      password: "a-brand-new-password",
      password_confirmation: "a-brand-new-password",
    });

    expect(response.status).toBe(200);
    expect(response.text).toBe('""');
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect(
      (
        await (
          await freshClient()
        ).post("/login", { email: user.email, password: DEFAULT_PASSWORD })
      ).status,
    ).toBe(422);
    expect(
      (
        await (
          await freshClient()
        ).post("/login", { email: user.email, password: "a-brand-new-password" })
      ).status,
    ).toBe(200);
  });

  it("answers 422 for a wrong current password and a weak new one, all at once", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.put("/user/password", {
      current_password: "wrong",
      password: "short",
      password_confirmation: "short",
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The provided password does not match your current password. (and 1 more error)",
      errors: {
        current_password: ["The provided password does not match your current password."],
        password: ["The password field must be at least 8 characters."],
      },
    });
    const unconfirmed = await client.put("/user/password", {
      current_password: DEFAULT_PASSWORD,
      password: "long-enough-password",
      password_confirmation: "something-else",
    });
    expect(unconfirmed.body.errors).toEqual({
      password: ["The password field confirmation does not match."],
    });
  });

  it("answers 401 to anonymous callers", async () => {
    expect((await (await freshClient()).put("/user/password", {})).status).toBe(401);
  });
});
