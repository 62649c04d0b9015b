import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { createAdmin, createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { linkIn, type SmtpSink } from "../support/smtp-sink.ts";
import { TEST_APP_URL, type TestApi, useApiMailingToSink } from "../support/test-api.ts";

/**
 * Record 063: staff turn off two-factor sign-in for a member who lost their authenticator and
 * their recovery codes, after confirming their own password; the member is mailed.
 */

let api: TestApi;
let sink: SmtpSink;
useApiMailingToSink((started) => ({ api, sink } = started));

const nowInSeconds = () => Math.floor(Date.now() / 1000);
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

async function signedIn(user: Parameters<typeof signInAs>[2], confirmedPassword: boolean) {
  const client = api.client();
  const session = confirmedPassword ? { "auth.password_confirmed_at": nowInSeconds() } : {};
  await signInAs(api.database.db, client, user, session);
  return client;
}

/** A member who turned two-factor sign-in on, as on /account/2fa. */
async function memberWithTwoFactor() {
  const user = await createUser(api.database.db);
  const client = await signedIn(user, true);
  expect((await client.post("/user/two-factor-authentication")).status).toBe(200);
  const { secretKey } = (await client.get("/user/two-factor-secret-key")).body as {
    secretKey: string;
  };
  const confirmed = await client.post("/user/confirmed-two-factor-authentication", {
    code: codeFor(secretKey),
  });
  expect(confirmed.status).toBe(200);
  return user;
}

/** What POST /login answers the member with their password alone. */
async function logInWithPassword(email: string) {
  const client = api.client();
  await client.csrf();
  return (await client.post("/login", { email, password: DEFAULT_PASSWORD, remember: false })).body;
}

async function activityOf(admin: HttpClient) {
  const page = (await admin.get("/api/activity?limit=100")).body as {
    results: { action: string; subject: string | null; subject_id: number | null }[];
  };
  return page.results;
}

const turnOff = (client: HttpClient, id: number) =>
  client.delete(`/api/users/${id}/two-factor-authentication`);

describe("DELETE /api/users/{id}/two-factor-authentication", () => {
  it("refuses anyone but an admin who confirmed their password, and changes nothing", async () => {
    const member = await memberWithTwoFactor();
    const anonymous = api.client();
    await anonymous.csrf();
    expect((await turnOff(anonymous, member.id)).status).toBe(401);
    const otherMember = await signedIn(await createUser(api.database.db), true);
    expect((await turnOff(otherMember, member.id)).status).toBe(403);
    const unconfirmed = await signedIn(await createAdmin(api.database.db), false);
    const refused = await turnOff(unconfirmed, member.id);
    expect(refused.status).toBe(423);
    expect(refused.body).toEqual({ message: "Password confirmation required." });

    expect(await logInWithPassword(member.email)).toEqual({ two_factor: true });
    await api.app.mailer.flush();
    expect(sink.messages.some((mail) => mail.to.includes(member.email))).toBe(false);
  });

  it("turns it off: the member logs in with their password alone, is mailed, and the activity log says so", async () => {
    const member = await memberWithTwoFactor();
    const admin = await signedIn(await createAdmin(api.database.db), true);

    const response = await turnOff(admin, member.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: member.id, email: member.email, two_factor: false });
    expect(await logInWithPassword(member.email)).toEqual({ two_factor: false });

    const mail = await sink.waitFor((m) => m.to.includes(member.email));
    expect(mail.subject).toMatch(/^.+: Two-factor sign-in was turned off$/);
    expect(mail.text).toContain("Our staff turned off two-factor sign-in for your");
    expect(linkIn(mail.text, `${TEST_APP_URL}/account/2fa`)).toBe(`${TEST_APP_URL}/account/2fa`);
    expect(mail.text).toContain(
      `If you did not ask for this, contact us at once: ${TEST_APP_URL}/contact`,
    );
    expect(mail.html).toContain(
      `contact us at once: <a href="${TEST_APP_URL}/contact">${TEST_APP_URL}/contact</a></p>`,
    );

    const lines = await activityOf(admin);
    expect(lines[0]).toMatchObject({
      action: "two_factor_turned_off",
      subject: "user",
      subject_id: member.id,
    });
  });

  it("answers a member without two-factor sign-in as they are: no mail, no activity line", async () => {
    const member = await createUser(api.database.db);
    const admin = await signedIn(await createAdmin(api.database.db), true);
    const before = (await activityOf(admin)).length;

    const response = await turnOff(admin, member.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: member.id, two_factor: false });
    expect(await activityOf(admin)).toHaveLength(before);
    await api.app.mailer.flush();
    expect(sink.messages.some((mail) => mail.to.includes(member.email))).toBe(false);
  });

  it("answers 404 for a user who does not exist", async () => {
    const admin = await signedIn(await createAdmin(api.database.db), true);
    expect((await turnOff(admin, 999_999)).status).toBe(404);
  });
});
