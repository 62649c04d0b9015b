import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  adminApiCall,
  adminApiDelete,
  sessionHeaders,
  signInAsAdmin,
  uniqueTitle,
  withApiItem,
} from "./admin-support.ts";
import { newMember, registerThroughApi, turnOnTwoFactorThroughApi } from "./account-support.ts";
import { expect, test } from "./fixtures.ts";
import {
  startStandInBackend,
  startWebTier,
  type StandInBackend,
  type WebTier,
} from "./stand-in.ts";

/**
 * An admin's Save while the API does not answer (record 061), through a web tier in front of a
 * backend that hangs the calls a test names: each waits out the web tier's 10 s deadline.
 */

const NO_ANSWER = "The site could not complete this just now. Please try again in a moment.";
const KEPT_UNANSWERED =
  "This is what you typed when the site could not save it. It is not saved yet: check it, then press Save.";

/** "GET /api/user", say: calls the backend does not answer until the test ends. */
const hanging = new Set<string>();
/** Calls the backend makes at once but answers only when the test lets it. */
const late = new Map<string, Promise<void>>();
let backend: StandInBackend;
let web: WebTier;
const urls = () => ({ appUrl: web.url, apiUrl: backend.url });

test.beforeAll(async () => {
  backend = await startStandInBackend(process.env.E2E_API_URL ?? process.env.E2E_BASE_URL!, {
    statefulOrigin: process.env.E2E_BASE_URL!,
    hangs: (method, pathname) => hanging.has(`${method} ${pathname}`),
    answersLate: (method, pathname) => late.get(`${method} ${pathname}`),
  });
  web = await startWebTier(backend.url);
});
test.afterAll(async () => {
  await web?.close();
  await backend?.close();
});
test.afterEach(() => {
  hanging.clear();
  late.clear();
});

/** Opens a news post's edit screen and types a new title, not saved yet. */
async function typeNewTitle(page: Page, id: number, title: string) {
  await page.goto(`${web.url}/admin/blog/${id}`);
  const titleField = page.getByRole("textbox", { name: "Title", exact: true });
  await titleField.fill(title);
  return titleField;
}

async function savedTitle(page: Page, id: number): Promise<string> {
  const saved = await page.request.get(`${backend.url}/api/blog/${id}`);
  return ((await saved.json()) as { title: string }).title;
}

/**
 * What the screen says of a Save the API did not answer within the deadline: the form's message,
 * or without JavaScript the screen again, from what was typed.
 */
async function expectNotSaved(page: Page, javaScriptEnabled: boolean) {
  const said = javaScriptEnabled
    ? page.getByText(NO_ANSWER)
    : page.getByRole("status").filter({ hasText: KEPT_UNANSWERED });
  await expect(said).toBeVisible({ timeout: 20_000 });
}

/** Nothing was saved; once the API answers again, Save saves what was typed. */
async function saveOnceAnswered(page: Page, id: number, title: string) {
  expect(await savedTitle(page, id)).toBe(title);
  hanging.clear();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`${web.url}/admin/blog`);
  expect(await savedTitle(page, id)).toBe(`${title} (typed)`);
}

