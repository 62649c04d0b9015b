import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntry } from "../support/entries-factory.ts";
import { type Caller, clientAs, postForm } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let admin: HttpClient;
let visitor: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
  visitor = api.client({ origin: null });
});
afterAll(async () => {
  await api?.close();
});

let counter = 0;
/** A slug no other test uses. */
const unique = (base: string) => `${base}-${(counter += 1)}-${process.pid}`;

const FUTURE = "2999-01-01T00:00:00.000Z";

async function rename(segment: string, id: number, slug: string) {
  return postForm(admin, `/api/${segment}/${id}`, { slug });
}

describe("a renamed slug", () => {
  it("is kept as an old slug: the entry answers by it with its new slug and url", async () => {
    const [before, after] = [unique("before"), unique("after")];
    const entry = await createEntry(api.database.db, "project", { slug: before });
    const saved = await rename("projects", entry.id, after);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ slug: after, old_slugs: [before] });

    const old = await visitor.get(`/api/projects/${before}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ id: entry.id, slug: after, url: `/projects/${after}` });
    expect(old.body).not.toHaveProperty("old_slugs");

    const detail = await admin.get(`/api/projects/${entry.id}`);
    expect(detail.body.old_slugs).toEqual([before]);
  });

  it("keeps every old slug, newest first, and an entry's old slug stays within its kind", async () => {
    const slugs = [unique("first"), unique("second"), unique("third")];
    const entry = await createEntry(api.database.db, "blog", { slug: slugs[0] });
    await rename("blog", entry.id, slugs[1]!);
    const saved = await rename("blog", entry.id, slugs[2]!);
    expect(saved.body.old_slugs).toEqual([slugs[1], slugs[0]]);
    for (const slug of slugs) {
      expect((await visitor.get(`/api/blog/${slug}`)).body.slug).toBe(slugs[2]);
      expect((await visitor.get(`/api/projects/${slug}`)).status).toBe(404);
    }
  });

  it("taking back one of its own old slugs removes that redirect, so none loops", async () => {
    const [a, b] = [unique("a"), unique("b")];
    const entry = await createEntry(api.database.db, "opportunity", { slug: a });
    await rename("opportunities", entry.id, b);
    const back = await rename("opportunities", entry.id, a);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ slug: a, old_slugs: [b] });
    expect((await visitor.get(`/api/opportunities/${a}`)).body.slug).toBe(a);
    expect((await visitor.get(`/api/opportunities/${b}`)).body.slug).toBe(a);
  });

  it("an unchanged slug stores nothing", async () => {
    const slug = unique("same");
    const entry = await createEntry(api.database.db, "project", { slug });
    const saved = await postForm(admin, `/api/projects/${entry.id}`, { slug, title: "New title" });
    expect(saved.body.old_slugs).toEqual([]);
  });

  it("cannot be taken by another entry of the kind until its redirect is removed", async () => {
    const [freed, now] = [unique("freed"), unique("now")];
    const renamed = await createEntry(api.database.db, "project", { slug: freed });
    const other = await createEntry(api.database.db, "project");
    await rename("projects", renamed.id, now);

    const refused = await rename("projects", other.id, freed);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: "The slug has already been taken.",
      errors: { slug: ["The slug has already been taken."] },
    });
    expect((await visitor.get(`/api/projects/${freed}`)).body.id).toBe(renamed.id);

    const removed = await admin.delete(`/api/projects/${renamed.id}/old-slugs/${freed}`);
    expect(removed.status).toBe(204);
    expect((await admin.get(`/api/projects/${renamed.id}`)).body.old_slugs).toEqual([]);
    expect((await visitor.get(`/api/projects/${freed}`)).status).toBe(404);

    const taken = await rename("projects", other.id, freed);
    expect(taken.status).toBe(200);
    expect((await visitor.get(`/api/projects/${freed}`)).body.id).toBe(other.id);
  });

  it("can be taken by an entry of another kind", async () => {
    const slug = unique("shared");
    const project = await createEntry(api.database.db, "project", { slug });
    await rename("projects", project.id, unique("moved"));
    const post = await createEntry(api.database.db, "blog");
    expect((await rename("blog", post.id, slug)).status).toBe(200);
  });

  it("is skipped when a slug is made from a title, on create and on an empty slug", async () => {
    const own = await startTestApi();
    try {
      const client = await clientAs(own, "admin");
      const first = await client.post("/api/projects", { title: "Clean water" });
      expect(first.body.slug).toBe("clean-water");
      await postForm(client, `/api/projects/${first.body.id}`, { slug: "water-for-all" });

      const second = await client.post("/api/projects", { title: "Clean water" });
      expect(second.body.slug).toBe("clean-water-2");
      const third = await client.post("/api/projects", { title: "Other" });
      const remade = await postForm(client, `/api/projects/${third.body.id}`, {
        title: "Clean water",
        slug: "",
      });
      expect(remade.body.slug).toBe("clean-water-3");
      // An entry's own old slug is its to take back.
      const takenBack = await postForm(client, `/api/projects/${first.body.id}`, {
        title: "Clean water",
        slug: "",
      });
      expect(takenBack.body).toMatchObject({ slug: "clean-water", old_slugs: ["water-for-all"] });
    } finally {
      await own.close();
    }
  });

  it("does not reveal a scheduled entry to the public", async () => {
    const [before, after] = [unique("secret"), unique("later")];
    const entry = await createEntry(api.database.db, "blog", { slug: before, created_at: FUTURE });
    await rename("blog", entry.id, after);
    for (const who of ["anonymous", "member"] as Caller[]) {
      const client = await clientAs(api, who);
      const response = await client.get(`/api/blog/${before}`);
      expect(response.status, who).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
    expect((await admin.get(`/api/blog/${before}`)).body.slug).toBe(after);
  });
});

describe("a deleted entry", () => {
  it("takes its old slugs with it: they answer 404 and are free again", async () => {
    const [before, after] = [unique("gone"), unique("gone-now")];
    const entry = await createEntry(api.database.db, "project", { slug: before });
    await rename("projects", entry.id, after);
    expect((await admin.delete(`/api/projects/${entry.id}`)).status).toBe(204);
    for (const slug of [before, after]) {
      const response = await visitor.get(`/api/projects/${slug}`);
      expect(response.status, slug).toBe(404);
    }
    const rows = await api.database.db
      .selectFrom("entry_old_slugs")
      .select("slug")
      .where("entry_id", "=", entry.id)
      .execute();
    expect(rows).toEqual([]);
    const other = await createEntry(api.database.db, "project");
    expect((await rename("projects", other.id, before)).status).toBe(200);
  });
});

describe("DELETE /api/{kind}/{id}/old-slugs/{slug}", () => {
  async function renamedEntry() {
    const before = unique("kept");
    const entry = await createEntry(api.database.db, "project", { slug: before });
    await rename("projects", entry.id, unique("current"));
    return { entry, before };
  }

  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])("refuses %s with %i", async (who, status, message) => {
    const { entry, before } = await renamedEntry();
    const client = await clientAs(api, who);
    const response = await client.delete(`/api/projects/${entry.id}/old-slugs/${before}`);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
    expect((await admin.get(`/api/projects/${entry.id}`)).body.old_slugs).toEqual([before]);
  });

  it("answers 419 without the XSRF token", async () => {
    const { entry, before } = await renamedEntry();
    const response = await admin.delete(`/api/projects/${entry.id}/old-slugs/${before}`, {
      xsrf: false,
    });
    expect(response.status).toBe(419);
    expect((await admin.get(`/api/projects/${entry.id}`)).body.old_slugs).toEqual([before]);
  });

  it("answers 404 for a slug the entry does not keep, another entry's or another kind's", async () => {
    const { entry, before } = await renamedEntry();
    const other = await renamedEntry();
    for (const path of [
      `/api/projects/${entry.id}/old-slugs/never-was`,
      `/api/projects/${entry.id}/old-slugs/${other.before}`,
      `/api/blog/${entry.id}/old-slugs/${before}`,
      `/api/projects/999999/old-slugs/${before}`,
      `/api/projects/not-an-id/old-slugs/${before}`,
      `/api/projects/${entry.id}/old-slugs/Not%20A%20Slug`,
    ]) {
      const response = await admin.delete(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: "Not Found." });
    }
    expect((await admin.get(`/api/projects/${entry.id}`)).body.old_slugs).toEqual([before]);
  });
});
