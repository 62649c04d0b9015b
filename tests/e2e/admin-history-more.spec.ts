import type { Browser, Locator, Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import { adminApiDelete, adminApiPost, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, signInThroughApi, test } from "./fixtures.ts";
import { startSite, type Site } from "./global-setup.ts";

type Urls = { apiUrl: string; appUrl: string };

/** A second admin in their own browser, as on another computer. */
async function secondAdmin(browser: Browser, urls: Urls, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: urls.appUrl, javaScriptEnabled });
  const page = await context.newPage();
  await signInAsAdmin(page, urls);
  return { page, close: () => context.close() };
}

/** Replaces a rich text: typed into the editor with JavaScript, as HTML into the textarea without. */
async function typeRichText(page: Page, box: Locator, text: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
    await box.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(text);
  } else {
    await box.fill(`<p>${text}</p>`);
  }
}

async function expectRichText(box: Locator, text: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(box).toContainText(text);
  else await expect(box).toHaveValue(new RegExp(text));
}

/**
 * A new widget open in this page and in a second admin's, who types `theirWords` as its text and
 * saves first: this page's form still holds the version both had loaded.
 */
async function widgetSavedByAnother(
  page: Page,
  browser: Browser,
  urls: Urls,
  {
    javaScriptEnabled,
    name,
    theirWords,
  }: { javaScriptEnabled: boolean; name: string; theirWords: string },
) {
  await signInAsAdmin(page, urls);
  const widget = await adminApiPost<{ id: number }>(page, urls, "/api/widgets", {
    name: name.replace(/[^A-Za-z0-9_-]/g, "_"),
    type: "TEXT",
  });
  const here = `/admin/widgets/${widget.id}`;
  const other = await secondAdmin(browser, urls, javaScriptEnabled);
  await page.goto(here);
  await other.page.goto(here);
  const theirText = other.page.getByRole("textbox", { name: "Text", exact: true });
  await typeRichText(other.page, theirText, theirWords, javaScriptEnabled);
  await other.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    other.page.getByRole("status").filter({ hasText: "Changes saved...." }),
  ).toBeVisible();
  return { here, other, widgetPath: `/api/widgets/${widget.id}` };
}

test.describe("a widget's edit conflict", () => {
  test.slow();

  test("two admins save the same widget: the second sees the conflict, and Keep mine keeps their text", async ({
    page,
    browser,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const { here, other } = await widgetSavedByAnother(
      page,
      browser,
      { apiUrl, appUrl },
      {
        javaScriptEnabled,
        name: uniqueTitle("Conflict", testInfo.project.name),
        theirWords: "Their words came first",
      },
    );
    try {
      const text = page.getByRole("textbox", { name: "Text", exact: true });
      await typeRichText(page, text, "My words came second", javaScriptEnabled);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("heading", { name: "Someone else changed this" })).toBeVisible();
      await expect(page.getByText(/saved version 2 at .+, after you opened it\./)).toBeVisible();
      await expect(page.locator("ins", { hasText: "My" })).toBeVisible();
      await expect(page.locator("del", { hasText: "Their" })).toBeVisible();

      await page.getByRole("button", { name: "Keep mine" }).click();
      await expect(page).toHaveURL(here);
      await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
      await expectRichText(text, "My words came second", javaScriptEnabled);
      await page.goto(`${here}/history`);
      const versions = page.getByRole("navigation", { name: "Versions" }).getByRole("link");
      await expect(versions).toHaveCount(3);
      await expect(versions.nth(0)).toContainText("Version 3 (current)");
    } finally {
      await other.close();
    }
  });
});

test.describe("two admins make the same change", () => {
  test.slow();

  test("the second Save is saved, not shown as a conflict with nothing that differs", async ({
    page,
    browser,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const { other, widgetPath } = await widgetSavedByAnother(
      page,
      browser,
      { apiUrl, appUrl },
      {
        javaScriptEnabled,
        name: uniqueTitle("Same fix", testInfo.project.name),
        theirWords: "Opening hours are 9 to 5",
      },
    );
    try {
      const text = page.getByRole("textbox", { name: "Text", exact: true });
      await typeRichText(page, text, "Opening hours are 9 to 5", javaScriptEnabled);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Someone else changed this" })).toHaveCount(0);
      await expectRichText(text, "Opening hours are 9 to 5", javaScriptEnabled);
    } finally {
      await other.close();
      await adminApiDelete(page, { apiUrl, appUrl }, widgetPath);
    }
  });
});

test.describe("a testimonial's history", () => {
  test.slow();

  test("a testimonial edited twice: History restores the first version", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    await signInAsAdmin(page, urls);
    const name = uniqueTitle("Ada", testInfo.project.name);
    const created = await adminApiPost<{ id: number }>(page, urls, "/api/testimonials", {
      name,
      score: 4,
      review: "<p>Kind words</p>",
    });
    const dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    try {
      for (const suffix of ["alpha", "beta"]) {
        await page.goto(`/admin/testimonials?edit=${created.id}`);
        await dialog.getByLabel("Name").fill(`${name} ${suffix}`);
        await dialog.getByRole("button", { name: "Save Changes" }).click();
        await expect(
          page.getByRole("status").filter({ hasText: "Testimonial Changes Saved" }),
        ).toBeVisible();
      }

      await page.goto(`/admin/testimonials?edit=${created.id}`);
      await dialog.getByRole("link", { name: "History" }).click();
      await expect(page).toHaveURL(`/admin/testimonials/${created.id}/history`);
      const versions = page.getByRole("navigation", { name: "Versions" }).getByRole("link");
      await expect(versions).toHaveCount(3);
      await expect(versions.nth(0)).toContainText("Version 3 (current)");
      await expect(versions.nth(0)).toContainText("Name");
      await expect(versions.nth(2)).toContainText("The original");

      await versions.nth(2).click();
      await expect(page.getByRole("heading", { level: 2, name: "Version 1" })).toBeVisible();
      await expect(page.locator("del", { hasText: "beta" })).toBeVisible();
      await page.getByRole("button", { name: "Restore this version" }).click();
      await expect(page).toHaveURL(`/admin/testimonials?edit=${created.id}`);
      await expect(dialog.getByLabel("Name")).toHaveValue(name);
    } finally {
      await adminApiDelete(page, urls, `/api/testimonials/${created.id}`);
    }
  });
});

test.describe("the settings' history", () => {
  // Settings change every page: these journeys run on a site of their own.
  let site: Site;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite();
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test("History lists a save of the settings", async ({ page }) => {
    await signInThroughApi(page, { appUrl: site.appUrl, apiUrl: site.apiUrl }, E2E_ADMIN);
    await page.goto(`${site.appUrl}/admin/settings`);
    await page.getByLabel("Phone").fill("+44 20 7946 0999");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();

    await page.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(`${site.appUrl}/admin/settings/history`);
    await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
    const versions = page.getByRole("navigation", { name: "Versions" }).getByRole("link");
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText("Version 2 (current)");
    await expect(versions.nth(0)).toContainText("Phone");
    await versions.nth(1).click();
    await expect(page.getByRole("heading", { level: 2, name: "Version 1" })).toBeVisible();
    await expect(page.locator("del", { hasText: "0999" })).toBeVisible();
  });
});
