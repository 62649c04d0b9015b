import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { User } from "../../server/types.ts";
import { type Caller, clientAs, postForm } from "../support/admin-calls.ts";
import { createAdmin, createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

async function freshApi(): Promise<TestApi> {
  const own = await startTestApi();
  onTestFinished(() => own.close());
  return own;
}

/** A client signed in as `user`. */
async function signedIn(target: TestApi, user: User): Promise<HttpClient> {
  const client = target.client();
  await signInAs(target.database.db, client, user);
  return client;
}

let counter = 0;
const newEmail = () => `made-${++counter}-${Date.now().toString(36)}@example.org`;

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstname: "Lina",
  lastname: "Okoro",
  email: newEmail(),
  role: "user",
  password: "a-long-password",
  password_confirmation: "a-long-password",
  ...overrides,
});

/** Signs in through POST /login, as a person would; answers the status. */
async function login(target: TestApi, email: string, password: string): Promise<number> {
  const client = target.client();
  await client.csrf();
  return (await client.post("/login", { email, password, remember: false })).status;
}

describe("guards", () => {
  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses every user call to %s with %i and changes nothing",
    async (who, status, message) => {
      const target = await createUser(api.database.db, { firstname: "Kept" });
      const client = await clientAs(api, who);
      const calls: [string, () => Promise<{ status: number; body: unknown }>][] = [
        ["GET /api/users", () => client.get("/api/users")],
        ["POST /api/users", () => client.post("/api/users", newUser())],
        ["GET /api/users/{id}", () => client.get(`/api/users/${target.id}`)],
        ["PATCH /api/users/{id}", () => client.patch(`/api/users/${target.id}`, { role: "admin" })],
        ["DELETE /api/users/{id}", () => client.delete(`/api/users/${target.id}`)],
      ];
      for (const [call, send] of calls) {
        const response = await send();
        expect(response.status, call).toBe(status);
        expect(response.body, call).toEqual({ message });
      }
      expect((await admin.get(`/api/users/${target.id}`)).body).toMatchObject({
        firstname: "Kept",
        role: "user",
      });
    },
  );
});

describe("GET /api/users", () => {
  it("lists users by name, a page at a time, as {results, total}", async () => {
    const own = await freshApi();
    const db = own.database.db;
    const boss = await createAdmin(db, { firstname: "zoe", lastname: "Admin" });
    await createUser(db, { firstname: "Adam", lastname: "Smith" });
    await createUser(db, { firstname: "adam", lastname: "Jones", email_verified_at: null });
    await createUser(db, { firstname: "Mara", lastname: "Bell" });
    const client = await signedIn(own, boss);

    const all = await client.get("/api/users");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(
      all.body.results.map((u: { firstname: string; lastname: string }) => u.lastname),
    ).toEqual(["Jones", "Smith", "Bell", "Admin"]);
    expect(all.body.results[0]).toEqual({
      id: expect.any(Number),
      firstname: "adam",
      lastname: "Jones",
      email: expect.stringMatching(/@example\.org$/),
      role: "user",
      two_factor: false,
      email_verified_at: null,
      invitation: null,
    });
    expect(all.body.results[3]).toMatchObject({ id: boss.id, role: "admin" });

    const page = await client.get("/api/users?page=1&limit=3");
    expect(page.body).toEqual({ results: [all.body.results[3]], total: 4 });
    expect((await client.get("/api/users?limit=0")).status).toBe(422);
  });

  it("finds users by every word of ?q= in their names or email, in any case (our extension)", async () => {
    const own = await freshApi();
    const db = own.database.db;
    const boss = await createAdmin(db, { firstname: "Zoe", lastname: "Admin" });
    await createUser(db, { firstname: "Adam", lastname: "Smith", email: "adam@example.org" });
    await createUser(db, { firstname: "Mara", lastname: "Smithers", email: "m_b@example.org" });
    await createUser(db, { firstname: "Ola", lastname: "Bell", email: "ola%bell@example.org" });
    const client = await signedIn(own, boss);
    const lastnames = async (query: string) => {
      const answer = await client.get(`/api/users?${query}`);
      expect(answer.status).toBe(200);
      return answer.body.results.map((u: { lastname: string }) => u.lastname);
    };

    expect(await lastnames("q=smith")).toEqual(["Smith", "Smithers"]);
    expect(await lastnames("q=SMITH+mara")).toEqual(["Smithers"]);
    expect(await lastnames("q=adam%40example")).toEqual(["Smith"]);
    // LIKE's wildcards are searched for as themselves.
    expect(await lastnames("q=_b%40")).toEqual(["Smithers"]);
    expect(await lastnames("q=%25")).toEqual(["Bell"]);
    expect(await lastnames("q=++")).toHaveLength(4);
    expect((await client.get("/api/users?q=smith&limit=1&page=1")).body).toMatchObject({
      total: 2,
      results: [{ lastname: "Smithers" }],
    });
    expect((await client.get("/api/users?q=%00")).status).toBe(422);
  });
});

