import {
  createMember,
  logInThroughForm,
  logOut,
  newMember,
  registerThroughApi,
} from "./account-support.ts";
import { E2E_ADMIN } from "./accounts.ts";
import type { Page } from "@playwright/test";
import { expect, signInThroughApi, test } from "./fixtures.ts";
import { linkIn, waitForMail } from "./mail.ts";

/** `redirectTo` values that became `//evil.example` when the check came before normalising. */
const OFF_SITE_REDIRECTS = [
  "/.//evil.example",
  "/%2e//evil.example",
  "/a/..//evil.example",
  "/.\\/evil.example",
  "/./\\evil.example",
  "/\t/evil.example",
  "/.\n//evil.example",
  "//evil.example",
];

/** A `Location` the browser resolves to a page of this site. */
function expectOnSite(location: string | undefined, appUrl: string): void {
  expect(location).toBeDefined();
  expect(location!.startsWith("/")).toBe(true);
  expect(location!.startsWith("//")).toBe(false);
  expect(location!.startsWith("/\\")).toBe(false);
  expect(new URL(location!, `${appUrl}/login`).origin).toBe(appUrl);
}

test.describe("Register", () => {
  test("signs the new member in and goes Home", async ({ page }, testInfo) => {
    const member = newMember(testInfo);
    await page.goto("/register");
    await page.getByLabel("Firstname").fill(member.firstname);
    await page.getByLabel("Lastname").fill(member.lastname);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByLabel("Repeat Password").fill(member.password);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL("/");

    await page.goto("/account");
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${member.firstname}.`)).toBeVisible();
  });

  test("lists the API's errors under each field", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const taken = newMember(testInfo, "taken");
    await createMember(page, { apiUrl, appUrl }, taken);

    await page.goto("/register");
    await page.getByLabel("Firstname").fill("Grace");
    await page.getByLabel("Lastname").fill("Hopper");
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Repeat Password").fill("different");
    await page.getByRole("button", { name: "Register" }).click();

    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("The email has already been taken.");
    // The first invalid field in page order takes the focus (server-rendered without JavaScript).
    await expect(email).toBeFocused();
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("aria-invalid", "true");
    const passwordErrors = page.locator(`#${await password.getAttribute("aria-describedby")} li`);
    await expect(passwordErrors).toHaveText([
      "The password field must be at least 8 characters.",
      "The password field confirmation does not match.",
    ]);
    // The email was kept; the server never writes a password back into the page.
    await expect(email).toHaveValue(taken.email);
    if (!javaScriptEnabled) await expect(password).toHaveValue("");
    await expect(page).toHaveURL("/register");
  });
});

test.describe("Log in", () => {
  test("shows the server's message when the credentials are wrong", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const member = newMember(testInfo);
    await createMember(page, { apiUrl, appUrl }, member);
    await page.goto("/login");
    await logInThroughForm(page, { email: member.email, password: "not-the-password" });
    await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
    if (!javaScriptEnabled) {
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    }
  });

  test("has the links to reset a password and to sign up", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("checkbox", { name: "Remember me" })).toBeVisible();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign up now" }).click();
    await expect(page).toHaveURL("/register");
  });

  test("returns to the guarded page that was asked for", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await createMember(page, { apiUrl, appUrl }, member);
    await page.goto("/account/profile");
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount%2Fprofile");
    await logInThroughForm(page, member);
    await expect(page).toHaveURL("/account/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Update Profile" })).toBeVisible();
  });

  test("never follows a redirect off the site", async ({ page, apiUrl, appUrl }, testInfo) => {
    const member = newMember(testInfo);
    await createMember(page, { apiUrl, appUrl }, member);
    await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fsteal");
    await logInThroughForm(page, member);
    await expect(page).toHaveURL("/");
  });

  test("a same-site POST never answers a Location off the site", async ({
    page,
    playwright,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await createMember(page, { apiUrl, appUrl }, member);
    for (const redirectTo of OFF_SITE_REDIRECTS) {
      const visitor = await playwright.request.newContext({ baseURL: appUrl });
      const response = await visitor.post("/login", {
        headers: { Origin: appUrl },
        form: { email: member.email, password: member.password, redirectTo },
        maxRedirects: 0,
      });
      expect(response.status(), redirectTo).toBe(302);
      expectOnSite(response.headers().location, appUrl);
      await visitor.dispose();
    }
  });

  test("sends a signed-in visitor away from the sign-in screens", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
    for (const path of ["/login", "/register", "/forgot-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
    }
  });
});

