import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { TestResponse } from "../support/http-client.ts";
import { startTestApi, type TestApi, type TestApiInstance } from "../support/test-api.ts";
import { sha256Hex } from "../../server/security/encryption.ts";

const FAILED_LOGIN = "These credentials do not match our records.";
const WRONG_PASSWORD = "The provided password was incorrect.";
const TOO_MANY = { message: "Too Many Attempts." };

let ipCounter = 0;
/** Each test signs in from its own address, so the per-IP keys count only its own attempts. */
const nextIp = () => `198.51.100.${++ipCounter}`;

const statusesOf = (responses: TestResponse[]) => responses.map((r) => r.status).sort();

/** A browser behind the web tier, talking to one API instance from `ip`. */
async function visitor(instance: TestApiInstance, ip: string) {
  const client = instance.client();
  const headers = { "X-Forwarded-For": ip };
  await client.request("GET", "/sanctum/csrf-cookie", { headers });
  return {
    client,
    headers,
    login: (email: string, password: string) =>
      client.post("/login", { email, password }, { headers }),
    post: (path: string, body: unknown) => client.post(path, body, { headers }),
  };
}

async function memberOn(api: TestApi, instance: TestApiInstance) {
  const user = await createUser(api.database.db);
  const client = instance.client();
  await signInAs(api.database.db, client, user);
  return { user, client };
}

