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

/** Signs out with the account menu's Logout button (a POST form), which leads Home. */
export async function logOut(page: Page): Promise<void> {
  await page.goto("/account");
  await page
    .getByRole("navigation", { name: "Account" })
    .getByRole("button", { name: "Logout" })
    .click();
  await expect(page).toHaveURL("/");
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