describe("POST /api/users", () => {
  it("creates a verified user with the role and password given: 201 with the user", async () => {
    const body = newUser({ firstname: "  Lina ", email: `  ${newEmail().toUpperCase()} ` });
    const response = await admin.post("/api/users", body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      firstname: "Lina",
      lastname: "Okoro",
      email: body.email.trim().toLowerCase(),
      role: "user",
      two_factor: false,
      email_verified_at: expect.any(String),
      invitation: null,
    });
    expect(await admin.get(`/api/users/${response.body.id}`)).toMatchObject({
      status: 200,
      body: response.body,
    });
    expect(await login(api, response.body.email, "a-long-password")).toBe(200);
  });

  it("creates an admin who may use the admin calls at once", async () => {
    const response = await postForm(admin, "/api/users", newUser({ role: "admin" }));
    expect(response.status).toBe(201);
    expect(response.body.role).toBe("admin");
    const client = api.client();
    await client.csrf();
    await client.post("/login", {
      email: response.body.email,
      password: "a-long-password",
      remember: false,
    });
    expect((await client.get("/api/users")).status).toBe(200);
  });

  it("answers 422 to an email another user has, in any case", async () => {
    const taken = await createUser(api.database.db);
    const response = await admin.post("/api/users", newUser({ email: taken.email.toUpperCase() }));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The email has already been taken.",
      errors: { email: ["The email has already been taken."] },
    });
  });

  it("answers every field's first problem at once", async () => {
    const response = await admin.post("/api/users", {});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The firstname field is required. (and 4 more errors)",
      errors: {
        firstname: ["The firstname field is required."],
        lastname: ["The lastname field is required."],
        email: ["The email field is required."],
        role: ["The role field is required."],
        password: ["The password field is required."],
      },
    });
  });

  it.each([
    ["an unknown role", { role: "owner" }, "role", "The selected role is invalid."],
    ["an upper-case role", { role: "Admin" }, "role", "The selected role is invalid."],
    [
      "a short password",
      { password: "short", password_confirmation: "short" },
      "password",
      "The password field must be at least 8 characters.",
    ],
    [
      "an unconfirmed password",
      { password_confirmation: "something-else" },
      "password",
      "The password field confirmation does not match.",
    ],
    ["a bad email", { email: "lina" }, "email", "The email field must be a valid email address."],
    [
      "a long first name",
      { firstname: "f".repeat(256) },
      "firstname",
      "The firstname field must not be greater than 255 characters.",
    ],
  ])("answers 422 to %s", async (_case, change, field, message) => {
    const response = await admin.post("/api/users", newUser(change));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });
});

