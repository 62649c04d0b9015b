// Where the site's pages show a widget, and the names they need kept (record 035); slugs of long
// titles ending on a word.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "../../server/domain/entry-slugs.ts";
import { clientAs, postForm } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let admin: HttpClient;
/** The ids of the widgets made for the whole file, by name. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
  for (const [name, type] of [
    ["AboutText1", "TEXT"],
    ["HeaderImage", "IMAGE"],
    ["SpareText", "TEXT"],
  ]) {
    const created = await admin.post("/api/widgets", { name, type });
    expect(created.status).toBe(201);
    ids[name!] = created.body.id;
  }
  await postForm(admin, `/api/widgets/${ids.AboutText1}`, { html: "<p>Who we are</p>" });
});
afterAll(async () => {
  await api?.close();
});

const ABOUT_FIRST = { page: "About page", path: "/about", place: "first block" };
const EVERY_PAGE = {
  page: "Every content page",
  path: "/about",
  place: "banner picture where the page has none of its own",
};
const ABOUT_NAME_FIXED = "This widget is used on the About page; its name cannot be changed.";

describe("admin reads say where a widget shows", () => {
  it("in the list: a page's widget with its place, neither renamable nor deletable", async () => {
    const response = await admin.get("/api/widgets");
    expect(response.status).toBe(200);
    const places = Object.fromEntries(
      response.body.results.map(
        (widget: { name: string; location: unknown; renamable: boolean; deletable: boolean }) => [
          widget.name,
          [widget.location, widget.renamable, widget.deletable],
        ],
      ),
    );
    expect(places).toEqual({
      AboutText1: [ABOUT_FIRST, false, false],
      HeaderImage: [EVERY_PAGE, false, false],
      SpareText: [null, true, true],
    });
  });

  it("in the read of one, as in the list", async () => {
    const page = await admin.get(`/api/widgets/${ids.AboutText1}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      name: "AboutText1",
      location: ABOUT_FIRST,
      renamable: false,
      deletable: false,
    });
    const spare = await admin.get(`/api/widgets/${ids.SpareText}`);
    expect(spare.body).toMatchObject({ location: null, renamable: true, deletable: true });
  });

  it("never to a visitor: the public read by name is the spec's shape", async () => {
    const response = await api.client({ origin: null }).get("/api/widgets/AboutText1");
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
      "alt",
      "html",
      "id",
      "image_url",
      "name",
      "type",
    ]);
  });
});

describe("renaming", () => {
  it("is refused for a page's widget with 422 under name, and nothing changes", async () => {
    const before = await admin.get(`/api/widgets/${ids.AboutText1}`);
    const response = await postForm(admin, `/api/widgets/${ids.AboutText1}`, {
      name: "AboutIntro",
      html: "<p>Words that must not land</p>",
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: ABOUT_NAME_FIXED,
      errors: { name: [ABOUT_NAME_FIXED] },
    });
    expect((await admin.get(`/api/widgets/${ids.AboutText1}`)).body).toEqual(before.body);
    expect((await api.client().get("/api/widgets/AboutText1")).body.html).toBe("<p>Who we are</p>");
    expect((await api.client().get("/api/widgets/AboutIntro")).status).toBe(404);
  });

  it("names the place in the refusal of the site's banner picture", async () => {
    const response = await postForm(admin, `/api/widgets/${ids.HeaderImage}`, {
      name: "SiteBanner",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: ["This widget is used on every content page; its name cannot be changed."],
    });
  });

  it("lets a page's widget be saved with its own name (as the edit form posts it)", async () => {
    const response = await postForm(admin, `/api/widgets/${ids.AboutText1}`, {
      name: "AboutText1",
      type: "TEXT",
      html: "<p>Who we are, and why</p>",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "AboutText1",
      html: "<p>Who we are, and why</p>",
      location: ABOUT_FIRST,
    });
  });

  it("works for a widget no page shows", async () => {
    const created = await admin.post("/api/widgets", { name: "LooseText" });
    const response = await postForm(admin, `/api/widgets/${created.body.id}`, {
      name: "LooseTextRenamed",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "LooseTextRenamed",
      location: null,
      renamable: true,
      deletable: true,
    });
    expect((await api.client().get("/api/widgets/LooseTextRenamed")).status).toBe(200);
    expect((await api.client().get("/api/widgets/LooseText")).status).toBe(404);
  });

  it("is refused too when restoring a version of a page's widget that had another name", async () => {
    // A widget given a page's free name becomes that page's widget...
    const created = await admin.post("/api/widgets", { name: "DraftIntro" });
    await postForm(admin, `/api/widgets/${created.body.id}`, { html: "<p>Draft</p>" });
    const placed = await postForm(admin, `/api/widgets/${created.body.id}`, {
      name: "AboutText2",
    });
    expect(placed.body).toMatchObject({ name: "AboutText2", renamable: false });
    // ...and its older version, under the old name, cannot take it off the page again.
    const restored = await admin.post(`/api/revisions/widgets/${created.body.id}/1/restore`, {});
    expect(restored.status).toBe(422);
    expect(restored.body.errors).toEqual({
      name: ["This widget is used on the About page; its name cannot be changed."],
    });
    expect((await api.client().get("/api/widgets/AboutText2")).status).toBe(200);
  });
});

describe("slugs of long titles", () => {
  const title137 =
    "Clean water for every family in the valley: how neighbours, engineers and schoolchildren built forty wells in one unforgettable dry year!";

  it("end on a whole word at most 100 characters long", () => {
    expect(title137).toHaveLength(137);
    const slug = slugify(title137);
    expect(slug).toBe(
      "clean-water-for-every-family-in-the-valley-how-neighbours-engineers-and-schoolchildren-built-forty",
    );
    expect(slug.length).toBeLessThanOrEqual(100);
  });

  it("keep a word that ends exactly at the limit", () => {
    const title = `${"a".repeat(95)} bcde fghij`;
    expect(slugify(title)).toBe(`${"a".repeat(95)}-bcde`);
    expect(slugify(`${"a".repeat(94)} bcde fghij`)).toBe(`${"a".repeat(94)}-bcde`);
  });

  it("cut a single word longer than the limit", () => {
    expect(slugify("w".repeat(150))).toBe("w".repeat(100));
    expect(slugify(`${"w".repeat(150)} more`)).toBe("w".repeat(100));
  });

  it("are unchanged for short titles and do not count leading punctuation", () => {
    expect(slugify("Écoles d'été")).toBe("ecoles-d-ete");
    expect(slugify("!!!")).toBe("item");
    expect(slugify(`--- ${"b".repeat(100)}`)).toBe("b".repeat(100));
  });

  it("are what the API gives a new entry with a long title", async () => {
    const response = await admin.post("/api/blog", { title: title137 });
    expect(response.status).toBe(201);
    expect(response.body.slug).toBe(slugify(title137));
    expect(response.body.title).toBe(title137);
  });
});
