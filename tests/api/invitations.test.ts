import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Caller, clientAs } from "../support/admin-calls.ts";
import { createUser } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { linkIn, type SmtpSink, unusedPort } from "../support/smtp-sink.ts";
import {
  startTestApi,
  TEST_APP_URL,
  type TestApi,
  useApiMailingToSink,
} from "../support/test-api.ts";

/** Record 036: Add User can send an invitation instead of asking for a password. */

let sink: SmtpSink;
let api: TestApi;
let admin: HttpClient;

useApiMailingToSink((started) => ({ api, sink } = started));
beforeAll(async () => {
  admin = await clientAs(api, "admin");
});

const INVALID = {
  message: "This invitation link is invalid or has expired.",
  errors: { email: ["This invitation link is invalid or has expired."] },
};
const PASSWORD = "a-chosen-password";

let counter = 0;
const newEmail = () => `invited-${++counter}-${Date.now().toString(36)}@example.org`;

const invitation = (overrides: Record<string, unknown> = {}) => ({
  firstname: "Ife",
  lastname: "Bello",
  email: newEmail(),
  role: "user",
  send_invitation: true,
  ...overrides,
});

/** Invites through the API and reads the mailed link's token. */
async function invite(client: HttpClient, body = invitation()) {
  const response = await client.post("/api/users", body);
  expect(response.status).toBe(201);
  const mail = await sink.waitFor((m) => m.to.includes(body.email as string));
  const link = linkIn(mail.text, `${TEST_APP_URL}/set-password/`);
  const token = new URL(link).pathname.split("/").pop()!;
  return { user: response.body, mail, link, token, email: body.email as string };
}

async function setPassword(target: TestApi, token: string, email: string, password = PASSWORD) {
  const client = target.client();
  await client.csrf();
  return client.post("/set-password", {
    token,
    email,
    password,
    password_confirmation: password,
  });
}

async function login(target: TestApi, email: string, password: string) {
  const client = target.client();
  await client.csrf();
  const response = await client.post("/login", { email, password, remember: false });
  return { status: response.status, client };
}

describe("guards", () => {
  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses inviting and inviting again to %s with %i, and mails nothing",
    async (who, status, message) => {
      const client = await clientAs(api, who);
      const body = invitation();
      const invited = await client.post("/api/users", body);
      expect(invited.status).toBe(status);
      expect(invited.body).toEqual({ message });
      const target = await createUser(api.database.db, { password: "" });
      const again = await client.post(`/api/users/${target.id}/invitation`, {});
      expect(again.status).toBe(status);
      expect(again.body).toEqual({ message });
      await api.app.mailer.flush();
      expect(sink.messages.some((m) => m.to.includes(body.email))).toBe(false);
      expect(sink.messages.some((m) => m.to.includes(target.email))).toBe(false);
    },
  );
});

