import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContractTarget, openContractTarget } from "../support/contract-target.ts";
import type { HttpClient } from "../support/http-client.ts";

/** The user-management calls of the admin screens; the users they create are deleted again. */
let target: ContractTarget;
let admin: HttpClient;
const created: number[] = [];

beforeAll(async () => {
  target = await openContractTarget();
  admin = await target.signedInAdmin();
});
afterAll(async () => {
  for (const id of created) await admin?.delete(`/api/users/${id}`);
  await target?.close();
});

const ok = (status: number) => status >= 200 && status < 300;
/** A user as the web tier reads it: bare, or inside Laravel's `data` wrapper. */
const userOf = (body: any) => body?.data ?? body;

function expectUser(user: any) {
  expect(user).toMatchObject({
    id: expect.any(Number),
    firstname: expect.any(String),
    lastname: expect.any(String),
    email: expect.any(String),
    role: expect.stringMatching(/^(user|admin)$/),
  });
}

const newUser = () => {
  const password = `contract-${randomBytes(6).toString("hex")}`;
  return {
    firstname: "Contract",
    lastname: "User",
    email: `contract-${randomBytes(4).toString("hex")}@example.org`,
    role: "user",
    password,
    password_confirmation: password,
  };
};

describe("contract: admin users", () => {
  it("GET /api/users lists users", async () => {
    const response = await admin.get("/api/users?page=0&limit=24");
    expect(response.status).toBe(200);
    const users = Array.isArray(response.body) ? response.body : response.body.results;
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) expectUser(user);
  });

  it("creates, reads, updates and deletes a user", async () => {
    const body = newUser();
    const response = await admin.post("/api/users", body);
    expect(response.status).toBe(201);
    const user = userOf(response.body);
    expectUser(user);
    created.push(user.id);

    const read = await admin.get(`/api/users/${user.id}`);
    expect(read.status).toBe(200);
    expect(userOf(read.body)).toMatchObject({ id: user.id, email: body.email, role: "user" });

    const updated = await admin.patch(`/api/users/${user.id}`, {
      firstname: "Changed",
      lastname: "User",
      email: body.email,
      role: "admin",
    });
    expect(ok(updated.status)).toBe(true);
    expect(userOf((await admin.get(`/api/users/${user.id}`)).body)).toMatchObject({
      firstname: "Changed",
      role: "admin",
    });

    expect(ok((await admin.delete(`/api/users/${user.id}`)).status)).toBe(true);
    expect((await admin.get(`/api/users/${user.id}`)).status).toBe(404);
  });

  it("POST /api/users with a taken email answers 422 under email", async () => {
    const me = userOf((await admin.get("/api/user")).body);
    const response = await admin.post("/api/users", { ...newUser(), email: me.email });
    expect(response.status).toBe(422);
    expect(response.body.errors.email[0]).toEqual(expect.any(String));
  });

  it("DELETE /api/users/{own id} answers 422, and the admin stays", async () => {
    // Against another backend a missing rule would delete the suite's own admin: embedded only.
    if (!target.embedded) return;
    const me = userOf((await admin.get("/api/user")).body);
    const response = await admin.delete(`/api/users/${me.id}`);
    expect(response.status).toBe(422);
    expect(response.body.message).toEqual(expect.any(String));
    expect((await admin.get("/api/user")).status).toBe(200);
  });
});
