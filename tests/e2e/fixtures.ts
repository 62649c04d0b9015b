import { expect, test as base, type Page } from "@playwright/test";

export { expect };

/** The site started by global-setup.ts (or given in E2E_BASE_URL). */
export const test = base.extend<{ appUrl: string; apiUrl: string }>({
  baseURL: async ({}, use) => {
    await use(requiredEnvironment("E2E_BASE_URL"));
  },
  appUrl: async ({}, use) => {
    await use(requiredEnvironment("E2E_BASE_URL"));
  },
  apiUrl: async ({}, use) => {
    await use(process.env.E2E_API_URL ?? requiredEnvironment("E2E_BASE_URL"));
  },
});

function requiredEnvironment(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through playwright.config.ts`);
  return value;
}

/**
 * Signs the browser context in through the API, as the web tier would (csrf-cookie, then
 * POST /login). The API and the site share a host, so the session cookie reaches both.
 */
export async function signInThroughApi(
  page: Page,
  { apiUrl, appUrl }: { apiUrl: string; appUrl: string },
  credentials: { email: string; password: string },
): Promise<void> {
  const headers = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    Origin: appUrl,
    Referer: `${appUrl}/`,
  };
  const csrf = await page.request.get(`${apiUrl}/sanctum/csrf-cookie`, { headers });
  expect(csrf.status()).toBe(204);
  const xsrf = (await page.context().cookies(apiUrl)).find(
    (cookie) => cookie.name === "XSRF-TOKEN",
  );
  expect(xsrf, "the API set an XSRF-TOKEN cookie").toBeDefined();
  const login = await page.request.post(`${apiUrl}/login`, {
    headers: { ...headers, "X-XSRF-TOKEN": decodeURIComponent(xsrf!.value) },
    data: { ...credentials, remember: false },
  });
  expect(login.status()).toBe(200);
}
