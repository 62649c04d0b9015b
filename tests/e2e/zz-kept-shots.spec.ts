import { E2E_ADMIN } from "./accounts.ts";
import { logInThroughForm, logOut } from "./account-support.ts";
import { adminApiDelete, adminApiPost, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

for (const width of [1280, 390]) {
  test(`shots ${width}`, { tag: "@no-javascript-only" }, async ({ page, apiUrl, appUrl }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const urls = { apiUrl, appUrl };
    await signInAsAdmin(page, urls);
    const title = uniqueTitle("Our new well in Kisumu", testInfo.project.name);
    const post = await adminApiPost<{ id: number }>(page, urls, "/api/blog", { title });
    await page.goto(`/admin/blog/${post.id}`);
    const other = await page.context().newPage();
    await logOut(other);
    await other.close();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(`${title}: a year on`);
    await page.getByRole("textbox", { name: "Blog Article" }).fill("<p>A year ago the village walked two hours for water.</p>");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await page.screenshot({ path: `/work/shots/s36/login-${width}.png`, fullPage: false });
    await logInThroughForm(page, E2E_ADMIN);
    await expect(page.getByRole("status").first()).toBeVisible();
    await page.screenshot({ path: `/work/shots/s36/edit-${width}.png`, fullPage: false });
    await page.screenshot({ path: `/work/shots/s36/edit-${width}-full.png`, fullPage: true });
    await adminApiDelete(page, urls, `/api/blog/${post.id}`);
  });
}
