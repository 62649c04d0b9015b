import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntry } from "../support/entries-factory.ts";
import { clientAs, postForm } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Links in saved rich text (record 033): the site's own pages and the web and mail stay, every
// way of running a script or leaving the site behind a relative-looking address goes. The same
// for an article, a text widget and a testimonial's review.

let api: TestApi;
let admin: HttpClient;
let widgets = 0;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const KEPT = [
  "/projects/clean-water",
  "/blog/spring-fair?from=home#photos",
  "/contact",
  "#donate",
  "https://www.example.org/a?b=1&amp;c=2",
  "mailto:hello@example.org",
];

const REMOVED = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java&#x09;script:alert(1)",
  "data:text/html;base64,PHNjcmlwdD4=",
  "vbscript:msgbox(1)",
  "//evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "/&#x09;/evil.example/x",
];

const linked = (href: string) => `<p>Read <a href="${href}">this</a> now</p>`;
const unlinked = "<p>Read <a>this</a> now</p>";

const saves: [string, (html: string) => Promise<string>][] = [
  [
    "an article",
    async (html) => {
      const entry = await createEntry(api.database.db, "project");
      const response = await postForm(admin, `/api/projects/${entry.id}`, { article: html });
      expect(response.status).toBe(200);
      expect(response.body.article_html).toBe(response.body.article);
      return response.body.article as string;
    },
  ],
  [
    "a text widget",
    async (html) => {
      widgets += 1;
      const created = await admin.post("/api/widgets", { name: `Links${widgets}`, type: "TEXT" });
      expect(created.status).toBe(201);
      const response = await postForm(admin, `/api/widgets/${created.body.id}`, { html });
      expect(response.status).toBe(200);
      return response.body.html as string;
    },
  ],
  [
    "a testimonial's review",
    async (review) => {
      const response = await admin.post("/api/testimonials", { name: "Ada", score: 5, review });
      expect(response.status).toBe(201);
      return response.body.review as string;
    },
  ],
];

describe.each(saves)("links in %s", (_where, save) => {
  it.each(KEPT)("keeps a link to %s", async (href) => {
    expect(await save(linked(href))).toBe(linked(href));
  });

  it.each(REMOVED)("removes the address of a link to %s, keeping its words", async (href) => {
    expect(await save(linked(href))).toBe(unlinked);
  });
});