test.describe("Confirm Password", () => {
  test("a same-site POST never answers a Location off the site", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    for (const redirectTo of OFF_SITE_REDIRECTS) {
      const response = await page.request.post("/confirm-password", {
        headers: { Origin: appUrl },
        form: { password: member.password, redirectTo },
        maxRedirects: 0,
      });
      expect(response.status(), redirectTo).toBe(302);
      expectOnSite(response.headers().location, appUrl);
    }
  });
});

test.describe("the admin area", () => {
  test("sends a member to Login with a notice", async ({ page, apiUrl, appUrl }, testInfo) => {
    await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
    await page.goto("/admin");
    await expect(page).toHaveURL("/login?redirectTo=%2Fadmin&notice=admin-required");
    await expect(page.getByRole("status")).toContainText("That page is for administrators.");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  });
});

test.describe("a path the account or admin area does not have", () => {
  test("is the 404 page inside the area's menu", async ({ page, apiUrl, appUrl }) => {
    await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
    for (const [path, menu] of [
      ["/admin/no-such-screen", "Admin"],
      ["/admin/projects/1/no-such-tab", "Admin"],
      ["/account/no-such-screen", "Account"],
    ]) {
      const response = await page.goto(path!);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Error 404 / Page Not Found")).toBeVisible();
      // The way on is one click away, as on a screen whose item is gone.
      const nav = page.getByRole("navigation", { name: menu });
      await nav.getByRole("link", { name: "Dashboard" }).click();
      await expect(page).toHaveURL(menu === "Admin" ? "/admin" : "/account");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });
});

test.describe("widget edit pencils on Home", () => {
  const pencil = (page: Page) => page.getByRole("link", { name: "Edit HomeText", exact: true });

  test("an admin sees one linking to the widget's edit screen", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
    await page.goto("/");
    // It leads back to the page it was opened from (record 035).
    await expect(pencil(page)).toHaveAttribute("href", /^\/admin\/widgets\/\d+\?returnTo=%2F$/);
  });

  test("a member does not", async ({ page, apiUrl, appUrl }, testInfo) => {
    await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
    await page.goto("/");
    await expect(page.locator('[data-widget="HomeText"]')).toBeVisible();
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
  });

  test("a visitor does not", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('[data-widget="HomeText"]')).toBeVisible();
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
  });
});

test.describe("a forgotten password", () => {
  test("is reset through the mailed link, and the new one signs in", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await createMember(page, { apiUrl, appUrl }, member);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Forgot Your Password?" }),
    ).toBeVisible();
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Send Password-Reset E-Mail" }).click();
    await expect(page.getByRole("status")).toHaveText("We have emailed your password reset link.");

    const mail = await waitForMail(member.email, /Reset Password/);
    const link = linkIn(mail, `${appUrl}/reset-password/`);
    await page.goto(link);
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
    const newPassword = `${member.password}-new`;
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Password Confirmation").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been reset.");

    await page.getByRole("link", { name: "Return To Login" }).click();
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
    await logInThroughForm(page, { email: member.email, password: member.password });
    await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");
    await logInThroughForm(page, { email: member.email, password: newPassword });
    await expect(page).toHaveURL("/account");
  });

  test("an invalid link is refused with the server's message", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await createMember(page, { apiUrl, appUrl }, member);
    await page.goto(`/reset-password/not-a-real-token?email=${encodeURIComponent(member.email)}`);
    await page.getByLabel("Password", { exact: true }).fill("whatever-123");
    await page.getByLabel("Password Confirmation").fill("whatever-123");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText(/invalid/i);
  });
});

