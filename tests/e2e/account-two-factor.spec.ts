import type { Page } from "@playwright/test";
import {
  currentTotpCode,
  deactivateTwoFactor,
  logInThroughForm,
  logOut,
  newMember,
  nextTotpCode,
  registerThroughApi,
  type Member,
} from "./account-support.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Fortify asks for the password again before two-factor changes (a new session has not
 * confirmed it yet): Confirm Password, then on to `landsOn` (the page that asked, by default).
 */
async function confirmPassword(page: Page, member: Member, returnTo: string, landsOn = returnTo) {
  await expect(page).toHaveURL(`/confirm-password?redirectTo=${encodeURIComponent(returnTo)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm Password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(landsOn);
}

/**
 * One click of Activate → Confirm Password → the setup, without pressing Activate again;
 * returns the setup key.
 */
async function startActivation(page: Page, member: Member): Promise<string> {
  await page.goto("/account/2fa");
  await expect(page.getByText("Two factor authentication is not enabled")).toBeVisible();
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  await confirmPassword(page, member, "/account/2fa?activate=1", "/account/2fa");
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate", exact: true })).toHaveCount(0);
  const secretKey = (await page.getByTestId("two-factor-setup-key").textContent())!.trim();
  expect(secretKey).toMatch(/^[A-Z2-7]{16,}$/);
  return secretKey;
}

async function logInWithChallenge(page: Page, member: Member, code: string) {
  await page.goto("/login");
  await logInThroughForm(page, member);
  await expect(page).toHaveURL("/two-factor-challenge");
  await page.getByLabel("TwoFactor Code").fill(code);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

test("two-factor: activate, sign in with a code and with a recovery code, deactivate", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  test.slow();
  const member = newMember(testInfo);
  await registerThroughApi(page, { apiUrl, appUrl }, member);

  // Activate: the password is confirmed first, then the QR code, the setup key and the first code.
  const secretKey = await startActivation(page, member);

  await page.getByLabel("Code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Activate 2FA" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "The provided two factor authentication code was invalid.",
  );
  await page.getByLabel("Code", { exact: true }).fill(currentTotpCode(secretKey));
  await page.getByRole("button", { name: "Activate 2FA" }).click();
  await expect(page.getByText("Two factor authentication is enabled")).toBeVisible();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(8);
  const recoveryCode = (await codes.first().textContent())!.trim();

  // Sign in again: the authenticator code.
  await logOut(page);
  await logInWithChallenge(page, member, nextTotpCode(secretKey));

  // And with a recovery code instead.
  await logOut(page);
  await logInWithChallenge(page, member, recoveryCode);

  // A used recovery code is gone from the list; showing them asks for the password again.
  await page.goto("/account/2fa");
  await page.getByRole("button", { name: "Show Recovery-Codes" }).click();
  await confirmPassword(page, member, "/account/2fa?show=recovery-codes");
  await expect(codes).toHaveCount(8);
  await expect(codes.filter({ hasText: recoveryCode })).toHaveCount(0);

  // Reset Recovery-Codes reloads a new list.
  const before = await codes.allTextContents();
  await page.getByRole("button", { name: "Reset Recovery-Codes" }).click();
  await expect(page.getByRole("status")).toContainText("Your recovery codes have been reset.");
  await expect(codes).toHaveCount(8);
  expect(await codes.allTextContents()).not.toEqual(before);

  await deactivateTwoFactor(page, javaScriptEnabled);

  // Signing in no longer asks for a code.
  await logOut(page);
  await page.goto("/login");
  await logInThroughForm(page, member);
  await expect(page).toHaveURL("/");
});

test("two-factor: cancelling the deactivation keeps it on", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  const member = newMember(testInfo);
  await registerThroughApi(page, { apiUrl, appUrl }, member);
  const secretKey = await startActivation(page, member);
  await page.getByLabel("Code", { exact: true }).fill(currentTotpCode(secretKey));
  await page.getByRole("button", { name: "Activate 2FA" }).click();
  await expect(page.getByText("Two factor authentication is enabled")).toBeVisible();

  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("button", { name: "Deactivate" }).click();
  if (!javaScriptEnabled) await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/account\/2fa(\?show=recovery-codes)?$/);
  await expect(page.getByText("Two factor authentication is enabled")).toBeVisible();
});

test("the two-factor challenge without a pending login goes to Login", async ({ page }) => {
  await page.goto("/two-factor-challenge");
  await page.getByLabel("TwoFactor Code").fill("123456");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/login");
});

test("two-factor: with the password confirmed lately, Activate shows the setup at once", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  const member = newMember(testInfo);
  await registerThroughApi(page, { apiUrl, appUrl }, member);
  await startActivation(page, member);

  // Cancel drops the unconfirmed secret; activating again needs no second confirmation.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Two factor authentication is not enabled")).toBeVisible();
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page).toHaveURL("/account/2fa");
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
});
