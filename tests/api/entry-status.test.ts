// Drafts, scheduling, publish and unpublish of entries (record 031): what visitors and admins
// read, what the web tier's feed and sitemap are built from, and the calls that change a status.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { loadAllPublished, loadSitemapUrls } from "../../app/lib/feeds.server.ts";
import type { EntryKind } from "../../server/db/schema.ts";
import { clientAs, postForm } from "../support/admin-calls.ts";
import { createEntry } from "../support/entries-factory.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

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

const KINDS: [segment: "projects" | "blog" | "opportunities", kind: EntryKind][] = [
  ["projects", "project"],
  ["blog", "blog"],
  ["opportunities", "opportunity"],
];
const PAST = "2024-01-01T00:00:00.000Z";
const FUTURE = "2999-01-01T00:00:00.000Z";
const ids = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);

describe("POST /api/{kind} with a status", () => {
  it.each(KINDS)(
    "publishes a new %s at once when no status is sent (the spec's call)",
    async (segment) => {
      const created = await admin.post(`/api/${segment}`, { title: "Live at once" });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe("published");
      const visitor = api.client({ origin: null });
      expect((await visitor.get(`/api/${segment}/${created.body.slug}`)).status).toBe(200);
    },
  );

  it.each(KINDS)("keeps a new %s to admins when asked for a draft", async (segment) => {
    const created = await admin.post(`/api/${segment}`, { title: "Kept back", status: "draft" });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("draft");
    const visitor = api.client({ origin: null });
    const detail = await visitor.get(`/api/${segment}/${created.body.id}`);
    expect(detail.status).toBe(404);
    expect(detail.body).toEqual({ message: "Not Found." });
    const read = await admin.get(`/api/${segment}/${created.body.id}`);
    expect(read.body).toMatchObject({ id: created.body.id, status: "draft", version: 0 });
  });

  it("takes a status from a multipart form too, and an empty one as none", async () => {
    const draft = await postForm(admin, "/api/blog", { title: "Form draft", status: "draft" });
    expect(draft.body.status).toBe("draft");
    const blank = await postForm(admin, "/api/blog", { title: "Form blank", status: "" });
    expect(blank.body.status).toBe("published");
  });

  it("refuses a status it does not know (422, Laravel's wording)", async () => {
    for (const status of ["scheduled", "live", 1]) {
      const response = await admin.post("/api/blog", { title: "Odd", status });
      expect(response.status, String(status)).toBe(422);
      expect(response.body).toEqual({
        message: "The selected status is invalid.",
        errors: { status: ["The selected status is invalid."] },
      });
    }
  });
});

