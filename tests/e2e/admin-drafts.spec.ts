import type { Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  restoreInAnotherTab,
  sessionHeaders,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; slug: string; title: string };
type Urls = { apiUrl: string; appUrl: string };

/** Autosave (record 030) runs with JavaScript only; without it the banner and its buttons still work. */
test.describe("autosaved drafts of a news post", () => {
  let post: Created;
  let urls: Urls;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    // Autosave waits for 3 s of quiet before it writes.
    test.setTimeout(60_000);
    urls = { apiUrl, appUrl };
    await signInAsAdmin(page, urls);
    post = await adminApiPost<Created>(page, urls, "/api/blog", {
      title: uniqueTitle("Draft post", testInfo.project.name),
    });
  });

  test.afterEach(async ({ page }) => {
    await adminApiDelete(page, urls, `/api/blog/${post.id}`);
  });

  const article = (page: Page) => page.getByRole("textbox", { name: "Blog Article" });

  /** With JavaScript the person types and autosave keeps it; without, the draft is put as autosave would. */
  async function leaveADraft(page: Page, javaScriptEnabled: boolean, words: string) {
    await page.goto(`/admin/blog/${post.id}`);
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await page.getByLabel("Title", { exact: true }).fill(`${post.title} (typed)`);
      await article(page).click();
      await page.keyboard.type(words);
      await expect(
        page.getByRole("status").filter({ hasText: /^Saved a draft at \d\d:\d\d$/ }),
      ).toBeVisible();
    } else {
      const response = await page.request.put(`${urls.apiUrl}/api/drafts/blog/${post.id}`, {
        headers: await sessionHeaders(page, urls),
        data: {
          version: null,
          data: { title: `${post.title} (typed)`, article: `<p>${words}</p>` },
        },
      });
      expect(response.status()).toBe(200);
    }
  }

  test("typing in a closed tab comes back with Restore, and Save publishes it", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await leaveADraft(page, javaScriptEnabled, "Words typed before the tab closed");
    await page.close();

    const again = await context.newPage();
    await again.goto(`/admin/blog/${post.id}`);
    const banner = again.getByRole("region", { name: "Unsaved changes" });
    await expect(banner).toContainText(/You have unsaved changes from \d\d:\d\d\./);
    await expect(again.getByLabel("Title", { exact: true })).toHaveValue(post.title);
    await banner.getByRole("button", { name: /^Restore unsaved changes from \d\d:\d\d$/ }).click();

    await expect(again.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
    await expect(again.getByLabel("Title", { exact: true })).toHaveValue(`${post.title} (typed)`);
    if (javaScriptEnabled) {
      await expect(article(again)).toContainText("Words typed before the tab closed");
    } else {
      await expect(article(again)).toHaveValue(/Words typed before the tab closed/);
    }
    await again.getByRole("button", { name: "Save Changes" }).click();
    await expect(again).toHaveURL("/admin/blog");

    await again.goto(`/blog/${post.slug}`);
    await expect(
      again.getByRole("heading", { level: 1, name: `${post.title} (typed)` }),
    ).toBeVisible();
    await expect(again.locator("article")).toContainText("Words typed before the tab closed");

    // The save used the draft up.
    await again.goto(`/admin/blog/${post.id}`);
    await expect(again.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(again.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  });

  test("Discard removes the banner for good", async ({ page, javaScriptEnabled }) => {
    await leaveADraft(page, javaScriptEnabled, "Words nobody wants");
    await page.goto(`/admin/blog/${post.id}`);
    const banner = page.getByRole("region", { name: "Unsaved changes" });
    await banner.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL(`/admin/blog/${post.id}`);
    await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
    await expect(
      page.getByRole("status").filter({ hasText: "Your unsaved changes were discarded." }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(post.title);
    await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  });

  test("a Discard clicked by mistake is undone: the unsaved changes come back (record 056)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await leaveADraft(page, javaScriptEnabled, "An hour of words");
    await page.goto(`/admin/blog/${post.id}`);
    const banner = page.getByRole("region", { name: "Unsaved changes" });
    await banner.getByRole("button", { name: "Discard" }).click();
    const flash = page
      .getByRole("status")
      .filter({ hasText: "Your unsaved changes were discarded." });
    await expect(flash).toBeVisible();
    await expect(banner).toHaveCount(0);

    await flash.getByRole("button", { name: "Undo" }).click();
    await expect(page).toHaveURL(`/admin/blog/${post.id}`);
    await expect(page.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
    await banner.getByRole("button", { name: /^Restore unsaved changes from \d\d:\d\d$/ }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${post.title} (typed)`);
    if (javaScriptEnabled) await expect(article(page)).toContainText("An hour of words");
    else await expect(article(page)).toHaveValue(/An hour of words/);
  });

  test("leaving through the admin menu with unsaved changes asks first (without JavaScript, there is nothing to keep)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/blog/${post.id}`);
    // The editor appears once React has hydrated the page, and with it the leave guard.
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(`${post.title} (unsaved)`);
    const menuLink = page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Widgets" });
    await menuLink.click();
    if (javaScriptEnabled) {
      const ask = page.getByRole("alertdialog", {
        name: "You have unsaved changes. Leave this page?",
      });
      await expect(ask).toBeVisible();
      await expect(ask.getByRole("button", { name: "Stay" })).toBeFocused();
      await ask.getByRole("button", { name: "Stay" }).click();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(page).toHaveURL(`/admin/blog/${post.id}`);
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
        `${post.title} (unsaved)`,
      );

      await menuLink.click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Leave" }).click();
    }
    await expect(page).toHaveURL("/admin/widgets");
  });

  test("Save is never held up, and without JavaScript there is no autosave at all", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/blog/${post.id}`);
    await page.getByLabel("Title", { exact: true }).fill(`${post.title} (saved)`);
    if (!javaScriptEnabled) {
      await expect(page.getByText(/Saved a draft/)).toHaveCount(0);
      const draft = await page.request.get(`${urls.apiUrl}/api/drafts/blog/${post.id}`, {
        headers: await sessionHeaders(page, urls),
      });
      expect(draft.status()).toBe(404);
    }
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await expect(
      page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
    ).toBeVisible();
    await page.goto(`/admin/blog/${post.id}`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${post.title} (saved)`);
    await expect(page.getByRole("region", { name: "Unsaved changes" })).toHaveCount(0);
  });

  const autosaveStatus = (page: Page) => page.getByRole("status").filter({ hasText: /draft/ });
  async function openWithEditor(page: Page) {
    await page.goto(`/admin/blog/${post.id}`);
    await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
  }

  // Autosave runs with JavaScript only: the no-js project leaves these out (playwright.config.ts).
  test(
    "an autosave after a colleague moved the post to the trash: the typing is kept and the way back is named",
    { tag: "@javascript-only" },
    async ({ page }) => {
      await openWithEditor(page);
      await article(page).click();
      await page.keyboard.type("Typed while a colleague emptied the blog");
      await expect(autosaveStatus(page)).toHaveText(/^Saved a draft at \d\d:\d\d$/);
      await adminApiDelete(page, urls, `/api/blog/${post.id}`);

      await page.keyboard.type(", and more");
      await expect(autosaveStatus(page)).toHaveText(
        "Someone moved this item to the trash, so no draft was saved. Your changes are still here: restore the item from the trash, then save.",
      );
      await expect(article(page)).toContainText(
        "Typed while a colleague emptied the blog, and more",
      );

      await restoreInAnotherTab(page, post.title);
      await page.keyboard.type(" again");
      await expect(autosaveStatus(page)).toHaveText(/^Saved a draft at \d\d:\d\d$/);
    },
  );

  test(
    "an autosave offline: the screen stays as typed, and the next autosave that works says so",
    { tag: "@javascript-only" },
    async ({ page }) => {
      await openWithEditor(page);
      await page.context().setOffline(true);
      await page.getByLabel("Title", { exact: true }).fill(`${post.title} (offline)`);
      await expect(autosaveStatus(page)).toHaveText(
        "The draft could not be saved. Your changes are still on this page, and autosave tries again as you type.",
      );
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
        `${post.title} (offline)`,
      );

      await page.context().setOffline(false);
      await page.getByLabel("Title", { exact: true }).fill(`${post.title} (online)`);
      await expect(autosaveStatus(page)).toHaveText(/^Saved a draft at \d\d:\d\d$/);
    },
  );
});
