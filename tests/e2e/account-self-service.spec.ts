import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import {
  currentTotpCode,
  logInThroughForm,
  logOut,
  newMember,
  registerThroughApi,
} from "./account-support.ts";
import { adminApiDelete, adminApiPost, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { startStandInBackend, startWebTier } from "./stand-in.ts";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

test.describe("a member's own data", () => {
  test("Download my data saves their data as JSON, without secrets", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo, "download");
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 2, name: "Your data" })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);

    expect(download.suggestedFilename()).toBe("almoner-my-data.json");
    const text = await readFile((await download.path())!, "utf8");
    const data = JSON.parse(text) as { profile: Record<string, unknown>; sessions: unknown[] };
    expect(data.profile).toMatchObject({
      firstname: member.firstname,
      lastname: member.lastname,
      email: member.email,
      role: "user",
      two_factor: false,
      email_verified_at: null,
    });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(text).not.toContain(member.password);
    expect(text).not.toMatch(/\$argon2|"password"|remember_token|two_factor_secret/);
  });

  test("Delete account asks for the password, then signs the member out for good", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo, "leaving");
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Delete account" });
    await expect(section).toContainText("It cannot be undone.");

    await section.getByLabel("Password").fill("not-my-password");
    await section.getByRole("button", { name: "Delete account" }).click();
    const refused = page.getByRole("region", { name: "Delete account" });
    await expect(refused.getByText("The provided password was incorrect.")).toBeVisible();
    await expect(refused.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

    await refused.getByLabel("Password").fill(member.password);
    await refused.getByRole("button", { name: "Delete account" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status")).toContainText("Your account has been deleted.");
    await page.goto("/account");
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
    await logInThroughForm(page, member);
    await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  });
});

test("in front of a Laravel backend there is no download or delete, and Register does not promise them", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  test.slow();
  const backend = await startStandInBackend(apiUrl, {
    answer: (pathname) =>
      pathname === "/api/settings" || pathname.startsWith("/api/user/")
        ? { status: 404, json: { message: "Not Found." } }
        : undefined,
    statefulOrigin: appUrl,
  });
  const web = await startWebTier(backend.url);
  try {
    await page.goto(`${web.url}/register`);
    await expect(page.getByText("protect it with two factor authentication.")).toBeVisible();
    await expect(page.getByText("download your data")).toHaveCount(0);

    const member = newMember(testInfo, "laravel");
    await registerThroughApi(page, { apiUrl: backend.url, appUrl: web.url }, member);
    await page.goto(`${web.url}/account`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download my data" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Delete account" })).toHaveCount(0);
    expect((await page.goto(`${web.url}/account/my-data`))?.status()).toBe(404);
  } finally {
    await web.close();
    await backend.close();
  }
});