describe("GET /api/users/{id}", () => {
  it("answers 404 to an unknown or malformed id", async () => {
    for (const id of ["999999", "me", "99999999999"]) {
      const response = await admin.get(`/api/users/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
  });
});

describe("PATCH /api/users/{id}", () => {
  it("saves names, email and role, keeping the password when none is sent", async () => {
    const user = await createUser(api.database.db);
    const email = newEmail();
    const response = await admin.patch(`/api/users/${user.id}`, {
      firstname: "Ngozi",
      lastname: "Adebayo",
      email,
      role: "admin",
      password: "",
      password_confirmation: "",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: user.id,
      firstname: "Ngozi",
      lastname: "Adebayo",
      email,
      role: "admin",
      two_factor: false,
      email_verified_at: user.email_verified_at,
      invitation: null,
    });
    expect(await login(api, email, DEFAULT_PASSWORD)).toBe(200);
  });

  it("keeps the fields a save leaves out", async () => {
    const user = await createUser(api.database.db, { firstname: "Kept", lastname: "Too" });
    const response = await admin.patch(`/api/users/${user.id}`, { role: "admin" });
    expect(response.body).toMatchObject({ firstname: "Kept", lastname: "Too", role: "admin" });
  });

  it("sets a new password, which ends the user's sessions", async () => {
    const user = await createUser(api.database.db);
    const member = await signedIn(api, user);
    expect((await member.get("/api/user")).status).toBe(200);
    const response = await admin.patch(`/api/users/${user.id}`, {
      password: "a-brand-new-password",
      password_confirmation: "a-brand-new-password",
    });
    expect(response.status).toBe(200);
    expect((await member.get("/api/user")).status).toBe(401);
    expect(await login(api, user.email, DEFAULT_PASSWORD)).toBe(422);
    expect(await login(api, user.email, "a-brand-new-password")).toBe(200);
  });

  it("keeps the admin's own session when they set their own password", async () => {
    const own = await freshApi();
    const me = await createAdmin(own.database.db);
    const client = await signedIn(own, me);
    const response = await client.patch(`/api/users/${me.id}`, {
      firstname: "Renamed",
      password: "my-own-new-password",
      password_confirmation: "my-own-new-password",
    });
    expect(response.status).toBe(200);
    expect((await client.get("/api/user")).body.data.firstname).toBe("Renamed");
  });

  it("accepts a user's own email unchanged; answers 422 to another user's", async () => {
    const user = await createUser(api.database.db);
    const other = await createUser(api.database.db);
    expect((await admin.patch(`/api/users/${user.id}`, { email: user.email })).status).toBe(200);
    const response = await admin.patch(`/api/users/${user.id}`, { email: other.email });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: ["The email has already been taken."] });
  });

  it.each([
    ["an empty first name", { firstname: "" }, { firstname: ["The firstname field is required."] }],
    ["an unknown role", { role: "root" }, { role: ["The selected role is invalid."] }],
    [
      "a short password",
      { password: "short", password_confirmation: "short" },
      { password: ["The password field must be at least 8 characters."] },
    ],
    [
      "an unconfirmed password",
      { password: "a-long-password", password_confirmation: "" },
      { password: ["The password field confirmation does not match."] },
    ],
  ])("answers 422 to %s and changes nothing", async (_case, body, errors) => {
    const user = await createUser(api.database.db, { firstname: "Same" });
    const response = await admin.patch(`/api/users/${user.id}`, body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
    expect((await admin.get(`/api/users/${user.id}`)).body).toMatchObject({
      firstname: "Same",
      role: "user",
    });
    expect(await login(api, user.email, DEFAULT_PASSWORD)).toBe(200);
  });

  it("refuses an admin taking away their own admin access (422 under role)", async () => {
    const own = await freshApi();
    const me = await createAdmin(own.database.db);
    await createAdmin(own.database.db);
    const client = await signedIn(own, me);
    const response = await client.patch(`/api/users/${me.id}`, { role: "user" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "You cannot remove your own admin access.",
      errors: { role: ["You cannot remove your own admin access."] },
    });
    expect((await client.get(`/api/users/${me.id}`)).body.role).toBe("admin");
    // Saving their own profile with the role unchanged is fine.
    expect((await client.patch(`/api/users/${me.id}`, { role: "admin" })).status).toBe(200);
  });

  it("demotes another admin", async () => {
    const other = await createAdmin(api.database.db);
    const response = await admin.patch(`/api/users/${other.id}`, { role: "user" });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe("user");
  });

  it("never demotes the last admin, even when two admins demote each other at once", async () => {
    const own = await freshApi();
    const [a, b] = [await createAdmin(own.database.db), await createAdmin(own.database.db)];
    const [clientA, clientB] = [await signedIn(own, a), await signedIn(own, b)];
    const responses = await Promise.all([
      clientA.patch(`/api/users/${b.id}`, { role: "user" }),
      clientB.patch(`/api/users/${a.id}`, { role: "user" }),
    ]);
    const statuses = responses.map((response) => response.status).sort();
    // Either one demotion wins and the other finds the last admin, or the loser is no admin any
    // more by the time its call is checked.
    expect(statuses[0]).toBe(200);
    expect([403, 422]).toContain(statuses[1]);
    const refused = responses.find((response) => response.status === 422);
    if (refused)
      expect(refused.body.errors).toEqual({ role: ["The last admin must keep admin access."] });
    const admins = await own.database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .execute();
    expect(admins).toHaveLength(1);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("deletes a user: 204; their sessions end and they can no longer sign in", async () => {
    const user = await createUser(api.database.db);
    const member = await signedIn(api, user);
    const response = await admin.delete(`/api/users/${user.id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await admin.get(`/api/users/${user.id}`)).status).toBe(404);
    expect((await member.get("/api/user")).status).toBe(401);
    expect(await login(api, user.email, DEFAULT_PASSWORD)).toBe(422);
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(404);
  });

  it("deletes another admin", async () => {
    const other = await createAdmin(api.database.db);
    expect((await admin.delete(`/api/users/${other.id}`)).status).toBe(204);
  });

  it("refuses an admin deleting their own account (422 under user)", async () => {
    const own = await freshApi();
    const me = await createAdmin(own.database.db);
    await createAdmin(own.database.db);
    const client = await signedIn(own, me);
    const response = await client.delete(`/api/users/${me.id}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "You cannot delete your own account.",
      errors: { user: ["You cannot delete your own account."] },
    });
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("never deletes the last admin, even when two admins delete each other at once", async () => {
    const own = await freshApi();
    const [a, b] = [await createAdmin(own.database.db), await createAdmin(own.database.db)];
    const [clientA, clientB] = [await signedIn(own, a), await signedIn(own, b)];
    const responses = await Promise.all([
      clientA.delete(`/api/users/${b.id}`),
      clientB.delete(`/api/users/${a.id}`),
    ]);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses[0]).toBe(204);
    // The loser finds the last admin (422), or its own account already gone (401, or 419 as its
    // session went with it).
    expect([401, 419, 422]).toContain(statuses[1]);
    const refused = responses.find((response) => response.status === 422);
    if (refused)
      expect(refused.body.errors).toEqual({ user: ["The last admin cannot be deleted."] });
    const admins = await own.database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .execute();
    expect(admins).toHaveLength(1);
  });
});
