import type { Page } from "@playwright/test";
import { logInThroughForm } from "./account-support.ts";
import { adminApiDelete, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { startStandInBackend, startWebTier } from "./stand-in.ts";

function activityTable(page: Page) {
  return page.getByRole("table", { name: "Activity, newest first" });
}

/** Chooses the filters in the GET form and sends it, as a person would. */
async function filter(page: Page, { person, kind }: { person?: string; kind?: string }) {
  if (person !== undefined)
    await page.getByLabel("Person").selectOption(person === "" ? { index: 0 } : { label: person });
  if (kind !== undefined) await page.getByLabel("Kind").selectOption({ label: kind });
  await page.getByRole("button", { name: "Filter" }).click();
}

test("an admin sees what they created and saved, filters by kind and person, and sees a failed sign-in", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  test.slow();
  const stranger = `nobody-${testInfo.project.name}-${Date.now().toString(36)}@example.org`;
  await page.goto("/login");
  await logInThroughForm(page, { email: stranger, password: "not-a-password-at-all" });
  await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");

  await signInAsAdmin(page, { apiUrl, appUrl });
  const title = uniqueTitle("Open day", testInfo.project.name);
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "Add Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Blog" });
  await dialog.getByLabel("Blog Title").fill(title);
  await dialog.getByRole("button", { name: "Add Blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Blog" })).toBeVisible();
  const postId = Number(/\/admin\/blog\/(\d+)$/.exec(page.url())?.[1]);
  try {
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/blog");

    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Activity" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    const table = activityTable(page);
    const saved = table.getByRole("link", { name: `Saved blog post “${title}”` });
    const created = table.getByRole("link", { name: `Created blog post “${title}”` });
    await expect(saved).toBeVisible();
    await expect(created).toBeVisible();
    await expect(saved).toHaveAttribute("href", `/admin/blog/${postId}`);
    // Newest first: the save is above the creation.
    const rows = await table.getByRole("row").allTextContents();
    const savedRow = rows.findIndex((row) => row.includes(`Saved blog post “${title}”`));
    expect(savedRow).toBeGreaterThan(0);
    expect(savedRow).toBeLessThan(
      rows.findIndex((row) => row.includes(`Created blog post “${title}”`)),
    );

    await filter(page, { kind: "Blog" });
    await expect(page).toHaveURL(/kind=blog/);
    await expect(page.getByLabel("Kind")).toHaveValue("blog");
    await expect(saved).toBeVisible();
    await expect(table.getByText("Signed in", { exact: true })).toHaveCount(0);

    // The admin's own row names them as the Person select does.
    const name = (
      await table
        .getByRole("row")
        .filter({ hasText: `Saved blog post “${title}”` })
        .getByRole("cell")
        .nth(1)
        .textContent()
    )?.trim();
    expect(name).toBeTruthy();
    await filter(page, { person: name!, kind: "All" });
    await expect(page).toHaveURL(/person=\d+/);
    await expect(page.getByLabel("Person").locator("option:checked")).toHaveText(name!);
    await expect(created).toBeVisible();
    await expect(table.getByText(`Failed sign-in for ${stranger}`)).toHaveCount(0);

    await filter(page, { person: "", kind: "Account security" });
    const failed = table.getByRole("row").filter({ hasText: `Failed sign-in for ${stranger}` });
    await expect(failed).toBeVisible();
    await expect(failed.getByRole("cell").nth(1)).toHaveText("Someone");
    await expect(saved).toHaveCount(0);
  } finally {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${postId}`);
  }
});

test("against a backend without the extension, Activity is neither in the menu nor at its address", async ({
  page,
  apiUrl,
  appUrl,
}) => {
  const backend = await startStandInBackend(apiUrl, {
    answer: (pathname) =>
      pathname === "/api/settings" || pathname.startsWith("/api/activity")
        ? { status: 404, json: { message: "Not Found." } }
        : undefined,
    statefulOrigin: appUrl,
  });
  const web = await startWebTier(backend.url);
  try {
    await signInAsAdmin(page, { appUrl: web.url, apiUrl: backend.url });
    await page.goto(`${web.url}/admin`);
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Testimonials" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Activity" })).toHaveCount(0);
    const response = await page.goto(`${web.url}/admin/activity`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page Not Found")).toBeVisible();
  } finally {
    await web.close();
    await backend.close();
  }
});
