import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const INVALID_CODE = {
  message: "The provided two factor authentication code was invalid.",
  errors: { code: ["The provided two factor authentication code was invalid."] },
};
const INVALID_RECOVERY_CODE = {
  message: "The provided two factor recovery code was invalid.",
  errors: { recovery_code: ["The provided two factor recovery code was invalid."] },
};

/** The code an authenticator shows `offsetSteps` steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const userRow = (id: number) =>
  api.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Signed in with a fresh password confirmation, as after /user/confirm-password. */
async function confirmedClient(user: { id: number } & Parameters<typeof signInAs>[2]) {
  const client = api.client();
  await signInAs(api.database.db, client, user, {
    "auth.password_confirmed_at": Math.floor(Date.now() / 1000),
  });
  return client;
}

/** A member with confirmed two-factor authentication; returns the secret and codes it was given. */
async function memberWithTwoFactor() {
  const user = await createUser(api.database.db);
  const client = await confirmedClient(user);
  expect((await client.post("/user/two-factor-authentication")).status).toBe(200);
  const { secretKey } = (await client.get("/user/two-factor-secret-key")).body as {
    secretKey: string;
  };
  expect(
    (await client.post("/user/confirmed-two-factor-authentication", { code: codeFor(secretKey) }))
      .status,
  ).toBe(200);
  const recoveryCodes = (await client.get("/user/two-factor-recovery-codes")).body as string[];
  return { user, secretKey, recoveryCodes };
}

async function startLogin(email: string, remember = false): Promise<HttpClient> {
  const client = api.client();
  await client.csrf();
  const response = await client.post("/login", { email, password: DEFAULT_PASSWORD, remember });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ two_factor: true });
  return client;
}

