import { newMember, registerThroughApi } from "./account-support.ts";
import { expect, test } from "./fixtures.ts";

test("logging out leaves the profile form's button alone while it is on its way", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
  await page.goto("/account/profile");
  const update = page.getByRole("button", { name: "Update" });
  const logout = page.getByRole("navigation", { name: "Account" }).getByRole("button", {
    name: "Logout",
  });

  if (javaScriptEnabled) {
    // Hold the logout at the web tier's door, so its pending state lasts while we look.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    await page.route("**/logout*", async (route) => {
      reached();
      await held;
      await route.continue();
    });
    await logout.click();
    await arrived;
    await expect(update).toBeEnabled();
    await expect(update).toHaveText("Update");
    release();
  } else {
    await logout.click();
  }
  await expect(page).toHaveURL("/");
  await page.goto("/account/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});