test("the two-factor code fields bring up digits, and a recovery code can be typed instead", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  test.slow();
  const member = newMember(testInfo, "digits");
  await registerThroughApi(page, { apiUrl, appUrl }, member);
  await page.goto("/account/2fa");
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL("/account/2fa");
  const setupCode = page.getByLabel("Code", { exact: true });
  await expectDigitsField(setupCode);
  const secretKey = (await page.getByTestId("two-factor-setup-key").textContent())!.trim();
  await setupCode.fill(currentTotpCode(secretKey));
  await page.getByRole("button", { name: "Activate 2FA" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(8);
  const recoveryCode = (await codes.first().textContent())!.trim();

  await logOut(page);
  await page.goto("/login?redirectTo=%2Faccount%2Fprofile");
  await logInThroughForm(page, member);
  await expect(page).toHaveURL("/two-factor-challenge?redirectTo=%2Faccount%2Fprofile");
  await expectDigitsField(page.getByLabel("TwoFactor Code"));

  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await expect(page).toHaveURL("/two-factor-challenge?redirectTo=%2Faccount%2Fprofile&recovery=1");
  const field = page.getByLabel("Recovery Code");
  await expect(field).toHaveAttribute("inputmode", "text");
  await expect(field).toHaveAttribute("autocomplete", "off");
  await field.fill("wrong-recovery-code");
  await page.getByRole("button", { name: "Log in" }).click();
  // A refused code leaves the page in the mode it was in.
  await expect(page.getByRole("alert")).toContainText("recovery code was invalid");
  await expect(page).toHaveURL(/[?&]recovery=1/);
  await page.getByLabel("Recovery Code").fill(recoveryCode);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/account/profile");
});

async function expectDigitsField(field: Locator): Promise<void> {
  await expect(field).toHaveAttribute("inputmode", "numeric");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
}

test("the account menu shows every tab on a phone, the current one marked", async ({
  page,
  apiUrl,
  appUrl,
}) => {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page, { apiUrl, appUrl });
  for (const [path, current] of [
    ["/account", "Dashboard"],
    ["/account/2fa", "Two Factor Auth"],
  ] as const) {
    await page.goto(path);
    const menu = page.getByRole("navigation", { name: "Account" });
    const tabs = menu.getByRole("link").or(menu.getByRole("button"));
    await expect(tabs).toHaveCount(6);
    for (const tab of await tabs.all()) await expectInside(page, tab, PHONE.width);
    await expect(menu.getByRole("link", { name: current })).toHaveAttribute("aria-current", "page");
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

/** The element's whole box lies within the page's width, and the page does not scroll sideways. */
async function expectInside(page: Page, element: Locator, width: number): Promise<void> {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x, `${await element.textContent()} starts in view`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${await element.textContent()} ends in view`).toBeLessThanOrEqual(
    width,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

test.describe("the testimonial modal and search", () => {
  const longReview = Array.from(
    { length: 14 },
    (_, n) =>
      `<p>Paragraph ${n + 1}: the homework club met every week and nobody was turned away.</p>`,
  ).join("");

  test("Save Changes is in view on a laptop and a phone, however long the review", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    const urls = { apiUrl, appUrl };
    const created = await adminApiPost<{ id: number; name: string }>(
      page,
      urls,
      "/api/testimonials",
      { name: uniqueTitle("Long", testInfo.project.name), score: 4, review: longReview },
    );
    try {
      for (const size of [LAPTOP, PHONE]) {
        await page.setViewportSize(size);
        await page.goto(`/admin/testimonials?edit=${created.id}`);
        const dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
        await expect(dialog.getByLabel("Name")).toHaveValue(created.name);
        // With the editor the form is taller than the dialog: it scrolls, the buttons stay.
        // (Without JavaScript the review is a textarea of a fixed height, and the form fits.)
        if (javaScriptEnabled) {
          await expect(dialog.getByRole("button", { name: "Bold" })).toBeVisible();
          expect(
            await dialog.evaluate((element) => element.scrollHeight > element.clientHeight),
          ).toBe(true);
        }
        await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeInViewport();
        await expect(dialog.getByRole("link", { name: "Delete" })).toBeInViewport();
        await dialog.getByLabel("Name").focus();
        await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeInViewport();
      }
      await dialogSave(page);
      await expect(
        page.getByRole("status").filter({ hasText: "Testimonial Changes Saved" }),
      ).toBeVisible();
    } finally {
      await adminApiDelete(page, urls, `/api/testimonials/${created.id}`);
    }
  });

  test("the list finds testimonials by name or review, and Delete names the one it deletes", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    const urls = { apiUrl, appUrl };
    const word = uniqueTitle("Zebra", testInfo.project.name).replace(/\W+/g, "");
    const byName = await adminApiPost<{ id: number; name: string }>(
      page,
      urls,
      "/api/testimonials",
      {
        name: `${word} Person`,
        score: 5,
        review: "<p>Kind people.</p>",
      },
    );
    const byReview = await adminApiPost<{ id: number; name: string }>(
      page,
      urls,
      "/api/testimonials",
      {
        name: uniqueTitle("Other", testInfo.project.name),
        score: 3,
        review: `<p>The ${word} club helped.</p>`,
      },
    );
    try {
      await page.goto("/admin/testimonials");
      await page.getByRole("searchbox", { name: "Search testimonials" }).fill(word.toLowerCase());
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(`/admin/testimonials?q=${word.toLowerCase()}`);
      const rows = page.getByRole("table", { name: "Testimonials" }).getByRole("rowheader");
      await expect(rows).toHaveText([byReview.name, byName.name]);

      await page.getByRole("link", { name: `Edit ${byName.name}` }).click();
      await page
        .getByRole("dialog", { name: "Edit Testimonial" })
        .getByRole("link", { name: "Delete" })
        .click();
      const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
      await expect(confirm).toContainText(`This deletes the testimonial by “${byName.name}”.`);
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(`/admin/testimonials?q=${word.toLowerCase()}&edit=${byName.id}`);

      await page.goto(`/admin/testimonials?q=${word}-nobody`);
      await expect(page.getByText(`Nothing matches “${word}-nobody”.`)).toBeVisible();
    } finally {
      await adminApiDelete(page, urls, `/api/testimonials/${byName.id}`);
      await adminApiDelete(page, urls, `/api/testimonials/${byReview.id}`);
    }
  });
});

async function dialogSave(page: Page): Promise<void> {
  await page
    .getByRole("dialog", { name: "Edit Testimonial" })
    .getByRole("button", { name: "Save Changes" })
    .click();
}
