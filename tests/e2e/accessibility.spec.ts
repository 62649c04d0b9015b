import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { newMember, registerThroughApi } from "./account-support.ts";
import { expect, test } from "./fixtures.ts";

/** axe finds nothing, of any impact, on the pages a visitor and a member use most. */

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/founders",
  "/donate",
  "/contact",
  "/projects",
  "/blog",
  "/opportunities",
  "/projects/clean-water-healthy-homes",
  "/blog/first-borehole-in-the-valley",
  "/opportunities/volunteer-reading-mentor",
  "/legal/terms",
  "/login",
  "/register",
  "/forgot-password",
  "/blog?page=40",
];

const ACCOUNT_PAGES = ["/account", "/account/profile", "/account/password", "/account/2fa"];

/**
 * axe runs in the page. Without JavaScript it cannot, so the same page is checked in a context
 * where scripts may run but the app's own never load: the server's HTML, as a visitor without
 * JavaScript gets it.
 */
async function expectNoViolations(page: Page, path: string, javaScriptEnabled: boolean) {
  let checked = page;
  if (!javaScriptEnabled) {
    const context = await page
      .context()
      .browser()!
      .newContext({
        javaScriptEnabled: true,
        viewport: page.viewportSize(),
        storageState: await page.context().storageState(),
      });
    await context.route(/\.m?js(\?.*)?$/, (route) => route.abort());
    checked = await context.newPage();
  }
  try {
    const response = await checked.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    const { violations } = await new AxeBuilder({ page: checked }).analyze();
    const found = violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
    expect(found, path).toEqual([]);
  } finally {
    if (checked !== page) await checked.context().close();
  }
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no axe violations`, async ({ page, javaScriptEnabled }) => {
        await expectNoViolations(page, path, javaScriptEnabled);
      });
    }

    test("the account pages have no axe violations", async ({
      page,
      apiUrl,
      appUrl,
      javaScriptEnabled,
    }, testInfo) => {
      await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
      for (const path of ["/", ...ACCOUNT_PAGES]) {
        await expectNoViolations(page, path, javaScriptEnabled);
      }
    });
  });
}
