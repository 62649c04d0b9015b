import { brotliCompressSync, constants } from "node:zlib";
import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * What a visitor's browser downloads in scripts, compressed as the host sends them: brotli at
 * quality 4, the `compression` middleware's default (web/host.ts).
 *
 * The target is 100 kB. React, React DOM and React Router's client alone come to about
 * 108 kB at that quality, so the budget guards what the app adds on top of them: a page that
 * grows past it has taken on a library it did not need.
 */
const SCRIPT_BUDGET_BYTES = 130_000;
const HOST_BROTLI_QUALITY = 4;

/** Text only these libraries' code contains, so a chunk is recognised whatever its hashed name. */
const STAFF_ONLY_LIBRARIES = {
  "the rich-text editor (Lexical)": "__lexicalEditor",
  "the upload zone (FilePond)": "filepond--root",
  "drag and drop (dnd-kit)": "DndDescribedBy",
  "form validation (zod)": "ZodError",
};

const VISITOR_PAGES = ["/", "/projects/clean-water-healthy-homes"];

type Script = { path: string; source: string; brotliBytes: number };

/** Loads `path` in a fresh browser (no cache, JavaScript on) and returns every script it fetched. */
async function scriptsDownloadedFor(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    const bodies: Promise<Script>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          source: body.toString("utf8"),
          brotliBytes: brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: HOST_BROTLI_QUALITY },
          }).length,
        })),
      );
    });
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    // React has taken the page over: hydration is done, and whatever it loaded has been asked for.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById("main")!).some((key) => key.startsWith("__reactFiber")),
    );
    await page.waitForLoadState("networkidle");
    return await Promise.all(bodies);
  } finally {
    await context.close();
  }
}

for (const path of VISITOR_PAGES) {
  test(`a visitor on ${path} downloads at most ${SCRIPT_BUDGET_BYTES / 1000} kB of compressed scripts, none of them staff-only`, async ({
    browser,
    baseURL,
  }) => {
    const scripts = await scriptsDownloadedFor(browser, baseURL!, path);
    expect(scripts.length, "the page loads its scripts").toBeGreaterThan(0);

    const total = scripts.reduce((sum, script) => sum + script.brotliBytes, 0);
    const listing = scripts.map((script) => `${script.path} ${script.brotliBytes}`).join("\n");
    expect(total, `compressed script bytes:\n${listing}`).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);

    for (const [library, marker] of Object.entries(STAFF_ONLY_LIBRARIES)) {
      const carrying = scripts.filter((script) => script.source.includes(marker));
      expect(
        carrying.map((script) => script.path),
        `${library} reached ${path}`,
      ).toEqual([]);
    }
  });
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
