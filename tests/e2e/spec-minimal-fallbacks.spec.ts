import type { IncomingMessage } from "node:http";
import { signInAsAdmin } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import {
  startStandInBackend,
  startWebTier,
  type StandInBackend,
  type WebTier,
} from "./stand-in.ts";

/**
 * The admin's and the account's screens in front of a backend that answers some calls with a
 * body the web tier cannot use at all: only that part of the page falls back, as the public lists
 * do (record 039). A list says so in its place (200, inside the admin area); an item's edit screen
 * is a 502, the API's fault; /account/2fa shows no setup, so the member can start again.
 */

const LIST_UNAVAILABLE = "This list cannot be shown just now. Please try again in a moment.";

/** A page of a list with an item nothing can show and no total: no list schema takes it. */
const UNUSABLE_PAGE = { results: [{ url: "/x" }] };

/** An admin list screen, its heading, and the API list it reads. */
const LISTS = [
  { path: "/admin/projects", heading: "Our Focus", api: "/api/projects" },
  { path: "/admin/blog", heading: "Blog", api: "/api/blog" },
  { path: "/admin/opportunities", heading: "Opportunities", api: "/api/opportunities" },
  { path: "/admin/users", heading: "Users", api: "/api/users" },
  { path: "/admin/galleries", heading: "Galleries", api: "/api/galleries" },
  { path: "/admin/testimonials", heading: "Testimonials", api: "/api/testimonials" },
  { path: "/admin/widgets", heading: "Widgets", api: "/api/widgets" },
  { path: "/admin/trash", heading: "Trash", api: "/api/trash" },
  { path: "/admin/messages", heading: "Messages", api: "/api/contact-messages" },
  { path: "/admin/activity", heading: "Activity", api: "/api/activity" },
] as const;

/** Edit screens whose item the API answers without the fields the screen needs. */
const EDIT_SCREENS = [
  { path: "/admin/blog/1", api: "/api/blog/1" },
  { path: "/admin/users/1", api: "/api/users/1" },
] as const;

/**
 * What the two-factor calls answer, changed by the tests that are about them; `on` makes the
 * signed-in user one with two-factor authentication on.
 */
const twoFactor: { qrCode: unknown; secretKey: unknown; on: boolean } = {
  qrCode: {},
  secretKey: {},
  on: false,
};

/** The stand-in's own answers: unusable bodies for the calls above, our API's for the rest. */
function unusableAnswer(pathname: string, request: IncomingMessage) {
  if (request.method !== "GET") return undefined;
  if (LISTS.some((list) => list.api === pathname)) return { status: 200, json: UNUSABLE_PAGE };
  if (EDIT_SCREENS.some((screen) => screen.api === pathname)) {
    return { status: 200, json: { id: 1 } };
  }
  // The password was just confirmed, so the page looks the setup up.
  if (pathname === "/user/confirmed-password-status") {
    return { status: 200, json: { confirmed: true } };
  }
  if (pathname === "/user/two-factor-qr-code") return { status: 200, json: twoFactor.qrCode };
  if (pathname === "/user/two-factor-secret-key") {
    return { status: 200, json: twoFactor.secretKey };
  }
  if (pathname === "/user/two-factor-recovery-codes") return { status: 200, json: {} };
  return undefined;
}

/** The signed-in user as one with two-factor on, while a test asks for it. */
function userWithTwoFactor(text: string, pathname: string): string {
  if (!twoFactor.on || pathname !== "/api/user") return text;
  const user = JSON.parse(text) as { data: Record<string, unknown> };
  return JSON.stringify({ data: { ...user.data, two_factor: true } });
}

const stack = {} as {
  backend: StandInBackend;
  web: WebTier;
  urls: { appUrl: string; apiUrl: string };
};

test.beforeAll(async () => {
  const apiUrl = process.env.E2E_API_URL ?? process.env.E2E_BASE_URL!;
  stack.backend = await startStandInBackend(apiUrl, {
    statefulOrigin: process.env.E2E_BASE_URL!,
    answer: unusableAnswer,
    rewriteJson: userWithTwoFactor,
  });
  stack.web = await startWebTier(stack.backend.url);
  stack.urls = { appUrl: stack.web.url, apiUrl: stack.backend.url };
});

test.afterAll(async () => {
  await stack.web?.close();
  await stack.backend?.close();
});

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page, stack.urls);
});

test("an admin list the API answers unusably says so in its place, inside the admin area", async ({
  page,
}) => {
  for (const list of LISTS) {
    const response = await page.goto(`${stack.web.url}${list.path}`);
    expect(response?.status(), list.path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: list.heading })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(page.getByText(LIST_UNAVAILABLE), list.path).toBeVisible();
  }
});

test("the dashboard shows each section it cannot read as unavailable", async ({ page }) => {
  const response = await page.goto(`${stack.web.url}/admin`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  for (const section of ["Recent Messages", "Recent Activity", "Drafts", "Scheduled"]) {
    await expect(
      page.getByRole("region", { name: section }).getByText(LIST_UNAVAILABLE),
      section,
    ).toBeVisible();
  }
});

test("an edit screen whose item the API answers unusably is a 502, not a 500", async ({ page }) => {
  for (const screen of EDIT_SCREENS) {
    const response = await page.goto(`${stack.web.url}${screen.path}`);
    expect(response?.status(), screen.path).toBe(502);
    await expect(
      page.getByRole("heading", { level: 1, name: "Something went wrong" }),
    ).toBeVisible();
    await expect(page.getByText("Error 502")).toBeVisible();
    const list = screen.path.replace(/\/\d+$/, "");
    await expect(page.getByRole("link", { name: "Back to the list" })).toHaveAttribute(
      "href",
      list,
    );
    // The failure is drawn inside the admin area: its menu is still there.
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  }
});

test("recovery codes the API answers unusably are a 502, not a 500", async ({ page }) => {
  twoFactor.on = true;
  try {
    const response = await page.goto(`${stack.web.url}/account/2fa?show=recovery-codes`);
    expect(response?.status()).toBe(502);
    await expect(page.getByText("Error 502")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to your account" })).toHaveAttribute(
      "href",
      "/account",
    );
    await expect(page.getByRole("navigation", { name: "Account" })).toBeVisible();
    // The rest of the page reads as ever once the codes are not asked for.
    expect((await page.goto(`${stack.web.url}/account/2fa`))?.status()).toBe(200);
    await expect(page.getByRole("button", { name: "Show Recovery-Codes" })).toBeVisible();
  } finally {
    twoFactor.on = false;
  }
});

test("/account/2fa with an unusable QR code or setup key shows no setup, and Activate", async ({
  page,
}) => {
  for (const answers of [
    { qrCode: {}, secretKey: { secretKey: "JBSWY3DPEHPK3PXP" } },
    { qrCode: { svg: "<svg></svg>" }, secretKey: {} },
  ]) {
    Object.assign(twoFactor, answers);
    const response = await page.goto(`${stack.web.url}/account/2fa`);
    const what = JSON.stringify(answers);
    expect(response?.status(), what).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Two Factor Auth" })).toBeVisible();
    await expect(page.getByText("Two factor authentication is not enabled.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Activate", exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toHaveCount(
      0,
    );
  }
});