describe("POST /api/users with send_invitation", () => {
  it("adds the user without a password, unverified, and mails a set-your-password link", async () => {
    const before = Date.now();
    const { user, mail, link, token, email } = await invite(admin);
    expect(user).toEqual({
      id: expect.any(Number),
      firstname: "Ife",
      lastname: "Bello",
      email,
      role: "user",
      two_factor: false,
      email_verified_at: null,
      invitation: {
        created_at: expect.any(String),
        expires_at: expect.any(String),
        mailed_at: expect.any(String),
      },
    });
    const days = (Date.parse(user.invitation.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(link).toBe(`${TEST_APP_URL}/set-password/${token}?email=${encodeURIComponent(email)}`);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.subject).toBe("Almoner: You are invited");
    expect(mail.text).toContain("Hello Ife,");
    expect(mail.text).toContain("This invitation link will expire in 7 days and works once.");
    expect(mail.html).toContain(`href="${link}"`);
    // No password to guess until the user sets one.
    expect((await login(api, email, "")).status).toBe(422);
    expect((await admin.get(`/api/users/${user.id}`)).body).toEqual(user);
  });

  it("asks only for names, email and role: 422 per field, never about a password", async () => {
    const response = await admin.post("/api/users", {
      send_invitation: "1",
      firstname: "",
      email: "not-an-email",
      role: "owner",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      firstname: ["The firstname field is required."],
      lastname: ["The lastname field is required."],
      email: ["The email field must be a valid email address."],
      role: ["The selected role is invalid."],
    });
    const taken = await admin.post("/api/users", invitation({ email: "admin-taken@example.org" }));
    expect(taken.status).toBe(201);
    const again = await admin.post("/api/users", invitation({ email: "ADMIN-taken@example.org" }));
    expect(again.body.errors).toEqual({ email: ["The email has already been taken."] });
  });

  it("keeps the user when the mail cannot be sent, says so, and a later invitation can go", async () => {
    const own = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}` });
    onTestFinished(() => own.close());
    const client = await clientAs(own, "admin");
    const email = newEmail();
    const response = await client.post("/api/users", invitation({ email }));
    expect(response.status).toBe(201);
    expect(response.body.invitation).toEqual({
      created_at: expect.any(String),
      expires_at: expect.any(String),
      mailed_at: null,
    });
    const listed = await client.get(`/api/users?q=${encodeURIComponent(email)}`);
    expect(listed.body.results).toEqual([response.body]);
    const again = await client.post(`/api/users/${response.body.id}/invitation`, {});
    expect(again.status).toBe(201);
    expect(again.body.invitation.mailed_at).toBeNull();
  });

  it("logs who invited whom, by name only", async () => {
    const { user } = await invite(admin, invitation({ firstname: "Logged", lastname: "Guest" }));
    const line = await api.database.db
      .selectFrom("activity")
      .select(["action", "subject", "subject_id", "title", "link"])
      .where("subject_id", "=", user.id)
      .where("subject", "=", "user")
      .executeTakeFirst();
    expect(line).toEqual({
      action: "invited",
      subject: "user",
      subject_id: user.id,
      title: "Logged Guest",
      link: `/admin/users/${user.id}`,
    });
  });
});

describe("POST /set-password", () => {
  it("sets the password once: the invited user signs in, verified; the link is spent", async () => {
    const { user, token, email } = await invite(admin);
    const response = await setPassword(api, token, email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Your password has been set. You can log in now." });

    const signedIn = await login(api, email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const me = await signedIn.client.get("/api/user");
    expect(me.body.data).toMatchObject({ id: user.id, email_verified_at: expect.any(String) });
    expect((await admin.get(`/api/users/${user.id}`)).body.invitation).toBeNull();

    const again = await setPassword(api, token, email, "another-password");
    expect(again.status).toBe(422);
    expect(again.body).toEqual(INVALID);
    expect((await login(api, email, "another-password")).status).toBe(422);

    const late = await admin.post(`/api/users/${user.id}/invitation`, {});
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ user: ["This user has already set a password."] });

    const accepted = await api.database.db
      .selectFrom("activity")
      .select(["action", "user_id"])
      .where("action", "=", "invitation_accepted")
      .where("user_id", "=", user.id)
      .execute();
    expect(accepted).toEqual([{ action: "invitation_accepted", user_id: user.id }]);
  });

  it("refuses an expired link", async () => {
    const { user, token, email } = await invite(admin);
    await api.database.db
      .updateTable("user_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const response = await setPassword(api, token, email);
    expect(response.status).toBe(422);
    expect(response.body).toEqual(INVALID);
    expect((await login(api, email, PASSWORD)).status).toBe(422);
  });

  it("refuses a wrong token, another address, and the link an invitation sent again replaced", async () => {
    const { user, token, email } = await invite(admin);
    expect((await setPassword(api, "0".repeat(64), email)).body).toEqual(INVALID);
    const other = await invite(admin);
    expect((await setPassword(api, token, other.email)).body).toEqual(INVALID);

    sink.messages.splice(0, sink.messages.length);
    const again = await admin.post(`/api/users/${user.id}/invitation`, {});
    expect(again.status).toBe(201);
    expect(again.body.invitation.mailed_at).toEqual(expect.any(String));
    const mail = await sink.waitFor((m) => m.to.includes(email));
    const fresh = new URL(linkIn(mail.text, `${TEST_APP_URL}/set-password/`)).pathname
      .split("/")
      .pop()!;
    expect(fresh).not.toBe(token);
    expect((await setPassword(api, token, email)).body).toEqual(INVALID);
    expect((await setPassword(api, fresh, email)).status).toBe(200);
  });

  it("answers 422 per field like the reset, and asks for a confirmed password of 8 characters", async () => {
    const { token, email } = await invite(admin);
    const client = api.client();
    await client.csrf();
    const response = await client.post("/set-password", {
      token,
      email,
      password: "short",
      password_confirmation: "other",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      password: [
        "The password field must be at least 8 characters.",
        "The password field confirmation does not match.",
      ],
    });
  });

  it("ends when the password is set another way (an admin's save)", async () => {
    const { user, token, email } = await invite(admin);
    const saved = await admin.patch(`/api/users/${user.id}`, {
      password: "set-by-the-admin",
      password_confirmation: "set-by-the-admin",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.invitation).toBeNull();
    expect((await setPassword(api, token, email)).body).toEqual(INVALID);
    expect((await login(api, email, "set-by-the-admin")).status).toBe(200);
  });
});

describe("POST /api/users/{id}/invitation", () => {
  it("answers 404 to an unknown user", async () => {
    for (const id of ["999999", "abc"]) {
      const response = await admin.post(`/api/users/${id}/invitation`, {});
      expect(response.status).toBe(404);
    }
  });
});
