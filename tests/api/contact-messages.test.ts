import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { storeContactMessage } from "../../server/domain/contact.ts";
import { type Caller, clientAs } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

/** Record 036: the admins' messages screen calls, our extension. */

let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

async function freshApi() {
  const own = await startTestApi();
  onTestFinished(() => own.close());
  return { own, client: await clientAs(own, "admin") };
}

/** A visitor's message as POST /api/contact stores it. */
async function message(target: TestApi, name: string, text = `Hello from ${name}`) {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.org`;
  return storeContactMessage(
    target.database.db,
    { name, telephone: "", email, message: text },
    "203.0.113.9",
  );
}

async function activityOf(target: TestApi) {
  return target.database.db
    .selectFrom("activity")
    .select(["action", "subject", "subject_id", "title", "link"])
    .where("subject", "=", "contact_message")
    .orderBy("id")
    .execute();
}

const names = (body: { results: { name: string }[] }) => body.results.map((m) => m.name);

describe("guards", () => {
  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses every message call to %s with %i and changes nothing",
    async (who, status, message_) => {
      const kept = await message(api, `Kept ${who}`);
      const client = await clientAs(api, who);
      for (const response of [
        await client.get("/api/contact-messages"),
        await client.post(`/api/contact-messages/${kept.id}`, { state: "read" }),
        await client.delete(`/api/contact-messages/${kept.id}`),
      ]) {
        expect(response.status).toBe(status);
        expect(response.body).toEqual({ message: message_ });
      }
      const row = await api.database.db
        .selectFrom("contact_messages")
        .select("state")
        .where("id", "=", kept.id)
        .executeTakeFirst();
      expect(row).toEqual({ state: "unread" });
    },
  );
});

describe("GET /api/contact-messages", () => {
  it("answers each message's state and how many are unread in all", async () => {
    const { own, client } = await freshApi();
    const first = await message(own, "Ada");
    await message(own, "Ben");
    expect((await client.post(`/api/contact-messages/${first.id}`, { state: "read" })).status).toBe(
      200,
    );
    const response = await client.get("/api/contact-messages");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [
        expect.objectContaining({ name: "Ben", state: "unread" }),
        expect.objectContaining({ name: "Ada", state: "read" }),
      ],
      total: 2,
      unread: 1,
    });
  });

  it("filters by state: the inbox is every message not archived", async () => {
    const { own, client } = await freshApi();
    const [ada, ben] = [await message(own, "Ada"), await message(own, "Ben")];
    await message(own, "Cy");
    await client.post(`/api/contact-messages/${ada.id}`, { state: "archived" });
    await client.post(`/api/contact-messages/${ben.id}`, { state: "read" });

    const inbox = await client.get("/api/contact-messages?state=inbox");
    expect(names(inbox.body)).toEqual(["Cy", "Ben"]);
    expect(inbox.body).toMatchObject({ total: 2, unread: 1 });
    expect(names((await client.get("/api/contact-messages?state=archived")).body)).toEqual(["Ada"]);
    expect(names((await client.get("/api/contact-messages?state=unread")).body)).toEqual(["Cy"]);
    expect(names((await client.get("/api/contact-messages?state=read")).body)).toEqual(["Ben"]);
    expect(names((await client.get("/api/contact-messages?state=")).body)).toEqual([
      "Cy",
      "Ben",
      "Ada",
    ]);

    const wrong = await client.get("/api/contact-messages?state=spam");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ state: ["The selected state is invalid."] });
  });

  it("finds every word of ?q= in the name, email or text, in any case", async () => {
    const { own, client } = await freshApi();
    await message(own, "Nia Okafor", "Can I VOLUNTEER on Saturdays?");
    await message(own, "Tom Reed", "Where do I send a donation?");
    await message(own, "100% Sure", "Percent signs are not wildcards");
    const search = async (q: string, state = "") =>
      names(
        (
          await client.get(
            `/api/contact-messages?q=${encodeURIComponent(q)}${state ? `&state=${state}` : ""}`,
          )
        ).body,
      );
    expect(await search("volunteer")).toEqual(["Nia Okafor"]);
    expect(await search("tom.reed@")).toEqual(["Tom Reed"]);
    expect(await search("okafor saturdays")).toEqual(["Nia Okafor"]);
    expect(await search("okafor donation")).toEqual([]);
    expect(await search("%")).toEqual(["100% Sure"]);
    expect(await search("volunteer", "archived")).toEqual([]);
    const found = await client.get("/api/contact-messages?q=donation");
    expect(found.body).toMatchObject({ total: 1, unread: 3 });
  });
});

describe("POST /api/contact-messages/{id}", () => {
  it("marks a message read, unread or archived: 200 with the message; logs it without the text", async () => {
    const { own, client } = await freshApi();
    const stored = await message(own, "Ada Lovelace", "A private question");
    for (const state of ["read", "unread", "archived"]) {
      const response = await client.post(`/api/contact-messages/${stored.id}`, { state });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: stored.id,
        name: "Ada Lovelace",
        telephone: "",
        email: "ada.lovelace@example.org",
        message: "A private question",
        state,
        created_at: stored.created_at,
        mailed_at: null,
      });
    }
    const line = { subject: "contact_message", subject_id: stored.id, link: "/admin/messages" };
    const title = "Message from Ada Lovelace";
    expect(await activityOf(own)).toEqual([
      { action: "marked_read", title, ...line },
      { action: "marked_unread", title, ...line },
      { action: "archived", title, ...line },
    ]);
  });

  it("takes a multipart form as the web tier may send it", async () => {
    const stored = await message(api, "Form Sender");
    const form = new FormData();
    form.append("state", "read");
    const response = await admin.request("POST", `/api/contact-messages/${stored.id}`, { form });
    expect(response.status).toBe(200);
    expect(response.body.state).toBe("read");
  });

  it("answers 422 to a missing or unknown state and 404 to an unknown message", async () => {
    const stored = await message(api, "Checked");
    const missing = await admin.post(`/api/contact-messages/${stored.id}`, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      message: "The state field is required.",
      errors: { state: ["The state field is required."] },
    });
    const unknown = await admin.post(`/api/contact-messages/${stored.id}`, { state: "spam" });
    expect(unknown.body.errors).toEqual({ state: ["The selected state is invalid."] });
    for (const id of ["999999", "0", "abc", "99999999999"]) {
      const response = await admin.post(`/api/contact-messages/${id}`, { state: "read" });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
  });
});

describe("DELETE /api/contact-messages/{id}", () => {
  it("moves the message to the trash (X-Trash-Id), and a restore brings it back as it was", async () => {
    const { own, client } = await freshApi();
    const stored = await message(own, "Ada", "Please call me back");
    await client.post(`/api/contact-messages/${stored.id}`, { state: "read" });
    await message(own, "Ben");

    const deleted = await client.delete(`/api/contact-messages/${stored.id}`);
    expect(deleted.status).toBe(204);
    const trashId = deleted.headers.get("X-Trash-Id");
    expect(trashId).toMatch(/^\d+$/);
    expect(names((await client.get("/api/contact-messages")).body)).toEqual(["Ben"]);
    expect((await client.get("/api/trash")).body.results).toEqual([
      expect.objectContaining({
        id: Number(trashId),
        kind: "contact_message",
        item_id: stored.id,
        title: "Message from Ada",
      }),
    ]);
    expect((await client.delete(`/api/contact-messages/${stored.id}`)).status).toBe(404);

    const restored = await client.post(`/api/trash/${trashId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({
      id: Number(trashId),
      kind: "contact_message",
      item_id: stored.id,
      title: "Message from Ada",
      slug: null,
      slug_changed: false,
    });
    const back = await client.get("/api/contact-messages");
    expect(back.body.results[1]).toMatchObject({
      id: stored.id,
      name: "Ada",
      message: "Please call me back",
      state: "read",
    });
    expect(back.body.unread).toBe(1);
    expect((await activityOf(own)).map((line) => [line.action, line.title, line.link])).toEqual([
      ["marked_read", "Message from Ada", "/admin/messages"],
      ["deleted", "Message from Ada", "/admin/trash"],
      ["restored", "Message from Ada", "/admin/messages"],
    ]);
  });

  it("purges a trashed message for good", async () => {
    const { own, client } = await freshApi();
    const stored = await message(own, "Gone");
    const trashId = (await client.delete(`/api/contact-messages/${stored.id}`)).headers.get(
      "X-Trash-Id",
    );
    expect((await client.delete(`/api/trash/${trashId}`)).status).toBe(204);
    expect((await client.get("/api/contact-messages")).body).toEqual({
      results: [],
      total: 0,
      unread: 0,
    });
  });
});
