import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordActivity } from "../../server/domain/activity.ts";
import { clientAs } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

/** Record 036: `?q=` on the trash (title) and the activity log (title or person). */

let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/trash?q=", () => {
  it("finds the deleted items whose title holds every word, in any case", async () => {
    for (const title of ["Spring Fair", "Autumn fair", "Spring Clean"]) {
      const created = await admin.post("/api/blog", { title });
      expect((await admin.delete(`/api/blog/${created.body.id}`)).status).toBe(204);
    }
    const titles = async (q: string) => {
      const response = await admin.get(`/api/trash?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      return {
        titles: response.body.results.map((item: { title: string }) => item.title),
        total: response.body.total,
      };
    };
    expect(await titles("FAIR")).toEqual({ titles: ["Autumn fair", "Spring Fair"], total: 2 });
    expect(await titles("spring fair")).toEqual({ titles: ["Spring Fair"], total: 1 });
    expect(await titles("winter")).toEqual({ titles: [], total: 0 });
    expect((await titles("")).total).toBe(3);
    const paged = await admin.get("/api/trash?q=spring&limit=1&page=1");
    expect(paged.body.results.map((item: { title: string }) => item.title)).toEqual([
      "Spring Fair",
    ]);
    expect(paged.body.total).toBe(2);
  });
});

describe("GET /api/activity?q=", () => {
  it("finds lines by their title or the person's name, with the other filters", async () => {
    const db = api.database.db;
    const nia = { id: 9001, name: "Nia Okafor" };
    const tom = { id: 9002, name: "Tom Reed" };
    await recordActivity(db, nia, { action: "saved", subject: "blog", title: "Harvest Day" });
    await recordActivity(db, tom, { action: "saved", subject: "project", title: "Harvest Day" });
    await recordActivity(db, tom, { action: "created", subject: "blog", title: "Clean Water" });
    const lines = async (query: string) => {
      const response = await admin.get(`/api/activity?${query}`);
      expect(response.status).toBe(200);
      return response.body.results.map(
        (line: { user: { name: string }; title: string }) => `${line.user.name}: ${line.title}`,
      );
    };
    expect(await lines("q=harvest")).toEqual(["Tom Reed: Harvest Day", "Nia Okafor: Harvest Day"]);
    expect(await lines("q=okafor")).toEqual(["Nia Okafor: Harvest Day"]);
    expect(await lines("q=tom%20water")).toEqual(["Tom Reed: Clean Water"]);
    expect(await lines("q=harvest&subject=blog")).toEqual(["Nia Okafor: Harvest Day"]);
    expect(await lines(`q=harvest&user_id=${tom.id}`)).toEqual(["Tom Reed: Harvest Day"]);
    expect(await lines("q=nothing-like-it")).toEqual([]);
    const counted = await admin.get("/api/activity?q=harvest");
    expect(counted.body.total).toBe(2);
  });
});
