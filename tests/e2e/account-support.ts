import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect } from "./fixtures.ts";

export type Member = { firstname: string; lastname: string; email: string; password: string };

/** A member nobody else uses: unique per test, project and retry. */
export function newMember(testInfo: TestInfo, label = "member"): Member {
  const unique = `${testInfo.project.name}-${Date.now()}-${randomBytes(3).toString("hex")}`;
  return {
    firstname: "Ada",
    lastname: "Lovelace",
    email: `${label}-${unique}@example.org`,
    password: `Pass-${randomBytes(6).toString("hex")}`,
  };
}

type Urls = { apiUrl: string; appUrl: string };

/** The headers the web tier sends, so the API treats the call as the site's (stateful origin). */
function siteHeaders(appUrl: string): Record<string, string> {
  return {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    Origin: appUrl,
    Referer: `${appUrl}/`,
  };
}

async function xsrfToken(request: APIRequestContext, { apiUrl, appUrl }: Urls): Promise<string> {
  const csrf = await request.get(`${apiUrl}/sanctum/csrf-cookie`, { headers: siteHeaders(appUrl) });
  expect(csrf.status()).toBe(204);
  const state = await request.storageState();
  const cookie = state.cookies.find((candidate) => candidate.name === "XSRF-TOKEN");
  expect(cookie, "the API set an XSRF-TOKEN cookie").toBeDefined();
  return decodeURIComponent(cookie!.value);
}

/**
 * Registers through the API with the page's cookies, which signs the browser in as the new
 * member (the API and the site share a host). Used where the test is not about the form.
 */
export async function registerThroughApi(page: Page, urls: Urls, member: Member): Promise<void> {
  const token = await xsrfToken(page.request, urls);
  const response = await page.request.post(`${urls.apiUrl}/register`, {
    headers: { ...siteHeaders(urls.appUrl), "X-XSRF-TOKEN": token },
    data: {
      firstname: member.firstname,
      lastname: member.lastname,
      email: member.email,
      password: member.password,
      password_confirmation: member.password,
    },
  });
  expect(response.status()).toBe(201);
}

/**
 * Turns two-factor sign-in on for the member signed in on `page`, through the API as
 * /account/2fa would: their password confirmed, a secret made, its first code entered. Gives the
 * member's id.
 */
export async function turnOnTwoFactorThroughApi(
  page: Page,
  urls: Urls,
  member: Member,
): Promise<number> {
  const call = async (method: "GET" | "POST", path: string, data?: unknown) => {
    const token = await xsrfToken(page.request, urls);
    const response = await page.request.fetch(`${urls.apiUrl}${path}`, {
      method,
      headers: { ...siteHeaders(urls.appUrl), "X-XSRF-TOKEN": token },
      data,
    });
    expect(response.ok(), `${method} ${path}`).toBe(true);
    return response;
  };
  await call("POST", "/user/confirm-password", { password: member.password });
  await call("POST", "/user/two-factor-authentication");
  const { secretKey } = (await (await call("GET", "/user/two-factor-secret-key")).json()) as {
    secretKey: string;
  };
  await call("POST", "/user/confirmed-two-factor-authentication", {
    code: currentTotpCode(secretKey),
  });
  const signedIn = (await (await call("GET", "/api/user")).json()) as { data: { id: number } };
  return signedIn.data.id;
}

/** A member who exists but is signed out in this browser. */
export async function createMember(page: Page, urls: Urls, member: Member): Promise<void> {
  await registerThroughApi(page, urls, member);
  await page.context().clearCookies();
}

export async function logInThroughForm(
  page: Page,
  credentials: { email: string; password: string },
): Promise<void> {
  await page.getByLabel("Email").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * Signs out with the account menu's Logout button (a POST form), which leads Home; `site` is a
 * web tier other than the suite's own.
 */
export async function logOut(page: Page, site = ""): Promise<void> {
  await page.goto(`${site}/account`);
  await page
    .getByRole("navigation", { name: "Account" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page).toHaveURL(`${site}/`);
}

/** The session ends elsewhere: Log Out in another tab of the same browser. */
export async function logOutInAnotherTab(page: Page, site = ""): Promise<void> {
  const otherTab = await page.context().newPage();
  await logOut(otherTab, site);
  await otherTab.close();
}

/**
 * Deactivates two-factor sign-in on /account/2fa, which asks first: the browser's confirm() with
 * JavaScript, a confirmation step without.
 */
export async function deactivateTwoFactor(
  page: Page,
  javaScriptEnabled: boolean,
  site = "",
): Promise<void> {
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Deactivate" }).click();
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(`${site}/account/2fa?confirm=deactivate`);
    await expect(
      page.getByRole("heading", {
        name: "Are you sure you want to deactivate Two Factor Authentication?",
      }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(page.getByRole("status")).toHaveText(
    "Two factor authentication has been deactivated.",
  );
  await expect(page.getByText("Two factor authentication is not enabled")).toBeVisible();
  if (javaScriptEnabled) {
    expect(asked).toBe("Are you sure you want to deactivate Two Factor Authentication?");
  }
}

/**
 * The authenticator code one step (30 s) ahead: still inside the API's ±1 step window, and
 * always newer than any code used before, which the API refuses to accept twice.
 */
export function nextTotpCode(secretKey: string): string {
  const totp = new TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretKey),
  });
  return totp.generate({ timestamp: Date.now() + 30_000 });
}

export function currentTotpCode(secretKey: string): string {
  const totp = new TOTP({
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretKey),
  });
  return totp.generate();
}