test.describe("an admin's Save while the API does not answer", () => {
  test.slow();

  test("the API does not say who is signed in: no Log In; what was typed stays, or comes back once it answers", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const title = uniqueTitle("Saved in a storm", testInfo.project.name);
    await withApiItem<{ id: number }>(page, urls(), "/api/blog", { title }, async (post) => {
      const titleField = await typeNewTitle(page, post.id, `${title} (typed)`);
      hanging.add("GET /api/user");
      await page.getByRole("button", { name: "Save Changes" }).click();

      if (javaScriptEnabled) {
        await expect(page.getByText(NO_ANSWER)).toBeVisible({ timeout: 20_000 });
        await expect(titleField).toHaveValue(`${title} (typed)`);
      } else {
        // Back to the screen, which cannot be drawn either while the API does not answer.
        await expect(page.getByText("Error 503")).toBeVisible({ timeout: 30_000 });
        await expect(page).toHaveURL(`${web.url}/admin/blog/${post.id}`);
        hanging.clear();
        await page.reload();
        await expect(page.getByRole("status").filter({ hasText: KEPT_UNANSWERED })).toBeVisible();
        await expect(titleField).toHaveValue(`${title} (typed)`);
      }
      await saveOnceAnswered(page, post.id, title);
    });
  });

  test("the API does not answer the Save itself: what was typed stays, or is back on the screen", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const title = uniqueTitle("Saved in a drizzle", testInfo.project.name);
    await withApiItem<{ id: number }>(page, urls(), "/api/blog", { title }, async (post) => {
      const titleField = await typeNewTitle(page, post.id, `${title} (typed)`);
      hanging.add(`POST /api/blog/${post.id}`);
      await page.getByRole("button", { name: "Save Changes" }).click();

      await expectNotSaved(page, javaScriptEnabled);
      await expect(page).toHaveURL(`${web.url}/admin/blog/${post.id}`);
      await expect(titleField).toHaveValue(`${title} (typed)`);
      await saveOnceAnswered(page, post.id, title);
    });
  });

  test("the API saves but answers too late: the next Save says it is saved, not that someone else changed it", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const title = uniqueTitle("Saved in a fog", testInfo.project.name);
    await withApiItem<{ id: number }>(page, urls(), "/api/blog", { title }, async (post) => {
      const titleField = await typeNewTitle(page, post.id, `${title} (typed)`);
      let answer = () => {};
      late.set(`POST /api/blog/${post.id}`, new Promise<void>((resolve) => (answer = resolve)));
      await page.getByRole("button", { name: "Save Changes" }).click();

      await expectNotSaved(page, javaScriptEnabled);
      await expect(titleField).toHaveValue(`${title} (typed)`);
      // The write reached the API; only its answer is late.
      expect(await savedTitle(page, post.id)).toBe(`${title} (typed)`);
      answer();
      late.clear();

      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page).toHaveURL(`${web.url}/admin/blog`);
      await expect(
        page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
      ).toBeVisible();
      expect(await savedTitle(page, post.id)).toBe(`${title} (typed)`);
    });
  });

  test("the API does not answer the Save, and a colleague saves meanwhile: the next Save meets the conflict screen", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const title = uniqueTitle("Saved in a squall", testInfo.project.name);
    await withApiItem<{ id: number }>(page, urls(), "/api/blog", { title }, async (post) => {
      const titleField = await typeNewTitle(page, post.id, `${title} (typed)`);
      hanging.add(`POST /api/blog/${post.id}`);
      await page.getByRole("button", { name: "Save Changes" }).click();
      // While the Save waits, a colleague saves the post from the version both had loaded,
      // through the site's own API rather than this stand-in, which holds the post's saves.
      const site = { apiUrl, appUrl };
      const loaded = await adminApiCall<{ version: number }>(
        page,
        site,
        "GET",
        `/api/blog/${post.id}`,
      );
      const saved = await page.request.post(`${site.apiUrl}/api/blog/${post.id}`, {
        headers: await sessionHeaders(page, site),
        multipart: { title: `${title} (theirs)`, version: String(loaded.version) },
      });
      expect(saved.status()).toBe(200);
      await expectNotSaved(page, javaScriptEnabled);
      hanging.clear();

      await expect(titleField).toHaveValue(`${title} (typed)`);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("heading", { name: "Someone else changed this" })).toBeVisible();
      expect(await savedTitle(page, post.id)).toBe(`${title} (theirs)`);
    });
  });

  test("an admin's Save of a user's details the API does not answer: what was typed stays, or is back on the screen", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = `storm-details-${testInfo.project.name}-${Date.now()}@example.org`;
    const person = { firstname: "Grace", lastname: "Hopper", email, role: "user" };
    const password = { password: "a-long-password-1", password_confirmation: "a-long-password-1" };
    const user = { ...person, ...password };
    await withApiItem<{ id: number }>(page, urls(), "/api/users", user, async ({ id }) => {
      await page.goto(`${web.url}/admin/users/${id}`);
      const lastName = page.getByLabel("Last Name");
      await lastName.fill("Hopper-Murray");
      hanging.add(`PATCH /api/users/${id}`);
      await page.getByRole("button", { name: "Save Changes" }).click();

      const said = javaScriptEnabled
        ? page.getByText(NO_ANSWER)
        : page.getByText("It is not saved yet: check it, then press Save.");
      await expect(said).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveURL(`${web.url}/admin/users/${id}`);
      await expect(lastName).toHaveValue("Hopper-Murray");
      hanging.clear();
      const saved = await adminApiCall<{ lastname: string }>(
        page,
        urls(),
        "GET",
        `/api/users/${id}`,
      );
      expect(saved.lastname).toBe("Hopper");
    });
  });

  test("a page of the admin area or the account while the API does not say who is signed in is the 503 page in the site's frame, not Log In", async ({
    page,
  }) => {
    await signInAsAdmin(page, urls());
    hanging.add("GET /api/user");
    for (const path of ["/admin", "/account"]) {
      const response = await page.goto(`${web.url}${path}`);
      expect(response?.status()).toBe(503);
      expect(response?.headers()["retry-after"]).toBe("30");
      await expect(page).toHaveURL(`${web.url}${path}`);
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
      // The site's header and footer, and no area menu for a session nobody could name.
      await expect(page.getByRole("banner").getByRole("link", { name: "Donate" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("navigation", { name: /^(Admin|Account)$/ })).toHaveCount(0);
    }
  });
});