describe("what visitors and admins read", () => {
  /** A published, a draft, a scheduled and a scheduled draft entry of one kind. */
  async function mixed(own: TestApi, kind: EntryKind) {
    const db = own.database.db;
    return {
      published: await createEntry(db, kind, { created_at: PAST, position: 0 }),
      draft: await createEntry(db, kind, { created_at: PAST, status: "draft", position: 1 }),
      scheduled: await createEntry(db, kind, { created_at: FUTURE, position: 2 }),
      futureDraft: await createEntry(db, kind, {
        created_at: FUTURE,
        status: "draft",
        position: 3,
      }),
    };
  }

  it.each(KINDS)(
    "leaves drafts and scheduled %s out of every public call, for anyone but an admin",
    async (segment, kind) => {
      const own = await freshApi();
      const { published, draft, scheduled, futureDraft } = await mixed(own, kind);
      const hidden = [draft, scheduled, futureDraft];
      // A renamed draft keeps its old slug: that address must not reveal it either.
      await own.database.db
        .insertInto("entry_old_slugs")
        .values({ entry_id: draft.id, kind, slug: "draft-before", created_at: PAST })
        .execute();
      const callers = [
        ["visitor", own.client({ origin: null })],
        ["anonymous", await clientAs(own, "anonymous")],
        ["member", await clientAs(own, "member")],
      ] as const;
      for (const [who, client] of callers) {
        const list = await client.get(`/api/${segment}?limit=100`);
        expect(list.body, who).toEqual({ results: [expect.any(Object)], total: 1 });
        expect(ids(list.body)).toEqual([published.id]);
        expect(list.body.results[0]).not.toHaveProperty("status");
        for (const entry of hidden)
          for (const key of [entry.slug, String(entry.id)]) {
            const detail = await client.get(`/api/${segment}/${key}`);
            expect(detail.status, `${who} ${key}`).toBe(404);
          }
        expect((await client.get(`/api/${segment}/draft-before`)).status).toBe(404);
        // Asking a visitor's list for what is not public finds nothing.
        for (const status of ["draft", "scheduled"])
          expect((await client.get(`/api/${segment}?status=${status}`)).body).toEqual({
            results: [],
            total: 0,
          });
      }

      // The news feed and the sitemap are built from these calls (app/lib/feeds.server.ts).
      const config = { apiUrl: own.url, appUrl: TEST_APP_URL, deadlineMs: 10_000 };
      expect((await loadAllPublished(config, segment)).map((item) => item.id)).toEqual([
        published.id,
      ]);
      const sitemap = (await loadSitemapUrls(config)).map((url) => url.loc);
      expect(sitemap).toContain(`${TEST_APP_URL}/${segment}/${published.slug}`);
      for (const entry of hidden)
        expect(sitemap).not.toContain(`${TEST_APP_URL}/${segment}/${entry.slug}`);
    },
  );

  it.each(KINDS)("shows an admin every %s with its status", async (segment, kind) => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const { published, draft, scheduled, futureDraft } = await mixed(own, kind);
    const list = await client.get(`/api/${segment}?limit=100`);
    expect(list.body.total).toBe(4);
    const statuses = Object.fromEntries(
      list.body.results.map((item: { id: number; status: string }) => [item.id, item.status]),
    );
    expect(statuses).toEqual({
      [published.id]: "published",
      [draft.id]: "draft",
      [scheduled.id]: "scheduled",
      [futureDraft.id]: "draft",
    });
    for (const [entry, status] of [
      [draft, "draft"],
      [scheduled, "scheduled"],
      [published, "published"],
    ] as const) {
      const detail = await client.get(`/api/${segment}/${entry.slug}`);
      expect(detail.status).toBe(200);
      expect(detail.body.status).toBe(status);
    }
  });
});

describe("GET /api/{kind}?status&q for admins", () => {
  it("filters by status and searches the title and slug, paging what matches", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const db = own.database.db;
    const water = await createEntry(db, "blog", {
      title: "Clean water for Kibera",
      slug: "clean-water",
      created_at: "2024-03-01T00:00:00.000Z",
    });
    const wells = await createEntry(db, "blog", {
      title: "Digging wells",
      slug: "water-wells",
      status: "draft",
      created_at: "2024-02-01T00:00:00.000Z",
    });
    const fair = await createEntry(db, "blog", {
      title: "Spring fair",
      slug: "spring-fair",
      created_at: FUTURE,
    });
    const school = await createEntry(db, "blog", {
      title: "School books",
      slug: "school-books",
      status: "draft",
      created_at: "2024-01-01T00:00:00.000Z",
    });
    const list = async (query: string) => {
      const response = await client.get(`/api/blog?${query}`);
      expect(response.status, query).toBe(200);
      return { ids: ids(response.body), total: response.body.total as number };
    };

    expect(await list("status=draft")).toEqual({ ids: [wells.id, school.id], total: 2 });
    expect(await list("status=draft&limit=1")).toEqual({ ids: [wells.id], total: 2 });
    expect(await list("status=draft&limit=1&page=1")).toEqual({ ids: [school.id], total: 2 });
    expect(await list("status=scheduled")).toEqual({ ids: [fair.id], total: 1 });
    expect(await list("status=published")).toEqual({ ids: [water.id], total: 1 });
    expect(await list("status=")).toEqual({
      ids: [fair.id, water.id, wells.id, school.id],
      total: 4,
    });
    // Title or slug, any case, every word.
    expect(await list("q=WATER")).toEqual({ ids: [water.id, wells.id], total: 2 });
    expect(await list("q=water%20kibera")).toEqual({ ids: [water.id], total: 1 });
    expect(await list("q=water&status=draft")).toEqual({ ids: [wells.id], total: 1 });
    expect(await list("q=nothing-like-it")).toEqual({ ids: [], total: 0 });
  });

  it("refuses a status it does not know", async () => {
    const response = await admin.get("/api/projects?status=hidden");
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The selected status is invalid.",
      errors: { status: ["The selected status is invalid."] },
    });
  });

  it("keeps projects in their drag order when filtered", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const db = own.database.db;
    const second = await createEntry(db, "project", { status: "draft", position: 1 });
    const first = await createEntry(db, "project", { status: "draft", position: 0 });
    await createEntry(db, "project", { position: 2 });
    expect(ids((await client.get("/api/projects?status=draft")).body)).toEqual([
      first.id,
      second.id,
    ]);
  });
});

