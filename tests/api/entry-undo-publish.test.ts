// POST /api/{kind}/{id}/undo-publish (record 059): the Undo after a publish puts the entry back
// as a draft with the date it had, while nothing was saved since.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAs, postForm } from "../support/admin-calls.ts";
import { createEntry } from "../support/entries-factory.ts";
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

const PAST = "2024-01-01T00:00:00.000Z";
const NO_PUBLISH = "There is no publish to undo: this version did not publish the item.";

describe("POST /api/{kind}/{id}/undo-publish", () => {
  it("takes a draft published by mistake back, so that the real publish dates it then", async () => {
    const draft = await createEntry(api.database.db, "blog", {
      status: "draft",
      date_chosen: 0,
      created_at: PAST,
    });
    const published = await admin.post(`/api/blog/${draft.id}/publish`);
    expect(published.body).toMatchObject({ status: "published", date_chosen: true });

    const undone = await admin.post(`/api/blog/${draft.id}/undo-publish`, {
      version: published.body.version,
    });

    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: "draft", date_chosen: false });
    expect(undone.body.version).toBe(published.body.version + 1);
    expect((await api.client({ origin: null }).get(`/api/blog/${draft.slug}`)).status).toBe(404);
    const beforeRealPublish = new Date().toISOString();
    const republished = await admin.post(`/api/blog/${draft.id}/publish`);
    expect(republished.body.created_at >= beforeRealPublish).toBe(true);

    const activity = await admin.get(`/api/activity?limit=100&subject=blog`);
    const lines = activity.body.results
      .filter((line: { subject_id: number }) => line.subject_id === draft.id)
      .map((line: { action: string }) => line.action);
    expect(lines).toEqual(["published", "unpublished", "published"]);
  });

  it("puts back a date staff had chosen, and the words saved with the publish stay", async () => {
    const created = await admin.post("/api/projects", { title: "Well repair", status: "draft" });
    const id = created.body.id as number;
    await postForm(admin, `/api/projects/${id}`, { created_at: PAST });
    // The edit form's Publish saves what was typed with it.
    const published = await postForm(admin, `/api/projects/${id}`, {
      title: "Well repair, phase two",
      status: "published",
    });
    expect(published.body).toMatchObject({ status: "published", created_at: PAST });

    const undone = await admin.post(`/api/projects/${id}/undo-publish`, {
      version: published.body.version,
    });

    expect(undone.body).toMatchObject({
      status: "draft",
      created_at: PAST,
      date_chosen: true,
      title: "Well repair, phase two",
    });
  });

  it("keeps a date typed and saved with the publish, chosen before or not", async () => {
    const TYPED = "2025-06-01T09:00:00.000Z";
    for (const chosenBefore of [false, true]) {
      const created = await admin.post("/api/blog", { title: "Harvest notes", status: "draft" });
      const id = created.body.id as number;
      if (chosenBefore) await postForm(admin, `/api/blog/${id}`, { created_at: PAST });
      const published = await postForm(admin, `/api/blog/${id}`, {
        created_at: TYPED,
        status: "published",
      });
      expect(published.body).toMatchObject({ status: "published", created_at: TYPED });

      const undone = await admin.post(`/api/blog/${id}/undo-publish`, {
        version: published.body.version,
      });

      expect(undone.body).toMatchObject({ status: "draft", created_at: TYPED, date_chosen: true });
    }
  });

  it("is refused once someone saved after the publish (409), and the entry stays live", async () => {
    const draft = await createEntry(api.database.db, "opportunity", {
      status: "draft",
      date_chosen: 0,
    });
    const published = await admin.post(`/api/opportunities/${draft.id}/publish`);
    await postForm(admin, `/api/opportunities/${draft.id}`, { title: "Renamed since" });

    const undone = await admin.post(`/api/opportunities/${draft.id}/undo-publish`, {
      version: published.body.version,
    });

    expect(undone.status).toBe(409);
    const now = await admin.get(`/api/opportunities/${draft.id}`);
    expect(now.body).toMatchObject({ status: "published", title: "Renamed since" });
  });

  it("refuses a version that published nothing, and a missing version, in Laravel's words", async () => {
    const draft = await createEntry(api.database.db, "blog", { status: "draft", date_chosen: 0 });
    const saved = await postForm(admin, `/api/blog/${draft.id}`, { title: "Only a save" });

    const notAPublish = await admin.post(`/api/blog/${draft.id}/undo-publish`, {
      version: saved.body.version,
    });
    expect(notAPublish.status).toBe(422);
    expect(notAPublish.body.errors).toEqual({ version: [NO_PUBLISH] });

    const missing = await admin.post(`/api/blog/${draft.id}/undo-publish`, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ version: ["The version field is required."] });
    expect((await admin.get(`/api/blog/${draft.id}`)).body.status).toBe("draft");
  });

  it("answers 404 for an entry that is not there or is of another kind", async () => {
    const project = await createEntry(api.database.db, "project");
    const response = await admin.post(`/api/blog/${project.id}/undo-publish`, { version: 2 });
    expect(response.status).toBe(404);
    expect((await admin.post("/api/blog/999999/undo-publish", { version: 2 })).status).toBe(404);
  });

  it.each([
    ["anonymous", 401],
    ["member", 403],
  ] as const)("is refused to %s callers (%i)", async (who, status) => {
    const draft = await createEntry(api.database.db, "blog", { status: "draft", date_chosen: 0 });
    const published = await admin.post(`/api/blog/${draft.id}/publish`);
    const caller = await clientAs(api, who);
    const response = await caller.post(`/api/blog/${draft.id}/undo-publish`, {
      version: published.body.version,
    });
    expect(response.status).toBe(status);
    expect((await admin.get(`/api/blog/${draft.id}`)).body.status).toBe("published");
  });
});