/**
 * The 503 page at `path`, in the site's frame: the page a post goes back to while the API still
 * does not say who is signed in.
 */
async function expectFramedUnavailable(page: Page, path: string) {
  await expect(page.getByText("Error 503")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`${web.url}${path}`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Donate" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

/** A member with two-factor sign-in on, registered in a context of their own: their id. */
async function memberWithTwoFactor(
  browser: Browser,
  testInfo: TestInfo,
  name: string,
): Promise<number> {
  const member = newMember(testInfo, name);
  const memberContext = await browser.newContext();
  try {
    const memberPage = await memberContext.newPage();
    await registerThroughApi(memberPage, urls(), member);
    return await turnOnTwoFactorThroughApi(memberPage, urls(), member);
  } finally {
    await memberContext.close();
  }
}

function userThroughApi(page: Page, id: number) {
  return adminApiCall<{ two_factor: boolean }>(page, urls(), "GET", `/api/users/${id}`);
}

/** The user screen's own form, whose message is about its Save. */
const userForm = (page: Page) =>
  page.locator("form").filter({ has: page.getByRole("button", { name: "Save Changes" }) });

test.describe("a post other than an admin's Save while the API does not say who is signed in", () => {
  test.slow();

  test("an admin's Turn Off Two-Factor Sign-In is not done, and the user's screen says so", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const id = await memberWithTwoFactor(browser, testInfo, "storm-two-factor");
    await signInAsAdmin(page, urls());
    await page.goto(`${web.url}/admin/users/${id}`);
    const twoFactor = page.getByRole("definition").filter({ hasText: /^(On|Off)$/ });
    await expect(twoFactor).toHaveText("On");
    const lastName = page.getByLabel("Last Name");
    await lastName.fill("Typed Meanwhile");

    hanging.add("GET /api/user");
    await page.getByRole("button", { name: "Turn Off Two-Factor Sign-In" }).click();
    if (!javaScriptEnabled) {
      // Back to the user's screen, which cannot be drawn either while the API does not answer.
      await expectFramedUnavailable(page, `/admin/users/${id}`);
      hanging.clear();
      await page.reload();
    }
    // Where the screen's messages are, not in the user's form below: the button is not the form's.
    await expect(page.getByRole("alert").filter({ hasText: NO_ANSWER })).toBeVisible({
      timeout: 20_000,
    });
    await expect(userForm(page).getByText(NO_ANSWER)).toHaveCount(0);
    await expect(page).toHaveURL(`${web.url}/admin/users/${id}`);
    await expect(twoFactor).toHaveText("On");
    // With JavaScript the screen stayed, and what was typed in the form with it.
    if (javaScriptEnabled) await expect(lastName).toHaveValue("Typed Meanwhile");
    hanging.clear();
    expect((await userThroughApi(page, id)).two_factor).toBe(true);
  });

  test("a member's Update is not done, and Update Profile says so and keeps what was typed", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const member = newMember(testInfo, "storm-profile");
    await registerThroughApi(page, urls(), member);
    await page.goto(`${web.url}/account/profile`);
    const lastName = page.getByLabel("Last Name");
    await lastName.fill("Byron");

    hanging.add("GET /api/user");
    await page.getByRole("button", { name: "Update" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByText(NO_ANSWER)).toBeVisible({ timeout: 20_000 });
      await expect(lastName).toHaveValue("Byron");
    } else {
      await expectFramedUnavailable(page, "/account/profile");
      hanging.clear();
      await page.reload();
      await expect(page.getByText(NO_ANSWER)).toBeVisible();
      // The form starts from what was typed, to be sent again.
      await expect(lastName).toHaveValue("Byron");
    }
    await expect(page).toHaveURL(`${web.url}/account/profile`);
    hanging.clear();
    const saved = await page.request.get(`${backend.url}/api/user`, {
      headers: await sessionHeaders(page, urls()),
    });
    expect(((await saved.json()) as { data: { lastname: string } }).data.lastname).toBe(
      member.lastname,
    );
  });
});

