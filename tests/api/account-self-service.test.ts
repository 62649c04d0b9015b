import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const WRONG_PASSWORD = {
  message: "The provided password was incorrect.",
  errors: { password: ["The provided password was incorrect."] },
};
const LAST_ADMIN =
  "You are the last admin: make someone else an admin before you delete your account.";

const db = () => api.database.db;
const userRow = (id: number) =>
  db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

async function signedIn(user: Parameters<typeof signInAs>[2]): Promise<HttpClient> {
  const client = api.client();
  await signInAs(db(), client, user);
  return client;
}

/** Signs in through /login, as a browser does (a remember cookie when asked for). */
async function loggedIn(email: string, remember = false): Promise<HttpClient> {
  const client = api.client();
  await client.csrf();
  const login = await client.post("/login", { email, password: DEFAULT_PASSWORD, remember });
  expect(login.status).toBe(200);
  return client;
}

const deleteAccount = (client: HttpClient, password?: string) =>
  client.delete("/api/user", password === undefined ? {} : { json: { password } });

describe("guards", () => {
  it("answers 401 to a visitor who is not signed in", async () => {
    const client = api.client();
    await client.csrf();
    expect((await deleteAccount(client, DEFAULT_PASSWORD)).body).toEqual({
      message: "Unauthenticated.",
    });
    const exported = await client.get("/api/user/export");
    expect(exported.status).toBe(401);
    expect(exported.body).toEqual({ message: "Unauthenticated." });
  });

  it("refuses a delete without the CSRF token (419)", async () => {
    const user = await createUser(db());
    const client = await signedIn(user);
    const response = await client.request("DELETE", "/api/user", {
      json: { password: DEFAULT_PASSWORD },
      xsrf: false,
    });
    expect(response.status).toBe(419);
    expect(await userRow(user.id)).toBeDefined();
  });
});

describe("DELETE /api/user (our extension)", () => {
  it("refuses a wrong or missing password with 422 under password, and keeps the account", async () => {
    const user = await createUser(db());
    const client = await signedIn(user);

    const wrong = await deleteAccount(client, "not-my-password");
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(WRONG_PASSWORD);
    const missing = await deleteAccount(client);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: "The password field is required.",
      errors: { password: ["The password field is required."] },
    });

    expect(await userRow(user.id)).toBeDefined();
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("deletes the account with the right password: 204, signed out everywhere, the user gone", async () => {
    const user = await createUser(db(), { firstname: "Nia", lastname: "Leaving" });
    const other = await loggedIn(user.email, true);
    const client = await loggedIn(user.email, true);
    await db()
      .insertInto("password_reset_tokens")
      .values({ email: user.email, token: "hashed", created_at: new Date().toISOString() })
      .execute();

    const response = await deleteAccount(client, DEFAULT_PASSWORD);

    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith("remember_web="));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await userRow(user.id)).toBeUndefined();
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await other.get("/api/user")).status).toBe(401);
    const sessions = await db()
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(sessions).toEqual([]);
    const tokens = await db()
      .selectFrom("password_reset_tokens")
      .select("token")
      .where("email", "=", user.email)
      .execute();
    expect(tokens).toEqual([]);

    const again = api.client();
    await again.csrf();
    const login = await again.post("/login", { email: user.email, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(422);
    expect(login.body.errors).toEqual({ email: ["These credentials do not match our records."] });
  });

  it("records the deletion as an account event, by the name the member had and no address", async () => {
    const boss = await createAdmin(db());
    const user = await createUser(db(), { firstname: "Ola", lastname: "Gone" });
    expect((await deleteAccount(await signedIn(user), DEFAULT_PASSWORD)).status).toBe(204);

    const activity = await (await signedIn(boss)).get("/api/activity?action=account_deleted");
    expect(activity.status).toBe(200);
    expect(activity.body.results).toContainEqual({
      id: expect.any(Number),
      action: "account_deleted",
      subject: "account",
      subject_id: null,
      title: "",
      link: null,
      user: { id: user.id, name: "Ola Gone" },
      created_at: expect.any(String),
    });
  });

  it("lets a member whose address is not verified delete their account", async () => {
    const user = await createUser(db(), { email_verified_at: null });
    expect((await deleteAccount(await signedIn(user), DEFAULT_PASSWORD)).status).toBe(204);
    expect(await userRow(user.id)).toBeUndefined();
  });

  it("refuses the last admin (422 under user), and lets an admin go when another remains", async () => {
    const own = await startTestApi();
    try {
      const only = await createAdmin(own.database.db);
      const client = own.client();
      await signInAs(own.database.db, client, only);

      const refused = await client.delete("/api/user", { json: { password: DEFAULT_PASSWORD } });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ message: LAST_ADMIN, errors: { user: [LAST_ADMIN] } });
      expect((await client.get("/api/user")).status).toBe(200);

      await createAdmin(own.database.db);
      const deleted = await client.delete("/api/user", { json: { password: DEFAULT_PASSWORD } });
      expect(deleted.status).toBe(204);
    } finally {
      await own.close();
    }
  });

  it("counts each password with the other checks of it: the sixth guess in a minute is 429", async () => {
    const user = await createUser(db());
    const client = await signedIn(user);
    for (let i = 0; i < 4; i++) expect((await deleteAccount(client, "wrong")).status).toBe(422);
    expect((await client.post("/user/confirm-password", { password: "wrong" })).status).toBe(422);

    const throttled = await deleteAccount(client, DEFAULT_PASSWORD);

    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ message: "Too Many Attempts." });
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await userRow(user.id)).toBeDefined();
  });
});

/** The code an authenticator shows now. */
const codeFor = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate();

