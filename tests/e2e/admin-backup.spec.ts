import os from "node:os";
import { E2E_ADMIN } from "./accounts.ts";
import { signInAsAdmin } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { openBackup } from "../../server/backup/archive.ts";

test("an admin confirms the password and downloads a backup that holds the site", async ({
  page,
  apiUrl,
  appUrl,
}) => {
  test.slow();
  await signInAsAdmin(page, { apiUrl, appUrl });
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Backup" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Backup" })).toBeVisible();

  // A fresh sign-in has not confirmed the password: the download asks for it first.
  await page.getByRole("link", { name: "Download a backup" }).click();
  await expect(page).toHaveURL(
    `/confirm-password?redirectTo=${encodeURIComponent("/admin/backup")}`,
  );
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL("/admin/backup");

  const downloading = page.waitForEvent("download", { timeout: 60_000 });
  await page.getByRole("link", { name: "Download a backup" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^almoner-backup-[0-9TZ-]+\.tar\.gz$/);
  const backup = await openBackup(await download.path(), os.tmpdir());
  try {
    expect(backup.manifest.tables.find((t) => t.name === "entries")?.rows).toBeGreaterThan(0);
    expect(backup.manifest.files.length).toBeGreaterThan(0);
  } finally {
    await backup.cleanup();
  }
});
