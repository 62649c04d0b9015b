import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

/**
 * The account journey over real HTTP, without reading the database, so it can run against
 * the foundation's Laravel backend: API_URL=https://api.example.org APP_URL=https://www.example.org
 * (APP_URL must be one of its Sanctum stateful domains). Without API_URL: a fresh embedded API.
 */
let embedded: TestApi | undefined;
let baseUrl: string;
let origin: string;

beforeAll(async () => {
  if (process.env.API_URL) {
    baseUrl = process.env.API_URL;
    origin = new URL(process.env.APP_URL ?? process.env.API_URL).origin;
  } else {
    embedded = await startTestApi();
    baseUrl = embedded.url;
    origin = TEST_APP_URL;
  }
});
afterAll(async () => {
  await embedded?.close();
});

const PASSWORD = "contract-Password-1";
const newClient = () => new HttpClient(baseUrl, { origin });
const uniqueEmail = () => `contract-${Date.now()}-${randomBytes(4).toString("hex")}@example.org`;
/** What an authenticator shows `offsetSteps` 30-second steps from now. */
const totp = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function registerMember(client: HttpClient, email: string) {
  const csrf = await client.csrf();
  expect(csrf.status).toBe(204);
  expect(await client.cookie("XSRF-TOKEN")).toBeTruthy();
  const response = await client.post("/register", {
    firstname: "Contract",
    lastname: "Member",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(response.status).toBe(201);
}

async function login(client: HttpClient, email: string, password = PASSWORD) {
  await client.csrf();
  return client.post("/login", { email, password, remember: false });
}

describe("account contract", () => {
  it("answers 401 for the current user when signed out", async () => {
    const response = await newClient().get("/api/user");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });

  it("answers 419 to a login without the XSRF token", async () => {
    const client = newClient();
    await client.csrf();
    const response = await client.post(
      "/login",
      { email: "x@example.org", password: "x" },
      { xsrf: false },
    );
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("answers a wrong password with the credentials message under email", async () => {
    const email = uniqueEmail();
    await registerMember(newClient(), email);
    const response = await login(newClient(), email, "not-the-password");
    expect(response.status).toBe(422);
    expect(response.body.message).toBe("These credentials do not match our records.");
    expect(response.body.errors).toEqual({
      email: ["These credentials do not match our records."],
    });
  });

  it("updates the profile as the web tier does: names alone, and a new email with current_password", async () => {
    const email = uniqueEmail();
    const client = newClient();
    await registerMember(client, email);

    const names = await client.put("/user/profile-information", {
      firstname: "Renamed",
      lastname: "Member",
      email,
    });
    expect(names.status).toBe(200);
    expect((await client.get("/api/user")).body.data).toMatchObject({
      firstname: "Renamed",
      lastname: "Member",
      email,
    });

    const newEmail = uniqueEmail();
    const moved = await client.put("/user/profile-information", {
      firstname: "Renamed",
      lastname: "Member",
      email: newEmail,
      current_password: PASSWORD,
    });
    expect(moved.status).toBe(200);
    const me = (await client.get("/api/user")).body.data;
    expect(me.email).toBe(newEmail);
    expect(me.email_verified_at).toBeNull();
  });

  it("walks the journey: register, user, logout, login, confirm password, two-factor, challenge, recovery, disable", async () => {
    const email = uniqueEmail();
    const client = newClient();

    await registerMember(client, email);
    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      firstname: "Contract",
      lastname: "Member",
      email,
      two_factor: false,
    });

    expect((await client.post("/logout")).status).toBe(204);
    expect((await client.get("/api/user")).status).toBe(401);

    const signedIn = await login(client, email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ two_factor: false });
    expect((await client.get("/api/user")).body.data.email).toBe(email);

    expect((await client.post("/user/two-factor-authentication")).status).toBe(423);
    expect((await client.get("/user/confirmed-password-status")).body).toEqual({
      confirmed: false,
    });
    expect((await client.post("/user/confirm-password", { password: PASSWORD })).status).toBe(201);
    expect((await client.get("/user/confirmed-password-status")).body).toEqual({ confirmed: true });

    expect((await client.post("/user/two-factor-authentication")).status).toBe(200);
    const qr = await client.get("/user/two-factor-qr-code");
    expect(qr.status).toBe(200);
    expect(qr.body.svg).toContain("<svg");
    const secret = await client.get("/user/two-factor-secret-key");
    expect(secret.status).toBe(200);
    const secretKey = secret.body.secretKey as string;
    expect(secretKey).toMatch(/^[A-Z2-7]+=*$/);
    const wrong = await client.post("/user/confirmed-two-factor-authentication", {
      code: "000000",
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(["code"]);
    expect(
      (await client.post("/user/confirmed-two-factor-authentication", { code: totp(secretKey) }))
        .status,
    ).toBe(200);
    expect((await client.get("/api/user")).body.data.two_factor).toBe(true);
    const codes = await client.get("/user/two-factor-recovery-codes");
    expect(codes.status).toBe(200);
    expect(codes.body).toHaveLength(8);
    const recoveryCodes = codes.body as string[];

    // Sign in again: the password alone is not enough any more.
    expect((await client.post("/logout")).status).toBe(204);
    const pending = await login(client, email);
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ two_factor: true });
    expect((await client.get("/api/user")).status).toBe(401);
    const code = totp(secretKey, 1);
    expect((await client.post("/two-factor-challenge", { code, recovery_code: code })).status).toBe(
      204,
    );
    expect((await client.get("/api/user")).body.data.email).toBe(email);

    // And once more with a recovery code.
    expect((await client.post("/logout")).status).toBe(204);
    expect((await login(client, email)).body).toEqual({ two_factor: true });
    const recovery = recoveryCodes[0]!;
    expect(
      (await client.post("/two-factor-challenge", { code: recovery, recovery_code: recovery }))
        .status,
    ).toBe(204);
    expect((await client.get("/api/user")).status).toBe(200);

    expect((await client.post("/user/confirm-password", { password: PASSWORD })).status).toBe(201);
    const regenerated = await client.post("/user/two-factor-recovery-codes");
    expect(regenerated.status).toBe(200);
    const fresh = (await client.get("/user/two-factor-recovery-codes")).body as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh).not.toContain(recoveryCodes[1]);

    expect((await client.delete("/user/two-factor-authentication")).status).toBe(200);
    expect((await client.get("/api/user")).body.data.two_factor).toBe(false);
    expect((await client.post("/logout")).status).toBe(204);
    expect((await login(client, email)).body).toEqual({ two_factor: false });
  });
});
