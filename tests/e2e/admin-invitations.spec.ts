import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { logInThroughForm } from "./account-support.ts";
import { adminApiDelete, sessionHeaders, signInAsAdmin } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, waitForMail } from "./mail.ts";

type Urls = { apiUrl: string; appUrl: string };

async function userIdsWithEmail(page: Page, urls: Urls, email: string): Promise<number[]> {
  const response = await page.request.get(
    `${urls.apiUrl}/api/users?q=${encodeURIComponent(email)}`,
    { headers: await sessionHeaders(page, urls) },
  );
  const body = (await response.json()) as { results: { id: number; email: string }[] };
  return body.results.filter((user) => user.email === email).map((user) => user.id);
}

test.describe("invitations (record 036)", () => {
  let email = "";

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    if (!email) return;
    await page.context().clearCookies();
    await signInAsAdmin(page, { apiUrl, appUrl });
    for (const id of await userIdsWithEmail(page, { apiUrl, appUrl }, email))
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/users/${id}`);
    email = "";
  });

  test("an admin invites a user, who sets a password from the mail and signs in", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    test.slow();
    email = `invited-${testInfo.project.name}-${randomBytes(4).toString("hex")}@example.org`;
    await signInAsAdmin(page, { apiUrl, appUrl });
    await page.goto("/admin/users");
    await page.getByRole("link", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.getByLabel("First Name").fill("Amara");
    await dialog.getByLabel("Last Name").fill("Invited");
    await dialog.getByLabel("Email").fill(email);
    await expect(dialog.getByLabel("Send an invitation")).toBeChecked();
    await expect(dialog.getByLabel("Send an invitation")).toHaveAccessibleDescription(
      "They get an email with a link to choose their own password.",
    );
    // With JavaScript the password pair goes out of sight; without, it stays, empty, and the
    // post decides.
    const passwordField = dialog.getByLabel("Password", { exact: true });
    if (javaScriptEnabled) {
      await expect(passwordField).toBeHidden();
      await dialog.getByRole("button", { name: "Add User and Send Invitation" }).click();
    } else {
      await expect(passwordField).toBeVisible();
      await dialog.getByRole("button", { name: "Add User", exact: true }).click();
    }

    await expect(page).toHaveURL("/admin/users");
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: `User added: Amara Invited. An invitation was sent to ${email}.` }),
    ).toBeVisible();
    // Other journeys add users too: the search finds this one, whichever page it is on.
    await page.getByRole("searchbox", { name: "Search users" }).fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByRole("rowheader")).toContainText("Invited");

    // The user's screen says so, and can send the invitation again.
    await row.getByRole("link", { name: "View Amara Invited" }).click();
    await expect(page.getByText("Invited: no password yet.")).toBeVisible();
    await page.getByRole("button", { name: "Send Invitation Again" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `A new invitation was sent to ${email}.` }),
    ).toBeVisible();

    // The newest mail's link: the first one stopped working when the second was sent.
    const mail = await waitForMail(email, /You are invited/);
    expect(mail.text).toContain("Hello Amara,");
    const link = linkIn(mail, `${appUrl}/set-password/`);

    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Set Your Password" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    const password = `Chosen-${randomBytes(5).toString("hex")}`;
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Password Confirmation").fill(password);
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Your password has been set. You can log in now." }),
    ).toBeVisible();

    await page.getByRole("link", { name: "Log In" }).click();
    await expect(page).toHaveURL("/login");
    await logInThroughForm(page, { email, password });
    await expect(page).toHaveURL("/");
    await page.goto("/account");
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();

    // The link works once.
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel("Password", { exact: true }).fill("another-password-1");
    await page.getByLabel("Password Confirmation").fill("another-password-1");
    await page.getByRole("button", { name: "Set Password" }).click();
    await expect(page.getByText("This invitation link is invalid or has expired.")).toBeVisible();
  });
});