describe("POST /api/{kind}/{id}/publish and /unpublish", () => {
  it.each(KINDS)(
    "puts a %s live at once and takes it back, each a revision and an activity line",
    async (segment, kind) => {
      const created = await admin.post(`/api/${segment}`, { title: "Going live", status: "draft" });
      const id = created.body.id as number;
      const visitor = api.client({ origin: null });
      const publicIds = async () =>
        ids((await visitor.get(`/api/${segment}?limit=100`)).body).filter((one) => one === id);
      expect(await publicIds()).toEqual([]);

      const beforePublishing = new Date().toISOString();
      const published = await admin.post(`/api/${segment}/${id}/publish`);
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ id, status: "published", version: 2 });
      // Nobody chose the draft's date: it is dated when it goes live (record 052).
      expect(published.body.created_at >= beforePublishing).toBe(true);
      // The public list kept for a second is forgotten by the write.
      expect(await publicIds()).toEqual([id]);
      expect((await visitor.get(`/api/${segment}/${created.body.slug}`)).status).toBe(200);

      const again = await admin.post(`/api/${segment}/${id}/publish`);
      expect(again.body).toMatchObject({ status: "published", version: 2 });

      const unpublished = await admin.post(`/api/${segment}/${id}/unpublish`, { version: 2 });
      expect(unpublished.status).toBe(200);
      expect(unpublished.body).toMatchObject({ id, status: "draft", version: 3 });
      expect(await publicIds()).toEqual([]);
      expect((await visitor.get(`/api/${segment}/${created.body.slug}`)).status).toBe(404);

      const history = await admin.get(`/api/revisions/${segment}/${id}`);
      expect(
        history.body.results.map((revision: { version: number; changed: string[] }) => [
          revision.version,
          revision.changed,
          (revision as unknown as { data: { status: string } }).data.status,
        ]),
      ).toEqual([
        [3, ["status"], "draft"],
        [2, ["created_at", "status"], "published"],
        [1, [], "draft"],
      ]);
      const activity = await admin.get(`/api/activity?limit=100&subject=${kind}`);
      const lines = activity.body.results
        .filter((line: { subject_id: number }) => line.subject_id === id)
        .map((line: { action: string }) => line.action);
      expect(lines).toEqual(["unpublished", "published", "created"]);
    },
  );

  it("makes a draft dated ahead scheduled, not public", async () => {
    const draft = await createEntry(api.database.db, "blog", {
      status: "draft",
      date_chosen: 0,
      created_at: FUTURE,
    });
    const published = await admin.post(`/api/blog/${draft.id}/publish`);
    expect(published.body.status).toBe("scheduled");
    expect(published.body.created_at).toBe(FUTURE);
    expect((await api.client({ origin: null }).get(`/api/blog/${draft.slug}`)).status).toBe(404);
  });

  it("dates a draft begun last year on the day it is published, first in the news", async () => {
    const own = await freshApi();
    const ownAdmin = await clientAs(own, "admin");
    const older = await createEntry(own.database.db, "blog", {
      created_at: "2025-06-01T09:00:00.000Z",
    });
    const draft = await createEntry(own.database.db, "blog", {
      status: "draft",
      date_chosen: 0,
      created_at: PAST,
    });
    const beforePublishing = new Date().toISOString();
    const published = await ownAdmin.post(`/api/blog/${draft.id}/publish`);
    expect(published.body.status).toBe("published");
    expect(published.body.created_at >= beforePublishing).toBe(true);
    const news = await own.client({ origin: null }).get("/api/blog?limit=10");
    expect(ids(news.body)).toEqual([draft.id, older.id]);

    // Its date is now the one it went live on: Unpublish and Publish again keep it.
    const datedOnce = published.body.created_at as string;
    await ownAdmin.post(`/api/blog/${draft.id}/unpublish`);
    const again = await ownAdmin.post(`/api/blog/${draft.id}/publish`);
    expect(again.body).toMatchObject({ status: "published", created_at: datedOnce });
  });

  it("keeps the date staff chose for a draft, as typed in the form", async () => {
    const created = await admin.post("/api/blog", { title: "Looking back", status: "draft" });
    const id = created.body.id as number;
    const dated = await postForm(admin, `/api/blog/${id}`, { created_at: PAST });
    expect(dated.body).toMatchObject({ status: "draft", created_at: PAST });
    // The same date sent again, as every save of the edit form sends it, is no new choice.
    await postForm(admin, `/api/blog/${id}`, { title: "Looking back again", created_at: PAST });
    const published = await admin.post(`/api/blog/${id}/publish`);
    expect(published.body).toMatchObject({ status: "published", created_at: PAST });
  });

  it("keeps the publication date when a version from before it is restored", async () => {
    const created = await admin.post("/api/blog", { title: "First words", status: "draft" });
    const id = created.body.id as number;
    await postForm(admin, `/api/blog/${id}`, { title: "Second words" });
    const published = await admin.post(`/api/blog/${id}/publish`);
    const wentLive = published.body.created_at as string;
    const restored = await admin.post(`/api/revisions/blog/${id}/1/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      title: "First words",
      status: "published",
      created_at: wentLive,
    });
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    const created = await admin.post("/api/blog", { title: "Contested", status: "draft" });
    const id = created.body.id as number;
    await postForm(admin, `/api/blog/${id}`, { title: "Contested, edited" });
    const response = await admin.post(`/api/blog/${id}/publish`, { version: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message: "Someone else saved this item since you opened it.",
      current: { version: 2 },
    });
    expect((await admin.get(`/api/blog/${id}`)).body.status).toBe("draft");
    const bad = await admin.post(`/api/blog/${id}/publish`, { version: "latest" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ version: ["The version field must be an integer."] });
  });

  it("answers 404 for an entry that is not there or of another kind", async () => {
    const project = await createEntry(api.database.db, "project");
    for (const path of ["/api/blog/999999/publish", `/api/blog/${project.id}/unpublish`]) {
      const response = await admin.post(path);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
  });

  it("refuses anonymous callers (401) and members (403)", async () => {
    const entry = await createEntry(api.database.db, "blog", { status: "draft" });
    for (const [who, status, message] of [
      ["anonymous", 401, "Unauthenticated."],
      ["member", 403, "This action is unauthorized."],
    ] as const) {
      const client = await clientAs(api, who);
      for (const action of ["publish", "unpublish"]) {
        const response = await client.post(`/api/blog/${entry.id}/${action}`);
        expect(response.status, `${who} ${action}`).toBe(status);
        expect(response.body).toEqual({ message });
      }
    }
    expect((await admin.get(`/api/blog/${entry.id}`)).body.status).toBe("draft");
  });
});

describe("a save with a status (the edit form's Publish and Unpublish)", () => {
  it("saves the typed fields and publishes in one revision, logged as published", async () => {
    const created = await admin.post("/api/blog", {
      title: "Typed then published",
      status: "draft",
    });
    const id = created.body.id as number;
    const saved = await postForm(admin, `/api/blog/${id}`, {
      title: "Typed, then published",
      article: "<p>Fresh words</p>",
      status: "published",
      version: "0",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: "Typed, then published",
      status: "published",
      version: 2,
    });
    const history = await admin.get(`/api/revisions/blog/${id}?limit=1`);
    expect(history.body.results[0].changed).toEqual([
      "title",
      "created_at",
      "preview_text",
      "article",
      "status",
    ]);
    const activity = await admin.get("/api/activity?limit=5&subject=blog");
    expect(activity.body.results[0]).toMatchObject({ action: "published", subject_id: id });

    const plain = await postForm(admin, `/api/blog/${id}`, { preview_text: "Short" });
    expect(plain.body.status).toBe("published");
    const stale = await postForm(admin, `/api/blog/${id}`, { status: "draft", version: "1" });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/blog/${id}`)).body.status).toBe("published");
  });
});
