import type { Browser, Page } from "@playwright/test";
import { adminApiDelete, signInAsAdmin } from "./admin-support.ts";
import {
  createMember,
  currentTotpCode,
  deactivateTwoFactor,
  logInThroughForm,
  logOut,
  newMember,
  registerThroughApi,
  type Member,
} from "./account-support.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, waitForMail } from "./mail.ts";
import { useSpecMinimalStack } from "./spec-minimal.ts";

/**
 * A member's account journeys through a web tier in front of the spec-minimal backend (record
 * 039): a forgotten password, and two-factor sign-in with its password confirmations (423).
 */

const stack = useSpecMinimalStack(test);

/** Removes the member a test registered, as the admin in a browser context of its own. */
async function deleteMember(browser: Browser, email: string) {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin, stack.urls);
    const listed = await admin.request.get(`${stack.backend.url}/api/users?limit=100`, {
      headers: { Accept: "application/json" },
    });
    const { results } = (await listed.json()) as { results: { id: string; email: string }[] };
    for (const user of results.filter((candidate) => candidate.email === email))
      await adminApiDelete(admin, stack.urls, `/api/users/${user.id}`);
  } finally {
    await context.close();
  }
}

/**
 * The backend asks for the password again (423) before a two-factor change in a session that has
 * not confirmed it lately: Confirm Password, then on to `landsOn`.
 */
async function confirmPassword(page: Page, member: Member, returnTo: string, landsOn: string) {
  await expect(page).toHaveURL(
    `${stack.web.url}/confirm-password?redirectTo=${encodeURIComponent(returnTo)}`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Confirm Password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`${stack.web.url}${landsOn}`);
}

test("a forgotten password is reset through the mailed link, and the new one signs in", async ({
  page,
  browser,
}, testInfo) => {
  const web = stack.web.url;
  const member = newMember(testInfo, "minimal-reset");
  await createMember(page, stack.urls, member);
  try {
    await page.goto(`${web}/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(`${web}/forgot-password`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Forgot Your Password?" }),
    ).toBeVisible();
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Password-Reset E-Mail" }).click();
    await expect(page.getByRole("status")).toHaveText("We have emailed your password reset link.");

    // The backend links to the site it was set up for (the suite's own web tier); the same
    // address on this web tier.
    const mail = await waitForMail(member.email, /Reset Password/);
    const siteUrl = process.env.E2E_BASE_URL!;
    const link = linkIn(mail, `${siteUrl}/reset-password/`).replace(siteUrl, web);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
    const newPassword = `${member.password}-new`;
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Password Confirmation").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been reset.");

    await page.getByRole("link", { name: "Return To Login" }).click();
    await expect(page).toHaveURL(`${web}/login?redirectTo=%2Faccount`);
    await logInThroughForm(page, member);
    await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");
    await logInThroughForm(page, { email: member.email, password: newPassword });
    await expect(page).toHaveURL(`${web}/account`);
    await expect(page.getByText(`Welcome, ${member.firstname}.`)).toBeVisible();
  } finally {
    await deleteMember(browser, member.email);
  }
});

test("two-factor: activated after Confirm Password, a recovery code signs in, then deactivated", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  test.slow();
  const web = stack.web.url;
  const member = newMember(testInfo, "minimal-recovery");
  await registerThroughApi(page, stack.urls, member);
  try {
    await page.goto(`${web}/account/2fa`);
    await expect(page.getByText("Two factor authentication is not enabled")).toBeVisible();
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    await confirmPassword(page, member, "/account/2fa?activate=1", "/account/2fa");
    await expect(
      page.getByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeVisible();
    const secretKey = (await page.getByTestId("two-factor-setup-key").textContent())!.trim();
    await page.getByLabel("Code", { exact: true }).fill(currentTotpCode(secretKey));
    await page.getByRole("button", { name: "Activate 2FA" }).click();
    await expect(page.getByText("Two factor authentication is enabled")).toBeVisible();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(8);
    const recoveryCode = (await codes.first().textContent())!.trim();

    // Signed out and in again, with a recovery code in place of the authenticator's.
    await logOut(page, web);
    await page.goto(`${web}/login`);
    await logInThroughForm(page, member);
    await expect(page).toHaveURL(`${web}/two-factor-challenge`);
    await page.getByLabel("TwoFactor Code").fill(recoveryCode);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(`${web}/`);
    await page.goto(`${web}/account`);
    await expect(page.getByText(`Welcome, ${member.firstname}.`)).toBeVisible();

    // A new session: showing the codes asks for the password again; the used one is gone.
    await page.goto(`${web}/account/2fa`);
    await page.getByRole("button", { name: "Show Recovery-Codes" }).click();
    await confirmPassword(
      page,
      member,
      "/account/2fa?show=recovery-codes",
      "/account/2fa?show=recovery-codes",
    );
    await expect(codes).toHaveCount(8);
    await expect(codes.filter({ hasText: recoveryCode })).toHaveCount(0);

    await deactivateTwoFactor(page, javaScriptEnabled, web);

    // Signing in no longer asks for a code.
    await logOut(page, web);
    await page.goto(`${web}/login`);
    await logInThroughForm(page, member);
    await expect(page).toHaveURL(`${web}/`);
  } finally {
    await deleteMember(browser, member.email);
  }
});
