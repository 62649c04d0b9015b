// An admin's Delete User moves the user to the trash (record 055): Undo brings the account back
// as it was, and until then nobody signs in with it.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { User } from "../../server/types.ts";
import { clientAs } from "../support/admin-calls.ts";
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

let address = 0;

/** A browser of its own, from its own address, so the sign-in throttle of one never meets another. */
async function browser(target: TestApi = api) {
  const headers = { "X-Forwarded-For": `203.0.113.${++address}` };
  const client = target.client();
  await client.request("GET", "/sanctum/csrf-cookie", { headers });
  return { client, headers };
}

async function logIn(email: string, password = DEFAULT_PASSWORD, remember = false) {
  const { client, headers } = await browser();
  const response = await client.post("/login", { email, password, remember }, { headers });
  return { client, status: response.status };
}

function trashIdOf(response: { status: number; headers: Headers }): number {
  expect(response.status).toBe(204);
  return Number(response.headers.get("X-Trash-Id"));
}

async function signedIn(user: User): Promise<HttpClient> {
  const client = api.client();
  await signInAs(api.database.db, client, user);
  return client;
}

describe("Delete User, to the trash", () => {
  it("moves the user to the trash: their sessions and remember cookies end, and they cannot sign in", async () => {
    const user = await createUser(api.database.db, { firstname: "Ada", lastname: "Mensah" });
    const elsewhere = await signedIn(user);
    const remembered = await logIn(user.email, DEFAULT_PASSWORD, true);
    expect(remembered.status).toBe(200);
    const rememberCookie = (await remembered.client.cookie("remember_web"))!;
    expect(rememberCookie).toBeTruthy();

    const trashId = trashIdOf(await admin.delete(`/api/users/${user.id}`));

    expect((await admin.get(`/api/users/${user.id}`)).status).toBe(404);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect((await logIn(user.email)).status).toBe(422);
    const list = await admin.get("/api/trash?q=Mensah");
    expect(list.body.results).toEqual([
      expect.objectContaining({ id: trashId, kind: "user", item_id: user.id, title: "Ada Mensah" }),
    ]);

    // Restored, the account is as it was: same id, email and password; old cookies stay dead.
    const restored = await admin.post(`/api/trash/${trashId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ kind: "user", item_id: user.id, title: "Ada Mensah" });
    const read = await admin.get(`/api/users/${user.id}`);
    expect(read.body).toMatchObject({
      id: user.id,
      firstname: "Ada",
      lastname: "Mensah",
      email: user.email,
      role: "user",
    });
    expect((await logIn(user.email)).status).toBe(200);
    const { client: oldBrowser } = await browser();
    await oldBrowser.setCookie("remember_web", rememberCookie);
    expect((await oldBrowser.get("/api/user")).status).toBe(401);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
  });

  it("keeps their drafts and invitation, which come back with them", async () => {
    const person = await admin.post("/api/users", {
      firstname: "Invited",
      lastname: "Person",
      email: `invited-${Date.now()}@example.org`,
      role: "admin",
      send_invitation: true,
    });
    expect(person.status).toBe(201);
    const id: number = person.body.id;
    await api.database.db
      .insertInto("drafts")
      .values({
        user_id: id,
        subject: "settings",
        subject_id: 0,
        version: null,
        data: JSON.stringify({ phone: "+44 1632 960000" }),
        saved_at: new Date().toISOString(),
      })
      .execute();

    const trashId = trashIdOf(await admin.delete(`/api/users/${id}`));
    const draftsOf = () =>
      api.database.db.selectFrom("drafts").select("user_id").where("user_id", "=", id).execute();
    expect(await draftsOf()).toEqual([]);

    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    expect(await draftsOf()).toEqual([{ user_id: id }]);
    expect((await admin.get(`/api/users/${id}`)).body.invitation).toEqual(person.body.invitation);
  });

  it("refuses to restore a user whose email another account took meanwhile (422 under email)", async () => {
    const user = await createUser(api.database.db);
    const trashId = trashIdOf(await admin.delete(`/api/users/${user.id}`));
    const newcomer = await createUser(api.database.db, { email: user.email });

    const refused = await admin.post(`/api/trash/${trashId}/restore`, {});

    const message = `Another account has the email address ${user.email} now. Change or delete it, then restore this one.`;
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message, errors: { email: [message] } });
    expect((await admin.get(`/api/trash?q=${encodeURIComponent(user.lastname)}`)).body.total).toBe(
      1,
    );
    // Once the newcomer's address changes, the user comes back.
    expect(
      (await admin.patch(`/api/users/${newcomer.id}`, { email: `moved-${user.email}` })).status,
    ).toBe(200);
    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    expect((await admin.get(`/api/users/${user.id}`)).body.email).toBe(user.email);
  });

  it("logs the delete and the restore, linking the trash and then the user", async () => {
    const user = await createUser(api.database.db, { firstname: "Logged", lastname: "Leaver" });
    const trashId = trashIdOf(await admin.delete(`/api/users/${user.id}`));
    await admin.post(`/api/trash/${trashId}/restore`, {});
    const lines = await api.database.db
      .selectFrom("activity")
      .select(["action", "subject", "subject_id", "link"])
      .where("title", "=", "Logged Leaver")
      .orderBy("id")
      .execute();
    expect(lines).toEqual([
      { action: "deleted", subject: "user", subject_id: user.id, link: "/admin/trash" },
      { action: "restored", subject: "user", subject_id: user.id, link: `/admin/users/${user.id}` },
    ]);
  });

  it("purged from the trash, the user is gone for good", async () => {
    const user = await createUser(api.database.db);
    const trashId = trashIdOf(await admin.delete(`/api/users/${user.id}`));
    expect((await admin.delete(`/api/trash/${trashId}`)).status).toBe(204);
    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(404);
    expect((await admin.get(`/api/users/${user.id}`)).status).toBe(404);
  });

  it("still refuses the admin's own account and the last admin, keeping nothing in the trash", async () => {
    const own = await startTestApi();
    onTestFinished(() => own.close());
    const me = await createAdmin(own.database.db);
    const client = own.client();
    await signInAs(own.database.db, client, me);
    const refused = await client.delete(`/api/users/${me.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ user: ["You cannot delete your own account."] });
    expect((await client.get("/api/trash")).body.total).toBe(0);
    expect((await client.get("/api/user")).status).toBe(200);
  });
});
