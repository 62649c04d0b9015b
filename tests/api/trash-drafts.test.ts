// The draft banner's Discard moves the draft to the trash (record 056): Undo brings the typing back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAs, postForm } from "../support/admin-calls.ts";
import { createAdmin, signInAs } from "../support/factories.ts";
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

async function draftOfNewPost(client: HttpClient, typed: Record<string, string>) {
  const post = await postForm(client, "/api/blog", { title: "Saved title" });
  const url = `/api/drafts/blog/${post.body.id}`;
  expect((await client.put(url, { version: null, data: typed })).status).toBe(200);
  return { id: post.body.id as number, url };
}

function trashIdOf(response: { status: number; headers: Headers }): number {
  expect(response.status).toBe(204);
  const id = response.headers.get("X-Trash-Id");
  expect(id).toMatch(/^\d+$/);
  return Number(id);
}

describe("Discard of a draft, to the trash", () => {
  it("keeps the discarded draft in the trash, and a restore gives it back as it was", async () => {
    const typed = { title: "Typed for an hour", article: "<p>Every word of it</p>" };
    const { url } = await draftOfNewPost(admin, typed);
    const before = (await admin.get(url)).body;

    const trashId = trashIdOf(await admin.delete(url));

    expect((await admin.get(url)).status).toBe(404);
    const listed = await admin.get("/api/trash?q=Typed%20for%20an%20hour");
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        id: trashId,
        kind: "draft",
        title: "Unsaved changes to “Typed for an hour”",
      }),
    ]);
    const restored = await admin.post(`/api/trash/${trashId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ kind: "draft", slug: null });
    expect((await admin.get(url)).body).toEqual(before);
  });

  it("answers 204 without a trash item when there is no draft to discard", async () => {
    const post = await postForm(admin, "/api/blog", { title: "Nothing typed" });
    const response = await admin.delete(`/api/drafts/blog/${post.body.id}`);
    expect(response.status).toBe(204);
    expect(response.headers.get("X-Trash-Id")).toBeNull();
  });

  it("names the settings' draft, which has no title", async () => {
    const url = "/api/drafts/settings/0";
    await admin.put(url, { version: null, data: { phone: "+44 1632 960001" } });
    const trashId = trashIdOf(await admin.delete(url));
    const listed = await admin.get("/api/trash?limit=100");
    expect(listed.body.results).toContainEqual(
      expect.objectContaining({ id: trashId, title: "Unsaved changes to the settings" }),
    );
    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    expect((await admin.get(url)).body.data).toEqual({ phone: "+44 1632 960001" });
    await admin.delete(url);
  });

  it("does not restore over newer unsaved changes (422), and does once they are saved", async () => {
    const { id, url } = await draftOfNewPost(admin, { title: "Older typing" });
    const trashId = trashIdOf(await admin.delete(url));
    await admin.put(url, { version: null, data: { title: "Newer typing" } });

    const refused = await admin.post(`/api/trash/${trashId}/restore`, {});

    const message =
      "There are newer unsaved changes of this item: save or discard them, then restore these.";
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message, errors: { draft: [message] } });
    expect((await admin.get(url)).body.data).toEqual({ title: "Newer typing" });
    // A save ends the newer draft; the older one can come back.
    expect((await postForm(admin, `/api/blog/${id}`, { title: "Newer typing" })).status).toBe(200);
    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    expect((await admin.get(url)).body.data).toEqual({ title: "Older typing" });
  });

  it("gives a colleague's discarded draft back to its author, and only once the author is back", async () => {
    const author = await createAdmin(api.database.db, { firstname: "Drafting" });
    const client = api.client();
    await signInAs(api.database.db, client, author);
    const { url } = await draftOfNewPost(client, { title: "Theirs" });
    const draftTrashId = trashIdOf(await client.delete(url));
    const userTrashId = trashIdOf(await admin.delete(`/api/users/${author.id}`));

    const refused = await admin.post(`/api/trash/${draftTrashId}/restore`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      draft: ["Their author's account is gone: restore it from the trash first."],
    });

    expect((await admin.post(`/api/trash/${userTrashId}/restore`, {})).status).toBe(200);
    expect((await admin.post(`/api/trash/${draftTrashId}/restore`, {})).status).toBe(200);
    // Theirs, not the admin's who restored it.
    expect((await admin.get(url)).status).toBe(404);
    const again = api.client();
    await signInAs(api.database.db, again, author);
    expect((await again.get(url)).body.data).toEqual({ title: "Theirs" });
  });
});