test.describe("email verification", () => {
  test("the mailed link verifies the address", async ({ page, apiUrl, appUrl }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account");
    await expect(page.getByText("Your email address is not verified yet.")).toBeVisible();

    const mail = await waitForMail(member.email, /Verify Email Address/);
    await page.goto(linkIn(mail, `${appUrl}/email/verify/`));
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("status")).toHaveText("Your email address has been verified.");
    await expect(page.getByText("Your email address is not verified yet.")).toHaveCount(0);
  });

  test("a signed-out visitor logs in first and is then verified", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await createMember(page, { apiUrl, appUrl }, member);
    const mail = await waitForMail(member.email, /Verify Email Address/);
    await page.goto(linkIn(mail, `${appUrl}/email/verify/`));
    await expect(page).toHaveURL(/^.*\/login\?redirectTo=%2Femail%2Fverify%2F/);
    await logInThroughForm(page, member);
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("status")).toHaveText("Your email address has been verified.");
  });

  test("a tampered link shows a clear error", async ({ page, apiUrl, appUrl }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    const mail = await waitForMail(member.email, /Verify Email Address/);
    const link = linkIn(mail, `${appUrl}/email/verify/`).replace(
      /signature=[^&]+/,
      "signature=0000",
    );
    const response = await page.goto(link);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText("This verification link is invalid");
    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page).toHaveURL("/verify-email");
    await expect(page.getByRole("status")).toHaveText(
      "A new verification link has been sent to your email address.",
    );
  });
});