describe("GET /api/user/export (our extension)", () => {
  it("answers the member's profile as a no-store attachment", async () => {
    const user = await createUser(db(), { firstname: "Ada", lastname: "Export" });
    const client = await signedIn(user);

    const response = await client.get("/api/user/export");

    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="almoner-my-data.json"',
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.body.profile).toEqual({
      id: user.id,
      firstname: "Ada",
      lastname: "Export",
      email: user.email,
      role: "user",
      email_verified_at: user.email_verified_at,
      two_factor: false,
      two_factor_enabled_at: null,
      created_at: user.created_at,
      updated_at: user.updated_at,
    });
    expect(response.body.exported_at).toEqual(expect.any(String));
    expect(response.body.sessions).toEqual([
      { ip_address: "127.0.0.1", user_agent: "test", last_active_at: expect.any(String) },
    ]);
  });

  it("never carries the password hash, two-factor secret, recovery codes, remember token or session id", async () => {
    const user = await createUser(db());
    const setup = api.client();
    await signInAs(db(), setup, user, {
      "auth.password_confirmed_at": Math.floor(Date.now() / 1000),
    });
    expect((await setup.post("/user/two-factor-authentication")).status).toBe(200);
    const { secretKey } = (await setup.get("/user/two-factor-secret-key")).body;
    const confirmed = await setup.post("/user/confirmed-two-factor-authentication", {
      code: codeFor(secretKey),
    });
    expect(confirmed.status).toBe(200);
    const recoveryCodes: string[] = (await setup.get("/user/two-factor-recovery-codes")).body;
    expect(recoveryCodes).toHaveLength(8);
    const client = api.client();
    await client.csrf();
    expect(
      (
        await client.post("/login", {
          email: user.email,
          password: DEFAULT_PASSWORD,
          remember: true,
        })
      ).body,
    ).toEqual({ two_factor: true });
    expect(
      (
        await client.post("/two-factor-challenge", {
          code: recoveryCodes[0],
          recovery_code: recoveryCodes[0],
        })
      ).status,
    ).toBe(204);
    const row = (await userRow(user.id))!;
    expect(row.remember_token).not.toBeNull();

    const response = await client.get("/api/user/export");

    expect(response.status).toBe(200);
    expect(response.body.profile).toMatchObject({ two_factor: true });
    expect(response.body.profile.two_factor_enabled_at).toEqual(expect.any(String));
    const secrets = [
      row.password,
      row.two_factor_secret!,
      row.two_factor_recovery_codes!,
      row.remember_token!,
      secretKey,
      ...recoveryCodes,
      decodeURIComponent((await client.cookie("remember_web"))!),
      (await client.cookie("almoner_session"))!,
      decodeURIComponent((await client.cookie("XSRF-TOKEN"))!),
    ];
    for (const secret of secrets) expect(response.text).not.toContain(secret);
    expect(response.text).not.toMatch(/\$argon2|password"|secret|token|recovery_code"/i);
  });

  it("carries the member's activity, drafts, saved versions and contact messages", async () => {
    const boss = await createAdmin(db(), { firstname: "Mo", lastname: "Staff" });
    const client = await signedIn(boss);
    const created = await client.post("/api/testimonials", { name: "Kim", score: 4, review: "" });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await client.post(`/api/testimonials/${id}`, { name: "Kim L.", score: 4, review: "" }))
        .status,
    ).toBe(200);
    const draft = await client.put(`/api/drafts/testimonials/${id}`, {
      version: 1,
      data: { name: "Kim Lee" },
    });
    expect(draft.status).toBe(200);
    const visitor = api.client();
    await visitor.csrf();
    const message = { name: "Mo", telephone: "", email: boss.email.toUpperCase(), message: "Hi" };
    expect((await visitor.post("/api/contact", message)).status).toBe(201);

    const body = (await client.get("/api/user/export")).body;

    expect(body.activity).toContainEqual({
      action: "created",
      subject: "testimonial",
      subject_id: id,
      title: "Kim",
      ip_address: expect.any(String),
      created_at: expect.any(String),
    });
    expect(body.drafts).toEqual([
      {
        subject: "testimonial",
        subject_id: id,
        version: 1,
        data: { name: "Kim Lee" },
        saved_at: expect.any(String),
      },
    ]);
    expect(body.saved_versions).toContainEqual({
      subject: "testimonial",
      subject_id: id,
      version: 2,
      changed: ["name"],
      created_at: expect.any(String),
    });
    expect(body.contact_messages).toEqual([
      {
        name: "Mo",
        telephone: "",
        email: message.email,
        message: "Hi",
        created_at: expect.any(String),
      },
    ]);
  });

  it("carries what staff did to the account, naming who, and leaves out a stranger's messages to an unverified address", async () => {
    const boss = await createAdmin(db(), { firstname: "Ida", lastname: "Boss" });
    const user = await createUser(db(), { email_verified_at: null });
    const visitor = api.client();
    await visitor.csrf();
    const message = { name: "Someone", telephone: "", email: user.email, message: "Secret" };
    expect((await visitor.post("/api/contact", message)).status).toBe(201);
    const bossClient = await signedIn(boss);
    expect((await bossClient.patch(`/api/users/${user.id}`, { role: "admin" })).status).toBe(200);

    const body = (await (await signedIn(user)).get("/api/user/export")).body;

    expect(body.activity_about_you).toEqual([
      { action: "role_changed", by: "Ida Boss", created_at: expect.any(String) },
      { action: "saved", by: "Ida Boss", created_at: expect.any(String) },
    ]);
    expect(body.contact_messages).toEqual([]);
  });
});