describe("two-factor management", () => {
  it("enables with an encrypted secret and 8 encrypted recovery codes, unconfirmed until the first code", async () => {
    const user = await createUser(api.database.db);
    const client = await confirmedClient(user);

    const enabled = await client.post("/user/two-factor-authentication");
    expect(enabled.status).toBe(200);
    expect(enabled.text).toBe('""');
    expect((await client.get("/api/user")).body.data.two_factor).toBe(false);

    const secret = await client.get("/user/two-factor-secret-key");
    expect(secret.status).toBe(200);
    expect(secret.body).toEqual({ secretKey: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    const secretKey = secret.body.secretKey as string;

    const qr = await client.get("/user/two-factor-qr-code");
    expect(qr.status).toBe(200);
    expect(Object.keys(qr.body).sort()).toEqual(["svg", "url"]);
    expect(qr.body.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const url = new URL(qr.body.url);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe(`/Almoner:${user.email}`);
    expect(url.searchParams.get("secret")).toBe(secretKey);
    expect(url.searchParams.get("issuer")).toBe("Almoner");

    const codes = await client.get("/user/two-factor-recovery-codes");
    expect(codes.status).toBe(200);
    expect(codes.body).toHaveLength(8);
    for (const code of codes.body) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);

    const row = await userRow(user.id);
    expect(row.two_factor_confirmed_at).toBeNull();
    const stored = `${row.two_factor_secret} ${row.two_factor_recovery_codes}`;
    expect(stored).not.toContain(secretKey);
    for (const code of codes.body) expect(stored).not.toContain(code);
    expect(row.two_factor_secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);

    // Enabling again keeps the same secret (Fortify); force makes a new one.
    await client.post("/user/two-factor-authentication");
    expect((await client.get("/user/two-factor-secret-key")).body.secretKey).toBe(secretKey);
    await client.post("/user/two-factor-authentication", { force: true });
    expect((await client.get("/user/two-factor-secret-key")).body.secretKey).not.toBe(secretKey);
  });

  it("uses the foundation's name from the settings as the issuer", async () => {
    await api.database.db
      .insertInto("settings")
      .values({ key: "name", value: "Helping Hands" })
      .execute();
    try {
      const user = await createUser(api.database.db);
      const client = await confirmedClient(user);
      await client.post("/user/two-factor-authentication");
      const url = new URL((await client.get("/user/two-factor-qr-code")).body.url);
      expect(url.searchParams.get("issuer")).toBe("Helping Hands");
      expect(decodeURIComponent(url.pathname)).toBe(`/Helping Hands:${user.email}`);
    } finally {
      await api.database.db.deleteFrom("settings").where("key", "=", "name").execute();
    }
  });

  it("confirms with a valid code (200) and refuses a wrong one (422 under code)", async () => {
    const user = await createUser(api.database.db);
    const client = await confirmedClient(user);
    await client.post("/user/two-factor-authentication");
    const { secretKey } = (await client.get("/user/two-factor-secret-key")).body;

    for (const body of [{ code: "000000" }, {}, { code: 123456 }, { code: "not-a-code" }]) {
      const wrong = await client.post("/user/confirmed-two-factor-authentication", body);
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual(INVALID_CODE);
    }
    const confirmed = await client.post("/user/confirmed-two-factor-authentication", {
      code: codeFor(secretKey),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toBe('""');
    expect((await client.get("/api/user")).body.data.two_factor).toBe(true);
  });

  it("regenerates the recovery codes", async () => {
    const { user, recoveryCodes } = await memberWithTwoFactor();
    const client = await confirmedClient(user);
    const response = await client.post("/user/two-factor-recovery-codes");
    expect(response.status).toBe(200);
    const fresh = (await client.get("/user/two-factor-recovery-codes")).body as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
  });

  it("disables: the secret and codes are gone", async () => {
    const { user } = await memberWithTwoFactor();
    const client = await confirmedClient(user);
    const response = await client.delete("/user/two-factor-authentication");
    expect(response.status).toBe(200);
    expect((await client.get("/api/user")).body.data.two_factor).toBe(false);
    expect((await client.get("/user/two-factor-qr-code")).body).toEqual([]);
    expect((await client.get("/user/two-factor-recovery-codes")).body).toEqual([]);
    const secret = await client.get("/user/two-factor-secret-key");
    expect(secret.status).toBe(404);
    expect(secret.body).toEqual({ message: "Two factor authentication has not been enabled." });
    expect((await client.post("/user/two-factor-recovery-codes")).status).toBe(404);
    const row = await userRow(user.id);
    expect([
      row.two_factor_secret,
      row.two_factor_recovery_codes,
      row.two_factor_confirmed_at,
    ]).toEqual([null, null, null]);
    // Login no longer asks for a code.
    const login = api.client();
    await login.csrf();
    expect(
      (await login.post("/login", { email: user.email, password: DEFAULT_PASSWORD })).body,
    ).toEqual({
      two_factor: false,
    });
  });

  const managementCalls: [string, string][] = [
    ["POST", "/user/two-factor-authentication"],
    ["POST", "/user/confirmed-two-factor-authentication"],
    ["GET", "/user/two-factor-qr-code"],
    ["GET", "/user/two-factor-secret-key"],
    ["GET", "/user/two-factor-recovery-codes"],
    ["POST", "/user/two-factor-recovery-codes"],
    ["DELETE", "/user/two-factor-authentication"],
  ];

  it.each(managementCalls)(
    "%s %s answers 401 anonymous and 423 without a recent password confirmation",
    async (method, path) => {
      const anonymous = api.client();
      await anonymous.csrf();
      const unauthenticated = await anonymous.request(method, path);
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.body).toEqual({ message: "Unauthenticated." });

      const user = await createUser(api.database.db);
      const client = api.client();
      await signInAs(api.database.db, client, user);
      const unconfirmed = await client.request(method, path);
      expect(unconfirmed.status).toBe(423);
      expect(unconfirmed.body).toEqual({ message: "Password confirmation required." });

      const stale = api.client();
      await signInAs(api.database.db, stale, user, {
        "auth.password_confirmed_at": Math.floor(Date.now() / 1000) - 10_801,
      });
      expect((await stale.request(method, path)).status).toBe(423);
    },
  );

  it.each(managementCalls.filter(([method]) => method !== "GET"))(
    "%s %s answers 419 without the XSRF token",
    async (method, path) => {
      const user = await createUser(api.database.db);
      const client = await confirmedClient(user);
      const response = await client.request(method, path, { xsrf: false });
      expect(response.status).toBe(419);
      expect(response.body).toEqual({ message: "CSRF token mismatch." });
    },
  );
});

describe("POST /two-factor-challenge", () => {
  it("login answers two_factor: true and leaves the member signed out until the challenge", async () => {
    const { user, secretKey } = await memberWithTwoFactor();
    const client = await startLogin(user.email);
    expect((await client.get("/api/user")).status).toBe(401);
    const session = await client.cookie("almoner_session");

    const response = await client.post("/two-factor-challenge", {
      code: codeFor(secretKey, 1),
      recovery_code: codeFor(secretKey, 1),
    });

    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(await client.cookie("almoner_session")).not.toBe(session);
    expect((await client.get("/api/user")).body.data).toMatchObject({
      id: user.id,
      two_factor: true,
    });
  });

  it("accepts a code only once (replay refused), and not one outside the ±1 step window", async () => {
    const { user, secretKey } = await memberWithTwoFactor();
    const now = Date.now();
    const code = new TOTP({ secret: Secret.fromBase32(secretKey) }).generate({
      timestamp: now + 30_000,
    });
    const first = await startLogin(user.email);
    expect((await first.post("/two-factor-challenge", { code, recovery_code: code })).status).toBe(
      204,
    );

    const replay = await startLogin(user.email);
    const replayed = await replay.post("/two-factor-challenge", { code, recovery_code: code });
    expect(replayed.status).toBe(422);
    expect(replayed.body).toEqual(INVALID_CODE);
    // The code the confirmation used is spent too, and one from further ahead is not valid yet.
    expect(
      (await replay.post("/two-factor-challenge", { code: codeFor(secretKey, 0) })).status,
    ).toBe(422);
    expect(
      (await replay.post("/two-factor-challenge", { code: codeFor(secretKey, 3) })).status,
    ).toBe(422);
    expect((await replay.get("/api/user")).status).toBe(401);
    expect((await userRow(user.id)).two_factor_last_step).toBe(Math.floor(now / 30_000) + 1);
  });

  it("accepts an unused recovery code once and replaces it by a new one", async () => {
    const { user, recoveryCodes } = await memberWithTwoFactor();
    const [used] = recoveryCodes;
    const client = await startLogin(user.email);
    const response = await client.post("/two-factor-challenge", {
      code: used,
      recovery_code: used,
    });
    expect(response.status).toBe(204);
    expect((await client.get("/api/user")).status).toBe(200);

    const confirmed = await confirmedClient(user);
    const remaining = (await confirmed.get("/user/two-factor-recovery-codes")).body as string[];
    expect(remaining).toHaveLength(8);
    expect(remaining).not.toContain(used);
    expect(remaining.filter((code) => recoveryCodes.includes(code))).toHaveLength(7);

    const again = await startLogin(user.email);
    const reused = await again.post("/two-factor-challenge", { code: used, recovery_code: used });
    expect(reused.status).toBe(422);
    expect(reused.body).toEqual(INVALID_RECOVERY_CODE);
    expect((await again.get("/api/user")).status).toBe(401);
  });

  it("answers 422 under code for a wrong authenticator code or an empty form", async () => {
    const { user } = await memberWithTwoFactor();
    const client = await startLogin(user.email);
    const wrong = await client.post("/two-factor-challenge", {
      code: "000000",
      recovery_code: "000000",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(INVALID_CODE);
    expect((await client.post("/two-factor-challenge", {})).body).toEqual(INVALID_CODE);
  });

  it("honours remember from the login", async () => {
    const { user, secretKey } = await memberWithTwoFactor();
    const client = await startLogin(user.email, true);
    const code = codeFor(secretKey, 1);
    const response = await client.post("/two-factor-challenge", { code, recovery_code: code });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("remember_web="))).toBe(true);
    const browser = api.client();
    await browser.setCookie("remember_web", (await client.cookie("remember_web"))!);
    expect((await browser.get("/api/user")).body.data.id).toBe(user.id);
  });

  it("answers 401 without a pending login", async () => {
    const client = api.client();
    await client.csrf();
    const response = await client.post("/two-factor-challenge", { code: "123456" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });

  it("answers 419 without the XSRF token", async () => {
    const { user } = await memberWithTwoFactor();
    const client = await startLogin(user.email);
    expect(
      (await client.post("/two-factor-challenge", { code: "123456" }, { xsrf: false })).status,
    ).toBe(419);
  });

  it("answers 429 with Retry-After after 5 attempts a minute for the pending login", async () => {
    const { user, secretKey } = await memberWithTwoFactor();
    const client = await startLogin(user.email);
    for (let i = 0; i < 5; i++)
      expect((await client.post("/two-factor-challenge", { code: "000000" })).status).toBe(422);
    const locked = await client.post("/two-factor-challenge", { code: codeFor(secretKey, 1) });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: "Too Many Attempts." });
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A new login of the same member does not reset the count.
    const again = await startLogin(user.email);
    expect(
      (await again.post("/two-factor-challenge", { code: codeFor(secretKey, 1) })).status,
    ).toBe(429);
  });
});