test.describe("the account area", () => {
  test("Update Profile is prefilled and saves", async ({ page, apiUrl, appUrl }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account/profile");
    await expect(page.getByLabel("First Name")).toHaveValue(member.firstname);
    await expect(page.getByLabel("Last Name")).toHaveValue(member.lastname);
    await expect(page.getByLabel("Email")).toHaveValue(member.email);
    await expect(page.getByLabel("Current Password")).toHaveValue("");
    await expect(page.getByLabel("Current Password")).toHaveAccessibleDescription(
      "Needed only to change your email address.",
    );

    // A new name alone needs no password.
    await page.getByLabel("First Name").fill("Augusta");
    await page.getByLabel("Last Name").fill("King");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Your Changes Have Been Saved");

    await page.reload();
    await expect(page.getByLabel("First Name")).toHaveValue("Augusta");
    await expect(page.getByLabel("Last Name")).toHaveValue("King");
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("Update Profile shows the server's message for a taken email", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const other = newMember(testInfo, "other");
    await createMember(page, { apiUrl, appUrl }, other);
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account/profile");
    await page.getByLabel("Email").fill(other.email);
    await page.getByLabel("Current Password").fill(member.password);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert")).toHaveText("The email has already been taken.");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("Update Profile changes the email only with the current password, and tells the old address", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account/profile");
    const email = page.getByLabel("Email");
    const currentPassword = page.getByLabel("Current Password");
    const newEmail = `moved-${member.email}`;

    await email.fill(newEmail);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(currentPassword).toHaveAttribute("aria-invalid", "true");
    await expect(currentPassword).toHaveAccessibleDescription(
      "Needed only to change your email address. The current password field is required.",
    );
    await expect(currentPassword).toBeFocused();
    await expect(email).toHaveValue(newEmail);

    await currentPassword.fill("not-my-password");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert")).toHaveText("The password is incorrect.");
    await expect(email).toHaveValue(newEmail);
    // The server never writes a password back into the page; with JavaScript the form empties
    // the field once the answer is in, so it is typed again only after that.
    await expect(currentPassword).toHaveValue("");

    await currentPassword.fill(member.password);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Your Changes Have Been Saved. Please follow the link we emailed to your new address to verify it.",
    );
    await expect(email).toHaveValue(newEmail);
    await expect(currentPassword).toHaveValue("");
    await expect(page.getByRole("alert")).toHaveCount(0);

    const notice = await waitForMail(member.email, /Your email address was changed/);
    expect(notice.text).toContain("was changed to mo***@example.org.");
    expect(notice.text).not.toContain(newEmail);
    await waitForMail(newEmail, /Verify Email Address/);
  });

  test("Change Password resets the form and the new password works", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account/password");

    await page.getByLabel("Current Password").fill("wrong-password");
    await page.getByLabel("New Password").fill("another-password-1");
    await page.getByLabel("Password Confirmation").fill("another-password-1");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The provided password does not match your current password.",
    );

    const newPassword = `${member.password}-changed`;
    await page.getByLabel("Current Password").fill(member.password);
    await page.getByLabel("New Password").fill(newPassword);
    await page.getByLabel("Password Confirmation").fill(newPassword);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been changed.");
    await expect(page.getByLabel("Current Password")).toHaveValue("");
    await expect(page.getByLabel("New Password")).toHaveValue("");
    await expect(page.getByLabel("Password Confirmation")).toHaveValue("");
    await expect(page.getByRole("alert")).toHaveCount(0);

    await logOut(page);
    await page.goto("/login");
    await logInThroughForm(page, { email: member.email, password: newPassword });
    await expect(page).toHaveURL("/");
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test("a bot that fills the honeypot is turned away before the API is asked", async ({
  page,
  appUrl,
}, testInfo) => {
  const member = newMember(testInfo, "bot");
  const response = await page.request.post("/register", {
    headers: { Origin: appUrl },
    form: {
      firstname: member.firstname,
      lastname: member.lastname,
      email: member.email,
      password: member.password,
      password_confirmation: member.password,
      name__confirm: "https://spam.example",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  // No account was made: the address still cannot sign in.
  await page.goto("/login");
  await logInThroughForm(page, member);
  await expect(page.getByRole("alert")).toHaveText("These credentials do not match our records.");
});

/**
 * Holds the page's data reads at `path` (a `.data` URL) until `release()`, as a poor connection
 * would; `asked` settles once the first is asked for.
 */
async function holdDataReads(page: Page, path: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let ask = () => {};
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await page.route(path, async (route) => {
    if (route.request().method() === "GET") {
      ask();
      await held;
    }
    await route.continue();
  });
  return { asked, release };
}

test.describe("typing right after a refusal", { tag: "@javascript-only" }, () => {
  test("is kept while the page's data is read again after the answer", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account/password");
    await expect(page.getByRole("button", { name: "Update" })).toBeEnabled();
    // The data read after the answer comes slowly, as on a poor connection.
    const reload = await holdDataReads(page, /\/account\/password\.data/);

    const currentPassword = page.getByLabel("Current Password");
    await currentPassword.fill("wrong-password");
    await page.getByLabel("New Password").fill("another-password-1");
    await page.getByLabel("Password Confirmation").fill("another-password-1");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The provided password does not match your current password.",
    );
    await expect(currentPassword).toHaveValue("");
    await currentPassword.fill(member.password);
    const reloaded = page.waitForResponse(
      (response) =>
        response.request().method() === "GET" && /\/account\/password\.data/.test(response.url()),
    );
    reload.release();
    await reloaded;
    await expect(page.getByRole("button", { name: "Update" })).toBeEnabled();
    await expect(currentPassword).toHaveValue(member.password);
  });
});

test.describe("a message left for one tab", { tag: "@javascript-only" }, () => {
  test("shows in that tab, not in another tab whose page loads first", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const member = newMember(testInfo);
    await registerThroughApi(page, { apiUrl, appUrl }, member);
    await page.goto("/account/profile");
    await expect(page.getByRole("button", { name: "Update" })).toBeEnabled();
    // The page's data after the save comes slowly, as on a poor connection.
    const reload = await holdDataReads(page, /\/account\/profile\.data/);

    await page.getByLabel("First Name").fill("Augusta");
    await page.getByRole("button", { name: "Update" }).click();
    await reload.asked;
    // Meanwhile the member opens their password page in another tab.
    const otherTab = await page.context().newPage();
    await otherTab.goto("/account/password");
    await expect(otherTab.getByRole("heading", { name: "Change Password" })).toBeVisible();
    await expect(otherTab.getByText("Your Changes Have Been Saved")).toHaveCount(0);

    reload.release();
    await expect(page.getByRole("status")).toHaveText("Your Changes Have Been Saved");
    await otherTab.reload();
    await expect(otherTab.getByText("Your Changes Have Been Saved")).toHaveCount(0);
    await otherTab.close();
  });
});
