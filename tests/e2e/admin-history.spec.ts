import type { Browser, Page } from "@playwright/test";
import {
  adminApiCall,
  adminApiDelete,
  adminApiPost,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; slug: string; title: string };
type Urls = { apiUrl: string; appUrl: string };

async function saveTitle(page: Page, id: number, title: string) {
  await page.goto(`/admin/blog/${id}`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL("/admin/blog");
}

/** A second admin in their own browser, as on another computer. */
async function secondAdmin(browser: Browser, urls: Urls, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: urls.appUrl, javaScriptEnabled });
  const page = await context.newPage();
  await signInAsAdmin(page, urls);
  return { page, close: () => context.close() };
}

/** Both admins open the post; the other one saves first, so the next save here is a conflict. */
async function bothOpenThenTheySave(page: Page, theirs: Page, id: number) {
  await page.goto(`/admin/blog/${id}`);
  await theirs.goto(`/admin/blog/${id}`);
  await theirs.getByLabel("Preview Text").fill("Their words came first");
  await theirs.getByRole("button", { name: "Save Changes" }).click();
  await expect(theirs).toHaveURL("/admin/blog");
}

test.describe("an entry's history and edit conflicts", () => {
  test.slow();
  let post: Created;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    post = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/blog", {
      title: uniqueTitle("History", testInfo.project.name),
    });
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);
  });

  test("History lists the saves, shows a word diff and restores the first version", async ({
    page,
  }) => {
    await saveTitle(page, post.id, `${post.title} alpha`);
    await saveTitle(page, post.id, `${post.title} beta`);

    await page.goto(`/admin/blog/${post.id}`);
    await page.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(`/admin/blog/${post.id}/history`);
    await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
    const versions = page.getByRole("navigation", { name: "Versions" }).getByRole("link");
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(0)).toContainText("Version 3 (current)");
    await expect(versions.nth(0)).toContainText("Title");
    await expect(versions.nth(2)).toContainText("The original");

    await versions.nth(2).click();
    await expect(page).toHaveURL(`/admin/blog/${post.id}/history?version=1`);
    await expect(page.getByRole("heading", { level: 2, name: "Version 1" })).toBeVisible();
    await expect(page.locator("del", { hasText: "beta" })).toBeVisible();
    await expect(page.getByText("= removed by restoring")).toBeVisible();

    await page.getByRole("button", { name: "Restore this version" }).click();
    await expect(page).toHaveURL(`/admin/blog/${post.id}`);
    await expect(page.getByRole("status").filter({ hasText: "Version 1 restored" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(post.title);
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  });

  test("Restore this version after a colleague's save restores nothing, says so, and compares with their version", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    await saveTitle(page, post.id, `${post.title} alpha`);
    await page.goto(`/admin/blog/${post.id}/history?version=1`);
    await expect(page.getByText("Compared with the current version (2)")).toBeVisible();
    await adminApiPost(page, { apiUrl, appUrl }, `/api/blog/${post.id}`, {
      title: `${post.title} theirs`,
    });

    await page.getByRole("button", { name: "Restore this version" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Someone else saved this item since you opened" }),
    ).toBeVisible();
    await expect(page).toHaveURL(`/admin/blog/${post.id}/history?version=1`);
    await expect(page.getByText("Compared with the current version (3)")).toBeVisible();
    await expect(page.locator("del", { hasText: "theirs" })).toBeVisible();
    const now = await adminApiCall<Created>(
      page,
      { apiUrl, appUrl },
      "GET",
      `/api/blog/${post.id}`,
    );
    expect(now.title).toBe(`${post.title} theirs`);

    await page.getByRole("button", { name: "Restore this version" }).click();
    await expect(page).toHaveURL(`/admin/blog/${post.id}`);
    await expect(page.getByRole("status").filter({ hasText: "Version 1 restored" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(post.title);
  });

  test("the History of a post in the trash, or of a project under Blog, is Page Not Found", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    await saveTitle(page, post.id, `${post.title} alpha`);
    const project = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/projects", {
      title: uniqueTitle("Not a post", testInfo.project.name),
    });
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);

    for (const path of [`/admin/blog/${post.id}/history`, `/admin/blog/${project.id}/history`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "Error 404 / Page Not Found" }),
      ).toBeVisible();
      await expect(page.getByText("No saved versions yet")).toHaveCount(0);
    }
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/projects/${project.id}`);
  });

  for (const choice of ["Keep mine", "Merge by hand"] as const) {
    test(`two admins save the same post: the second sees the conflict, and ${choice} keeps their typing`, async ({
      page,
      browser,
      apiUrl,
      appUrl,
      javaScriptEnabled,
    }) => {
      const other = await secondAdmin(browser, { apiUrl, appUrl }, javaScriptEnabled);
      try {
        await bothOpenThenTheySave(page, other.page, post.id);

        await page.getByLabel("Preview Text").fill("My words came second");
        await page.getByRole("button", { name: "Save Changes" }).click();
        await expect(
          page.getByRole("heading", { name: "Someone else changed this" }),
        ).toBeVisible();
        await expect(page.getByText(/saved version 2 at .+, after you opened it\./)).toBeVisible();
        await expect(page.locator("ins", { hasText: "My" })).toBeVisible();

        await page.getByRole("button", { name: choice }).click();
        if (choice === "Merge by hand") {
          await expect(page.getByRole("heading", { name: "Their version 2" })).toBeVisible();
          await expect(page.getByText("Their words came first")).toBeVisible();
          await expect(page.getByLabel("Preview Text")).toHaveValue("My words came second");
          await page.getByRole("button", { name: "Save Changes" }).click();
        }
        await expect(page).toHaveURL("/admin/blog");
        await expect(
          page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
        ).toBeVisible();
        await page.goto(`/admin/blog/${post.id}`);
        await expect(page.getByLabel("Preview Text")).toHaveValue("My words came second");
      } finally {
        await other.close();
      }
    });
  }

  test("Publish meets another admin's save: Keep mine publishes what was typed", async ({
    page,
    browser,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const draft = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/blog", {
      title: uniqueTitle("Draft history", testInfo.project.name),
      status: "draft",
    });
    const other = await secondAdmin(browser, { apiUrl, appUrl }, javaScriptEnabled);
    try {
      await bothOpenThenTheySave(page, other.page, draft.id);

      await page.getByLabel("Preview Text").fill("My words, to be published");
      await page.getByRole("button", { name: "Publish" }).click();
      await expect(page.getByRole("heading", { name: "Someone else changed this" })).toBeVisible();
      await page.getByRole("button", { name: "Keep mine" }).click();
      await expect(page).toHaveURL("/admin/blog");
      await expect(
        page.getByRole("status").filter({
          hasText: `“${draft.title}” is published: visitors see it now.`,
        }),
      ).toBeVisible();
      await page.goto(`/blog/${draft.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: draft.title })).toBeVisible();
      await page.goto(`/admin/blog/${draft.id}`);
      await expect(page.getByLabel("Preview Text")).toHaveValue("My words, to be published");
    } finally {
      await other.close();
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${draft.id}`);
    }
  });
});