describe.each([
  ["the database", {}],
  ["Redis", { REDIS_URL: "redis://127.0.0.1:6379" }],
])("throttles counted in %s", (store, env: Record<string, string>) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(env);
  });
  afterAll(async () => {
    await api?.close();
  });

  it(`keeps the counts in ${store}`, async () => {
    const user = await createUser(api.database.db);
    const ip = nextIp();
    expect((await (await visitor(api, ip)).login(user.email, "wrong")).status).toBe(422);
    const rows = await api.database.db.selectFrom("throttles").select("key").execute();
    const key = `login:${sha256Hex(`${user.email}|${ip}`)}`;
    expect(rows.some((row) => row.key === key)).toBe(!env.REDIS_URL);
    expect(rows.some((row) => row.key.includes(user.email))).toBe(false);
  });

  describe("an attempt is counted before the password is checked", () => {
    it("checks one more login password, not five, when 5 wrong logins arrive at once after 4", async () => {
      const user = await createUser(api.database.db);
      const browser = await visitor(api, nextIp());
      for (let i = 0; i < 4; i++)
        expect((await browser.login(user.email, "wrong")).status).toBe(422);

      const burst = await Promise.all(
        Array.from({ length: 5 }, () => browser.login(user.email, "wrong")),
      );

      expect(statusesOf(burst)).toEqual([422, 429, 429, 429, 429]);
      expect(burst.find((r) => r.status === 422)?.body.message).toBe(FAILED_LOGIN);
      expect(burst.find((r) => r.status === 429)?.body).toEqual(TOO_MANY);
      expect((await browser.login(user.email, DEFAULT_PASSWORD)).status).toBe(429);
    });

    it("checks at most 5 login passwords when 12 arrive at once", async () => {
      const user = await createUser(api.database.db);
      const browser = await visitor(api, nextIp());
      const burst = await Promise.all(
        Array.from({ length: 12 }, () => browser.login(user.email, "wrong")),
      );
      expect(statusesOf(burst)).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
    });

    it("checks one more password on /user/confirm-password when 5 wrong arrive at once after 4", async () => {
      const { client } = await memberOn(api, api);
      const confirm = (password: string) => client.post("/user/confirm-password", { password });
      for (let i = 0; i < 4; i++) expect((await confirm("wrong")).status).toBe(422);

      const burst = await Promise.all(Array.from({ length: 5 }, () => confirm("wrong")));

      expect(statusesOf(burst)).toEqual([422, 429, 429, 429, 429]);
      expect(burst.find((r) => r.status === 422)?.body.errors).toEqual({
        password: [WRONG_PASSWORD],
      });
      expect((await confirm(DEFAULT_PASSWORD)).status).toBe(429);
    });

    it("shares one count of password guesses between confirm-password, the password and the email change", async () => {
      const { client } = await memberOn(api, api);
      const guesses = [
        () =>
          client.put("/user/password", {
            current_password: "wrong",
            password: "a-new-password-1",
            password_confirmation: "a-new-password-1",
          }),
        () =>
          client.put("/user/profile-information", {
            firstname: "Ada",
            lastname: "Lovelace",
            email: `moved-${Date.now()}@example.org`,
            current_password: "wrong",
          }),
        () => client.post("/user/confirm-password", { password: "wrong" }),
      ];
      for (let i = 0; i < 5; i++) expect((await guesses[i % 3]!()).status).toBe(422);
      const burst = await Promise.all(guesses.map((guess) => guess()));
      expect(statusesOf(burst)).toEqual([429, 429, 429]);
      expect(burst[0]!.body).toEqual(TOO_MANY);
    });

    it("still lets a member in after failures below the limit, and the success clears them", async () => {
      const user = await createUser(api.database.db);
      const browser = await visitor(api, nextIp());
      for (let i = 0; i < 4; i++)
        expect((await browser.login(user.email, "wrong")).status).toBe(422);
      expect((await browser.login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
      const again = await visitor(api, browser.headers["X-Forwarded-For"]);
      for (let i = 0; i < 5; i++) expect((await again.login(user.email, "wrong")).status).toBe(422);
      expect((await again.login(user.email, "wrong")).status).toBe(429);
    });
  });

  describe("every API instance shares the count", () => {
    it("locks wrong passwords spread across two instances at the same count as on one", async () => {
      const second = await api.startInstance();
      const user = await createUser(api.database.db);
      const ip = nextIp();
      const browsers = [await visitor(api, ip), await visitor(second, ip)];
      for (let attempt = 0; attempt < 5; attempt++) {
        const failed = await browsers[attempt % 2]!.login(user.email, "wrong");
        expect(failed.status).toBe(422);
        expect(failed.body.message).toBe(FAILED_LOGIN);
      }
      for (const browser of browsers) {
        const locked = await browser.login(user.email, DEFAULT_PASSWORD);
        expect(locked.status).toBe(429);
        expect(locked.body).toEqual(TOO_MANY);
        expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      }
    });

    it("checks at most 5 passwords when a burst is split across two instances", async () => {
      const second = await api.startInstance();
      const user = await createUser(api.database.db);
      const ip = nextIp();
      const browsers = [await visitor(api, ip), await visitor(second, ip)];
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) => browsers[i % 2]!.login(user.email, "wrong")),
      );
      expect(statusesOf(burst)).toEqual([...Array(5).fill(422), ...Array(5).fill(429)]);
    });

    it("shares the confirm-password count between instances", async () => {
      const second = await api.startInstance();
      const user = await createUser(api.database.db);
      const clients = [api.client(), second.client()];
      for (const client of clients) await signInAs(api.database.db, client, user);
      for (let attempt = 0; attempt < 5; attempt++) {
        const failed = await clients[attempt % 2]!.post("/user/confirm-password", {
          password: "wrong",
        });
        expect(failed.status).toBe(422);
      }
      for (const client of clients) {
        const locked = await client.post("/user/confirm-password", { password: DEFAULT_PASSWORD });
        expect(locked.status).toBe(429);
        expect(locked.body).toEqual(TOO_MANY);
      }
    });

    it.each([
      ["POST /api/contact, 5 per address", "/api/contact", 5, () => ({})],
      ["POST /forgot-password, 3 per email", "/forgot-password", 3, (email: string) => ({ email })],
    ])("shares %s", async (_name, path, limit, body) => {
      const second = await api.startInstance();
      const email = `shared-${nextIp()}@example.org`;
      const ip = nextIp();
      const browsers = [await visitor(api, ip), await visitor(second, ip)];
      for (let attempt = 0; attempt < limit; attempt++)
        expect((await browsers[attempt % 2]!.post(path, body(email))).status).not.toBe(429);
      for (const browser of browsers) {
        const locked = await browser.post(path, body(email));
        expect(locked.status).toBe(429);
        expect(locked.body).toEqual(TOO_MANY);
      }
    });

    it("shares the verification-mail count between instances, 6 per member", async () => {
      const second = await api.startInstance();
      const user = await createUser(api.database.db, { email_verified_at: null });
      const clients = [api.client(), second.client()];
      for (const client of clients) await signInAs(api.database.db, client, user);
      for (let attempt = 0; attempt < 6; attempt++)
        expect((await clients[attempt % 2]!.post("/email/verification-notification")).status).toBe(
          202,
        );
      for (const client of clients)
        expect((await client.post("/email/verification-notification")).status).toBe(429);
    });

    it("keeps a count across a restart of the API", async () => {
      const before = await api.startInstance();
      const user = await createUser(api.database.db);
      const ip = nextIp();
      const browser = await visitor(before, ip);
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await browser.login(user.email, "wrong")).status).toBe(422);
      await before.close();

      const restarted = await api.startInstance();
      const locked = await (await visitor(restarted, ip)).login(user.email, DEFAULT_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual(TOO_MANY);
    });
  });
});
