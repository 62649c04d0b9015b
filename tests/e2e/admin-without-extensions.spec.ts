import { newMember, registerThroughApi, turnOnTwoFactorThroughApi } from "./account-support.ts";
import { adminApiDelete, adminApiPost, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { answerExtensionsAsLaravel, startStandInBackend, startWebTier } from "./stand-in.ts";

/**
 * In front of a Laravel backend, which has none of record 030's calls, the web tier offers no
 * Trash, History or Activity, and a delete says it cannot be undone. Nor can staff turn off a
 * member's two-factor sign-in (record 063): Fortify lets only the member do that.
 */
test("without the API's extensions there is no Trash, History or Activity, and deleting says it cannot be undone", async ({
  page,
  browser,
  apiUrl,
  appUrl,
}, testInfo) => {
  const backend = await startStandInBackend(apiUrl, {
    answer: answerExtensionsAsLaravel,
    // A Laravel backend knows nothing of versions.
    rewriteJson: (text) => text.replace(/,"version":\d+/g, ""),
    statefulOrigin: appUrl,
  });
  const web = await startWebTier(backend.url);
  const urls = { appUrl: web.url, apiUrl: backend.url };
  try {
    await signInAsAdmin(page, urls);
    const post = await adminApiPost<{ id: number }>(page, urls, "/api/blog", {
      title: uniqueTitle("Laravel post", testInfo.project.name),
    });
    try {
      await page.goto(`${web.url}/admin/blog/${post.id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Manage Blog" })).toBeVisible();
      const menu = page.getByRole("navigation", { name: "Admin" });
      await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();
      for (const name of ["Trash", "Activity", "Settings", "Backup"])
        await expect(menu.getByRole("link", { name, exact: true })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "History" })).toHaveCount(0);

      await page.getByRole("link", { name: "Delete Item" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
      await expect(confirm).toContainText("Are you sure you want to do this?");
      await expect(confirm).toContainText("Deleting cannot be undone.");

      const member = newMember(testInfo, "laravel-two-factor");
      const memberContext = await browser.newContext();
      try {
        const memberPage = await memberContext.newPage();
        await registerThroughApi(memberPage, { apiUrl, appUrl }, member);
        const id = await turnOnTwoFactorThroughApi(memberPage, { apiUrl, appUrl }, member);
        await page.goto(`${web.url}/admin/users/${id}`);
        await expect(page.getByRole("definition").filter({ hasText: /^On$/ })).toBeVisible();
        await expect(page.getByRole("button", { name: /Two-Factor/ })).toHaveCount(0);
      } finally {
        await memberContext.close();
      }

      for (const path of [
        "/admin/trash",
        "/admin/activity",
        "/admin/backup",
        "/admin/backup/download",
        `/admin/blog/${post.id}/history`,
      ]) {
        const response = await page.goto(`${web.url}${path}`);
        expect(response?.status(), path).toBe(404);
      }
    } finally {
      await adminApiDelete(page, urls, `/api/blog/${post.id}`);
    }
  } finally {
    await web.close();
    await backend.close();
  }
});
