import type { Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  signInAsAdmin,
  uniqueTitle,
  GONE_TO_TRASH,
  restoreInAnotherTab,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; slug: string; title: string };

const NO_LONGER_THERE = "That item is no longer in the trash.";

/** Deletes a post through its edit screen and its confirmation step. */
async function deleteThroughEditScreen(page: Page, post: Created) {
  await page.goto(`/admin/blog/${post.id}`);
  await page.getByRole("link", { name: "Delete Item" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
  await expect(confirm).toContainText("Are you sure you want to do this?");
  await expect(confirm).not.toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL("/admin/blog");
}

async function publicStatus(page: Page, post: Created): Promise<number> {
  return (await page.request.get(`/blog/${post.slug}`)).status();
}

/** Whether the sitemap and the blog's feed name the post's address. */
async function inSitemapAndFeed(page: Page, post: Created): Promise<boolean[]> {
  const documents = await Promise.all(
    ["/sitemap.xml", "/blog/rss.xml"].map(async (path) => (await page.request.get(path)).text()),
  );
  return documents.map((text) => text.includes(`/blog/${post.slug}<`));
}

test.describe("the trash", () => {
  let post: Created;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    post = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/blog", {
      title: uniqueTitle("Trash me", testInfo.project.name),
    });
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);
  });

  test("a deleted post says Moved to Trash, and Undo brings it back to /blog", async ({ page }) => {
    await deleteThroughEditScreen(page, post);
    const flash = page.getByRole("status").filter({ hasText: "Moved to Trash" });
    await expect(flash).toBeVisible();
    expect(await publicStatus(page, post)).toBe(404);
    expect(await inSitemapAndFeed(page, post)).toEqual([false, false]);

    await flash.getByRole("button", { name: "Undo" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await expect(page.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
    expect(await publicStatus(page, post)).toBe(200);
    expect(await inSitemapAndFeed(page, post)).toEqual([true, true]);
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: post.title }).first()).toBeVisible();

    await page.goto("/admin/activity?kind=trash");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: `Restored blog post “${post.title}” from the trash` }),
    ).toHaveCount(1);
  });

  test("a deleted post is listed on /admin/trash and Restore puts it back at its address", async ({
    page,
  }) => {
    await deleteThroughEditScreen(page, post);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Trash" })
      .click();
    await expect(page).toHaveURL("/admin/trash");
    await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
    await expect(page.getByText("Items are kept 30 days")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: post.title });
    await expect(row).toContainText("Blog Post");
    expect(await publicStatus(page, post)).toBe(404);

    await row.getByRole("button", { name: `Restore “${post.title}”` }).click();
    const flash = page.getByRole("status").filter({ hasText: "Restored" });
    await expect(flash).toContainText(`/blog/${post.slug}`);
    await expect(page.getByRole("row").filter({ hasText: post.title })).toHaveCount(0);
    await flash.getByRole("link", { name: `/blog/${post.slug}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  });

  test("a stale tab's post, deleted by a colleague, is a 404 that leads to the trash", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);
    const response = await page.goto(`/admin/blog/${post.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error 404 / Page Not Found");
    await expect(
      page.getByText(
        "This item may have been deleted. Deleted items wait in the trash, where they can be restored.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the list" })).toHaveAttribute(
      "href",
      "/admin/blog",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveCount(0);
    // Drawn inside the admin area: its menu is one click away.
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Blog" }),
    ).toHaveAttribute("aria-current", "page");

    await page.getByRole("link", { name: "Open the trash" }).click();
    await expect(page).toHaveURL("/admin/trash");
    const row = page.getByRole("row").filter({ hasText: post.title });
    await row.getByRole("button", { name: `Restore “${post.title}”` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
    await page.goto(`/admin/blog/${post.id}`);
    await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(post.title);
  });

  test("a stale tab's save, after a colleague moved the post to the trash, keeps what was typed; restored, it saves", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/blog/${post.id}`);
    const waysToThePost = page
      .getByRole("link", { name: /^(History|View on the site)\b/ })
      .or(page.getByRole("button", { name: /^Preview\b/ }));
    await expect(waysToThePost).toHaveCount(3);
    const changesBesideSave = [
      page.getByRole("link", { name: "Delete Item" }),
      page.getByRole("button", { name: "Unpublish" }),
      page.getByRole("heading", { name: "Upload Photos" }),
    ];
    for (const change of changesBesideSave) await expect(change).toBeVisible();
    const title = page.getByRole("textbox", { name: "Title", exact: true });
    const preview = page.getByRole("textbox", { name: "Preview Text" });
    const article = page.getByRole("textbox", { name: "Blog Article" });
    const articleText = "An hour of writing that must not be lost.";
    await title.fill(`${post.title} (kept)`);
    await preview.fill("Typed in a tab opened before the delete.");
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await article.click();
      await page.keyboard.type(articleText);
    } else {
      await article.fill(`<p>${articleText}</p>`);
    }
    const articleHolds = () =>
      javaScriptEnabled
        ? expect(article).toContainText(articleText)
        : expect(article).toHaveValue(new RegExp(articleText));
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);

    // Save is at the foot of a long form: the message above the form is brought into view.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(GONE_TO_TRASH)).toBeInViewport({ ratio: 1 });
    await expect(page).toHaveURL(`/admin/blog/${post.id}`);
    // Each would lead to the 404 page while the post is in the trash.
    await expect(waysToThePost).toHaveCount(0);
    for (const change of changesBesideSave) await expect(change).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
    await expect(title).toHaveValue(`${post.title} (kept)`);
    await expect(preview).toHaveValue("Typed in a tab opened before the delete.");
    await articleHolds();

    // Restored in another tab, the post takes the save.
    await restoreInAnotherTab(page, post.title);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await expect(
      page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
    ).toBeVisible();
    await page.goto(`/admin/blog/${post.id}`);
    await expect(title).toHaveValue(`${post.title} (kept)`);
    await expect(preview).toHaveValue("Typed in a tab opened before the delete.");
    await articleHolds();
  });

  test("an address no screen has sends staff to the dashboard, and visitors to Log In", async ({
    page,
    browser,
  }) => {
    const response = await page.goto("/admin/no-such-screen");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("The page you are looking for has moved or never existed."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the admin dashboard" })).toHaveAttribute(
      "href",
      "/admin",
    );
    await expect(page.getByRole("link", { name: "Open the trash" })).toHaveCount(0);

    // As every address of the area does (record 051): which screens exist is not told.
    const visitor = await browser.newPage();
    try {
      await visitor.goto(new URL("/admin/no-such-screen", page.url()).href);
      await expect(visitor).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fno-such-screen(&|$)/);
      await expect(visitor.getByRole("button", { name: "Log in" })).toBeVisible();
      await expect(visitor.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
      await expect(visitor.getByRole("link", { name: "Go to the admin dashboard" })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });

  test("Delete Permanently from a search, and its Cancel, come back to the search", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    const urls = { apiUrl, appUrl };
    const other = await adminApiPost<Created>(page, urls, "/api/blog", {
      title: `${post.title} (second)`,
    });
    await adminApiDelete(page, urls, `/api/blog/${post.id}`);
    await adminApiDelete(page, urls, `/api/blog/${other.id}`);
    const searched = `/admin/trash?q=${encodeURIComponent(post.title).replaceAll("%20", "+")}`;
    const searchBox = page.getByRole("searchbox", { name: "Search the trash" });
    const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
    const purgeLink = (title: string) =>
      page.getByRole("link", { name: `Delete “${title}” permanently` });
    await page.goto(searched);

    await purgeLink(other.title).click();
    await expect(confirm).toContainText(`Delete “${other.title}” permanently?`);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(searched);
    await expect(confirm).toHaveCount(0);

    await purgeLink(post.title).click();
    await expect(confirm).toContainText(`Delete “${post.title}” permanently?`);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Deleted permanently." }),
    ).toBeVisible();
    await expect(page).toHaveURL(searched);
    await expect(searchBox).toHaveValue(post.title);
    await expect(purgeLink(post.title)).toHaveCount(0);
    await expect(purgeLink(other.title)).toBeVisible();
  });

  test("Confirm on a Trash drawn before a colleague restored the item says it is no longer there, and it stays live", async ({
    page,
  }) => {
    await deleteThroughEditScreen(page, post);
    await page.goto("/admin/trash");
    await page.getByRole("link", { name: `Delete “${post.title}” permanently` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
    await expect(confirm).toContainText(`Delete “${post.title}” permanently?`);
    await restoreInAnotherTab(page, post.title);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("alert").filter({ hasText: NO_LONGER_THERE })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Deleted permanently." })).toHaveCount(
      0,
    );
    expect(await publicStatus(page, post)).toBe(200);
  });

  test("Restore on a Trash drawn before a colleague restored the item says it is no longer there", async ({
    page,
  }) => {
    await deleteThroughEditScreen(page, post);
    await page.goto("/admin/trash");
    await restoreInAnotherTab(page, post.title);
    await page.getByRole("button", { name: `Restore “${post.title}”` }).click();
    await expect(page.getByRole("alert").filter({ hasText: NO_LONGER_THERE })).toBeVisible();
    expect(await publicStatus(page, post)).toBe(200);
  });

  test("Delete Permanently on a Trash drawn before a colleague restored the item says it is no longer there", async ({
    page,
  }) => {
    await deleteThroughEditScreen(page, post);
    await page.goto("/admin/trash");
    await restoreInAnotherTab(page, post.title);
    await page.getByRole("link", { name: `Delete “${post.title}” permanently` }).click();
    await expect(page.getByRole("alert").filter({ hasText: NO_LONGER_THERE })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(await publicStatus(page, post)).toBe(200);
  });

  test("a confirmation whose list no longer shows the item (it moved to a later page) still names it and deletes it", async ({
    page,
  }) => {
    await deleteThroughEditScreen(page, post);
    await page.goto("/admin/trash");
    const link = page.getByRole("link", { name: `Delete “${post.title}” permanently` });
    const id = new URL(await link.getAttribute("href").then(String), page.url()).searchParams.get(
      "id",
    );
    // The list searched for what no item is called: the item is on none of its pages.
    await page.goto(`/admin/trash?q=nothing-is-called-this&confirm=purge&id=${id}`);
    await expect(page.getByText("Nothing matches “nothing-is-called-this”.")).toBeVisible();
    const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
    await expect(confirm).toContainText(`Delete “${post.title}” permanently? It cannot be undone.`);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Deleted permanently." }),
    ).toBeVisible();
    await expect(page).toHaveURL("/admin/trash?q=nothing-is-called-this");
    expect(await publicStatus(page, post)).toBe(404);
  });

  test("Delete Permanently asks, names the item, and removes it for good", async ({ page }) => {
    await deleteThroughEditScreen(page, post);
    await page.goto("/admin/trash");
    const row = page.getByRole("row").filter({ hasText: post.title });
    await row.getByRole("link", { name: `Delete “${post.title}” permanently` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
    await expect(confirm).toContainText(`Delete “${post.title}” permanently? It cannot be undone.`);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Deleted permanently." }),
    ).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: post.title })).toHaveCount(0);
    expect(await publicStatus(page, post)).toBe(404);

    // The activity log keeps who moved it to the trash and who deleted it for good.
    await page.goto("/admin/activity?kind=trash");
    const lines = page.getByRole("row").filter({ hasText: post.title });
    await expect(
      lines.filter({ hasText: `Deleted blog post “${post.title}” for good` }),
    ).toHaveCount(1);
    await expect(
      lines.filter({ hasText: `Moved blog post “${post.title}” to the trash` }),
    ).toHaveCount(1);
  });
});
