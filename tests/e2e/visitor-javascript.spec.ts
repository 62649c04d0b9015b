import type { APIRequestContext, Browser, Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * What a visitor's browser downloads in scripts, as transferred: the host sends the build's
 * brotli copies (quality 11, scripts/compress-assets.ts).
 *
 * The target is 100 kB. React, React DOM and React Router's client alone are 92.6 kB of
 * it, the site's own code about 11 kB, so each page's budget sits just above what it downloads
 * today (Home 102.8 kB; a project with photos 103.2 kB, and the carousel's 7.3 kB after
 * hydration): a page that takes on a library it does not need, or loses its brotli copy, fails.
 */

/** Text only these libraries' code contains, so a chunk is recognised whatever its hashed name. */
const STAFF_ONLY_LIBRARIES = {
  "the rich-text editor (Lexical)": "__lexicalEditor",
  "the upload zone (FilePond)": "filepond--root",
  "drag and drop (dnd-kit)": "DndDescribedBy",
  "form validation (zod)": "ZodError",
};

/** Embla, which a page needs only when it shows photos. */
const CAROUSEL_MARKER = "containScroll";

/** Each page, and what shows it has loaded all it will load without the visitor doing anything. */
const VISITOR_PAGES: {
  path: string;
  budgetBytes: number;
  settled: (page: Page) => Promise<void>;
}[] = [
  // 106 kB: galleries in text widgets open the lightbox (record 034), whose loader costs ~1 kB.
  { path: "/", budgetBytes: 106_000, settled: async () => {} },
  {
    path: "/projects/clean-water-healthy-homes",
    // 113 kB: issue 22's galleries, photo descriptions and early typing took it to 112.4 kB.
    budgetBytes: 113_000,
    // The carousel's code comes after hydration; with it the row stops scrolling by itself.
    settled: (page) =>
      expect(
        page.getByRole("region", { name: "Photos" }).locator("[aria-live]").locator(".."),
      ).toHaveCSS("overflow-x", "hidden"),
  },
];

type Script = { path: string; source: string; transferredBytes: number };

/**
 * Loads `path` in a fresh browser (no cache, JavaScript on) and returns every script it fetched
 * by the time React has hydrated the page and `settled` holds.
 */
async function scriptsDownloadedFor(
  browser: Browser,
  baseURL: string,
  path: string,
  settled: (page: Page) => Promise<void> = async () => {},
): Promise<Script[]> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    const collect = (response: Response) => {
      if (response.request().resourceType() === "script") responses.push(response);
    };
    page.on("response", collect);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    // React has taken the page over: every module it imports statically has run.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById("main")!).some((key) => key.startsWith("__reactFiber")),
    );
    await settled(page);
    page.off("response", collect);
    return await Promise.all(
      responses.map(async (script) => {
        const body = await script.body();
        return {
          path: new URL(script.url()).pathname,
          source: body.toString("utf8"),
          transferredBytes: (await script.request().sizes()).responseBodySize,
        };
      }),
    );
  } finally {
    await context.close();
  }
}

for (const { path, budgetBytes, settled } of VISITOR_PAGES) {
  test(`a visitor on ${path} downloads at most ${budgetBytes / 1000} kB of compressed scripts, none of them staff-only`, async ({
    browser,
    baseURL,
  }) => {
    const scripts = await scriptsDownloadedFor(browser, baseURL!, path, settled);
    expect(scripts.length, "the page loads its scripts").toBeGreaterThan(0);

    const total = scripts.reduce((sum, script) => sum + script.transferredBytes, 0);
    const listing = scripts.map((script) => `${script.path} ${script.transferredBytes}`).join("\n");
    expect(total, `compressed script bytes:\n${listing}`).toBeLessThanOrEqual(budgetBytes);

    for (const [library, marker] of Object.entries(STAFF_ONLY_LIBRARIES)) {
      const carrying = scripts.filter((script) => script.source.includes(marker));
      expect(
        carrying.map((script) => script.path),
        `${library} reached ${path}`,
      ).toEqual([]);
    }
  });
}

test("a post without photos downloads no carousel code", async ({
  browser,
  baseURL,
  request,
  apiUrl,
}) => {
  const path = await postWithoutPhotos(request, apiUrl);
  const scripts = await scriptsDownloadedFor(browser, baseURL!, path);
  expect(scripts.length, "the page loads its scripts").toBeGreaterThan(0);
  expect(
    scripts
      .filter((script) => script.source.includes(CAROUSEL_MARKER))
      .map((script) => script.path),
  ).toEqual([]);
});

/** The first post on the blog's first page that has no photos (the demo content has several). */
async function postWithoutPhotos(request: APIRequestContext, apiUrl: string): Promise<string> {
  const headers = { Accept: "application/json" };
  const list = await request.get(`${apiUrl}/api/blog?page=0`, { headers });
  expect(list.status()).toBe(200);
  const { results } = (await list.json()) as { results: { slug: string }[] };
  for (const { slug } of results) {
    const post = await request.get(`${apiUrl}/api/blog/${slug}`, { headers });
    const { images } = (await post.json()) as { images: unknown[] };
    if (images.length === 0) return `/blog/${slug}`;
  }
  throw new Error("the blog's first page has no post without photos");
}

test("Home is readable from the server's HTML, before any script runs", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    await expect(page.locator('[data-widget="HomeText"] p').first()).not.toBeEmpty();
    for (const heading of ["Our Focus", "News and Updates", "What people say"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator("[data-teaser]").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Find Out More" })).toBeVisible();
  } finally {
    await context.close();
  }
});