/**
 * Presses a delete's Confirm, whose call the API does not answer: with JavaScript the
 * confirmation says so, where Confirm was pressed; without, the screen behind it, the
 * confirmation answered.
 */
async function confirmNotDone(page: Page, javaScriptEnabled: boolean) {
  const confirmation = page.getByRole("alertdialog", { name: "Please Confirm?" });
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  const said = javaScriptEnabled ? confirmation.getByRole("alert") : page.getByRole("alert");
  await expect(said.filter({ hasText: NO_ANSWER })).toBeVisible({ timeout: 20_000 });
  await expect(confirmation).toHaveCount(javaScriptEnabled ? 1 : 0);
}

test.describe("a button's post the API does not answer", () => {
  test.slow();

  test("an admin's Delete User the API does not answer is not done, and the screen says so", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const id = await memberWithTwoFactor(browser, testInfo, "storm-delete");
    await signInAsAdmin(page, urls());
    await page.goto(`${web.url}/admin/users/${id}`);
    await page.getByRole("link", { name: "Delete User" }).click();

    hanging.add(`DELETE /api/users/${id}`);
    await confirmNotDone(page, javaScriptEnabled);
    await expect(page).toHaveURL(`${web.url}/admin/users/${id}`);
    hanging.clear();
    expect((await userThroughApi(page, id)).two_factor).toBe(true);
  });

  test("Delete Permanently in the Trash the API does not answer is not done, and the confirmation says so", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const title = uniqueTitle("Purged in a storm", testInfo.project.name);
    await signInAsAdmin(page, urls());
    const post = await adminApiCall<{ id: number }>(page, urls(), "POST", "/api/blog", { title });
    await adminApiDelete(page, urls(), `/api/blog/${post.id}`);
    await page.goto(`${web.url}/admin/trash`);
    await page.getByRole("link", { name: `Delete “${title}” permanently` }).click();
    await expect(page).toHaveURL(/\?confirm=purge&id=\d+$/);
    const trashId = new URL(page.url()).searchParams.get("id");

    hanging.add(`DELETE /api/trash/${trashId}`);
    try {
      await confirmNotDone(page, javaScriptEnabled);
      // Without JavaScript, back to the Trash itself: no confirmation, and no item named.
      if (!javaScriptEnabled) await expect(page).toHaveURL(`${web.url}/admin/trash`);
      hanging.clear();
      // Still in the trash, to be restored or deleted once the API answers.
      await page.goto(`${web.url}/admin/trash`);
      await expect(page.getByRole("button", { name: `Restore “${title}”` })).toBeVisible();
    } finally {
      hanging.clear();
      await adminApiDelete(page, urls(), `/api/trash/${trashId}`);
    }
  });
});
