import type { Locator, Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import {
  adminApiDelete,
  adminApiPost,
  sessionHeaders,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import { expect, signInThroughApi, test } from "./fixtures.ts";
import { startSite, type Site } from "./global-setup.ts";

type Urls = { apiUrl: string; appUrl: string };

/**
 * Autosave (record 030) on the widget, testimonial and settings screens: with JavaScript what is
 * typed is kept as a draft; without, a draft stored through the API (as autosave or "Take theirs"
 * stores it) shows the banner, and Restore fills the form from it.
 */

const SAVED_A_DRAFT = /^Saved a draft at \d\d:\d\d$/;
const RESTORE = /^Restore unsaved changes from \d\d:\d\d$/;

/** Types at the end of a rich text with JavaScript, and waits for autosave to keep it. */
async function typeAndAutosave(page: Page, box: Locator, words: string) {
  await expect(page.getByRole("button", { name: "Bold" }).first()).toBeVisible();
  await box.click();
  await page.keyboard.press("End");
  await page.keyboard.type(words);
  await expect(page.getByRole("status").filter({ hasText: SAVED_A_DRAFT })).toBeVisible();
}

async function putDraft(
  page: Page,
  urls: Urls,
  path: string,
  data: Record<string, string>,
): Promise<void> {
  const response = await page.request.put(`${urls.apiUrl}/api/drafts/${path}`, {
    headers: await sessionHeaders(page, urls),
    data: { version: null, data },
  });
  expect(response.status()).toBe(200);
}

async function expectRichText(box: Locator, text: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(box).toContainText(text);
  else await expect(box).toHaveValue(new RegExp(text));
}

test.describe("autosaved drafts of a widget", () => {
  let widget: { id: number; name: string };
  let urls: Urls;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    // Autosave waits for 3 s of quiet before it writes.
    test.setTimeout(60_000);
    urls = { apiUrl, appUrl };
    await signInAsAdmin(page, urls);
    const name = uniqueTitle("Draft", testInfo.project.name).replace(/[^A-Za-z0-9_-]/g, "_");
    widget = await adminApiPost(page, urls, "/api/widgets", { name, type: "TEXT" });
  });

  test.afterEach(async ({ page }) => {
    await adminApiDelete(page, urls, `/api/widgets/${widget.id}`);
  });

  test("what was typed comes back with Restore, and Save keeps it", async ({
    page,
    javaScriptEnabled,
  }) => {
    const here = `/admin/widgets/${widget.id}`;
    const text = page.getByRole("textbox", { name: "Text", exact: true });
    await page.goto(here);
    if (javaScriptEnabled) await typeAndAutosave(page, text, "Words kept by autosave");
    else
      await putDraft(page, urls, `widgets/${widget.id}`, { html: "<p>Words kept by autosave</p>" });

    await page.goto(here);
    const banner = page.getByRole("region", { name: "Unsaved changes" });
    await expect(banner).toContainText(/You have unsaved changes from \d\d:\d\d\./);
    await expect(text).not.toContainText("Words kept by autosave");
    await banner.getByRole("button", { name: RESTORE }).click();

    await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(widget.name);
    await expectRichText(text, "Words kept by autosave", javaScriptEnabled);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();

    // The save used the draft up.
    await page.goto(here);
    await expectRichText(text, "Words kept by autosave", javaScriptEnabled);
    await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  });
});

test.describe("autosaved drafts of a testimonial", () => {
  let testimonial: { id: number; name: string };
  let urls: Urls;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    test.setTimeout(60_000);
    urls = { apiUrl, appUrl };
    await signInAsAdmin(page, urls);
    testimonial = await adminApiPost(page, urls, "/api/testimonials", {
      name: uniqueTitle("Drafted", testInfo.project.name),
      score: 4,
      review: "<p>Kind people.</p>",
    });
  });

  test.afterEach(async ({ page }) => {
    await adminApiDelete(page, urls, `/api/testimonials/${testimonial.id}`);
  });

  test("the banner sits in the edit modal, and Restore reopens it with the draft", async ({
    page,
    javaScriptEnabled,
  }) => {
    const dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    const review = dialog.getByRole("textbox", { name: "Review" });
    await page.goto(`/admin/testimonials?edit=${testimonial.id}`);
    if (javaScriptEnabled) await typeAndAutosave(page, review, " And patient.");
    else
      await putDraft(page, urls, `testimonials/${testimonial.id}`, {
        name: testimonial.name,
        score: "4",
        review: "<p>Kind people. And patient.</p>",
      });

    await page.goto("/admin/testimonials");
    await page.getByRole("link", { name: `Edit ${testimonial.name}` }).click();
    const banner = dialog.getByRole("region", { name: "Unsaved changes" });
    await expect(banner).toContainText(/You have unsaved changes from \d\d:\d\d\./);
    await banner.getByRole("button", { name: RESTORE }).click();

    await expect(dialog.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
    await expectRichText(review, "Kind people. And patient.", javaScriptEnabled);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/testimonials");
    await expect(
      page.getByRole("status").filter({ hasText: "Testimonial Changes Saved" }),
    ).toBeVisible();
    const saved = await page.request.get(`${urls.apiUrl}/api/testimonials/${testimonial.id}`);
    expect(((await saved.json()) as { review: string }).review).toContain("And patient.");
  });

  test("Discard in the modal removes the draft and keeps the modal open", async ({ page }) => {
    await putDraft(page, urls, `testimonials/${testimonial.id}`, { review: "<p>Unwanted.</p>" });
    await page.goto(`/admin/testimonials?edit=${testimonial.id}`);
    const dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    await dialog
      .getByRole("region", { name: "Unsaved changes" })
      .getByRole("button", { name: "Discard" })
      .click();
    await expect(page).toHaveURL(`/admin/testimonials?edit=${testimonial.id}`);
    await expect(dialog.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
    await expect(
      page.getByRole("status").filter({ hasText: "Your unsaved changes were discarded." }),
    ).toBeVisible();
    await page.reload();
    await expect(dialog.getByLabel("Name")).toHaveValue(testimonial.name);
    await expect(dialog.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  });
});

test.describe("autosaved drafts of the settings", () => {
  // Settings change every page, and the draft is the admin's own: a site of its own.
  let site: Site;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite();
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test("typed settings come back with Restore, and Save keeps them", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    const urls = { appUrl: site.appUrl, apiUrl: site.apiUrl };
    await signInThroughApi(page, urls, E2E_ADMIN);
    const here = `${site.appUrl}/admin/settings`;
    const address = page.getByLabel("Postal Address");
    await page.goto(here);
    const before = await address.inputValue();
    if (javaScriptEnabled) {
      await address.click();
      await page.keyboard.press("ControlOrMeta+End");
      await page.keyboard.type("\nPO Box 17");
      await expect(page.getByRole("status").filter({ hasText: SAVED_A_DRAFT })).toBeVisible();
    } else {
      await putDraft(page, urls, "settings/0", { address: `${before}\nPO Box 17` });
    }

    await page.goto(here);
    await expect(address).toHaveValue(before);
    const banner = page.getByRole("region", { name: "Unsaved changes" });
    await expect(banner).toContainText(/You have unsaved changes from \d\d:\d\d\./);
    await banner.getByRole("button", { name: RESTORE }).click();

    await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
    await expect(address).toHaveValue(/PO Box 17$/);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
    await page.goto(here);
    await expect(address).toHaveValue(/PO Box 17$/);
    await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  });
});
