import type { Page, TestInfo } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import {
  adminApiCall,
  adminApiDelete,
  adminApiPost,
  GONE_TO_TRASH,
  restoreInAnotherTab,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import {
  logInThroughForm,
  newMember,
  registerThroughApi,
  turnOnTwoFactorThroughApi,
} from "./account-support.ts";
import { expect, test } from "./fixtures.ts";
import { waitForMail } from "./mail.ts";

type Urls = { apiUrl: string; appUrl: string };
type User = { id: number; firstname: string; lastname: string; email: string; role: string };

const PASSWORD = "a-long-password-1";

/**
 * A person no other test or project run uses. "Aaron" sorts them onto the table's first page
 * (by first name), whatever else the suite has made.
 */
function newPerson(testInfo: TestInfo, label: string) {
  const lastname = uniqueTitle(label, testInfo.project.name).replace(/\s+/g, "-");
  return {
    firstname: "Aaron",
    lastname,
    email: `${lastname.toLowerCase()}@example.org`,
  };
}

/** The signed-in admin, as the API knows them. */
async function signedInAdmin(page: Page, { apiUrl, appUrl }: Urls): Promise<User> {
  const response = await page.request.get(`${apiUrl}/api/user`, {
    headers: {
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      Origin: appUrl,
      Referer: `${appUrl}/`,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: User }).data;
}

/** The users the API lists with this email (an added user to clean up). */
async function usersWithEmail(page: Page, urls: Urls, email: string): Promise<User[]> {
  const response = await page.request.get(`${urls.apiUrl}/api/users?limit=100`, {
    headers: {
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      Origin: urls.appUrl,
      Referer: `${urls.appUrl}/`,
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { results: User[] };
  return body.results.filter((user) => user.email === email);
}

test.describe("the admin list of users", () => {
  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  let added: { email: string } | null = null;
  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    if (!added) return;
    for (const user of await usersWithEmail(page, { apiUrl, appUrl }, added.email)) {
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/users/${user.id}`);
    }
    added = null;
  });

  test("Add User refuses a taken email and an unconfirmed password, then adds the user to the table", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const person = newPerson(testInfo, "Added");
    added = person;
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin");
    const table = page.getByRole("table", { name: "Users" });
    await expect(table.getByRole("columnheader")).toHaveText(["Name", "Access Level", "Details"]);

    await page.getByRole("link", { name: "Add User" }).click();
    await expect(page).toHaveURL("/admin/users?add=1");
    let dialog = page.getByRole("dialog", { name: "Add User" });
    await expect(dialog).toBeVisible();
    if (javaScriptEnabled) await expect(dialog.getByLabel("First Name")).toBeFocused();
    await expect(dialog.getByLabel("Access Level")).toHaveValue("user");
    await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
    // An invitation is the first choice (record 036, admin-invitations.spec.ts); here, a password.
    await expect(dialog.getByLabel("Send an invitation")).toBeChecked();
    await dialog.getByLabel("Set a password now").check();

    // An address someone already has: the API's message under Email, everything else kept.
    await dialog.getByLabel("First Name").fill(person.firstname);
    await dialog.getByLabel("Last Name").fill(person.lastname);
    await dialog.getByLabel("Email").fill(E2E_ADMIN.email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Password Confirmation").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Add User" }).click();
    dialog = page.getByRole("dialog", { name: "Add User" });
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription(
      "The email has already been taken.",
    );
    await expect(dialog.getByLabel("Email")).toBeFocused();
    await expect(dialog.getByLabel("First Name")).toHaveValue(person.firstname);
    await expect(dialog.getByLabel("Last Name")).toHaveValue(person.lastname);
    await expect(dialog.getByLabel("Access Level")).toHaveValue("user");
    // Passwords are never written back into the page.
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveValue("");

    // A confirmation that does not match: its message under Password.
    await dialog.getByLabel("Email").fill(person.email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Password Confirmation").fill("a-different-password");
    await dialog.getByRole("button", { name: "Add User" }).click();
    dialog = page.getByRole("dialog", { name: "Add User" });
    await expect(dialog.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "The password field confirmation does not match.",
    );
    await expect(dialog.getByLabel("Email")).toHaveValue(person.email);

    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Password Confirmation").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Add User" }).click();

    // The list, not an edit screen (spec §4), with the flash for 3 seconds.
    await expect(page).toHaveURL("/admin/users");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const flash = page
      .getByRole("status")
      .filter({ hasText: `User added: ${person.firstname} ${person.lastname}.` });
    await expect(flash).toBeVisible();
    const row = table.getByRole("row").filter({ hasText: person.email });
    await expect(row.getByRole("rowheader")).toContainText(
      `${person.firstname} ${person.lastname}`,
    );
    await expect(row.getByRole("cell").first()).toHaveText("User");
    await expect(
      row.getByRole("link", { name: `View ${person.firstname} ${person.lastname}` }),
    ).toHaveAttribute("href", /^\/admin\/users\/\d+$/);
    if (javaScriptEnabled) await expect(flash).toBeHidden();
  });

  test("the search box finds users by name or email, and Clear search shows everyone again", async ({
    page,
  }) => {
    await page.goto("/admin/users");
    const table = page.getByRole("table", { name: "Users" });
    const search = page.getByRole("searchbox", { name: "Search users" });
    await search.fill(E2E_ADMIN.email.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?q=/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("row").nth(1)).toContainText("Admin");
    await expect(search).toHaveValue(E2E_ADMIN.email.toUpperCase());

    await search.fill("nobody-is-called-this");
    await search.press("Enter");
    await expect(page.getByText("Nothing matches “nobody-is-called-this”.")).toBeVisible();

    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/admin\/users\?$|\/admin\/users$/);
    await expect(page.getByRole("searchbox", { name: "Search users" })).toHaveValue("");
    await expect(table.getByRole("row").nth(1)).toBeVisible();
  });

  test("a page past the last one shows the last one", async ({ page }) => {
    await page.goto("/admin/users?page=999999999999999999999");
    await expect(page).toHaveURL(/\/admin\/users\?page=\d+$/);
    await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the table fits the screen and still shows each access level", async ({ page }) => {
      await page.goto("/admin/users");
      // Whoever is first (other tests add people): the access level sits under the name.
      const first = page.getByRole("table", { name: "Users" }).getByRole("row").nth(1);
      await expect(first.getByRole("rowheader").getByText(/^(User|Admin)$/)).toBeVisible();
      await expect(first.getByRole("link", { name: /^View / })).toBeInViewport();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});

test.describe("a user's edit screen", () => {
  let user: User;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    user = await adminApiPost<User>(page, { apiUrl, appUrl }, "/api/users", {
      ...newPerson(testInfo, "Edited"),
      role: "user",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/users/${user.id}`);
  });

  test("a save keeps what someone else changed meanwhile, and stops where both changed one field", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    const urls = { apiUrl, appUrl };
    const saved = () => adminApiCall<User>(page, urls, "GET", `/api/users/${user.id}`);
    await page.goto(`/admin/users/${user.id}`);
    await expect(page.getByLabel("Access Level")).toHaveValue("user");
    // Meanwhile another admin makes them an admin and corrects the last name.
    await adminApiCall(page, urls, "PATCH", `/api/users/${user.id}`, {
      role: "admin",
      lastname: "Theirs",
    });

    await page.getByLabel("First Name").fill("Mine");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
    await expect(page.getByText("Mine Theirs", { exact: true })).toBeVisible();
    // The form had left both alone: their changes stand beside the first name typed here.
    expect(await saved()).toMatchObject({ firstname: "Mine", lastname: "Theirs", role: "admin" });
    await expect(page.getByLabel("Access Level")).toHaveValue("admin");

    // Now both change the last name; they also make them a user again.
    await adminApiCall(page, urls, "PATCH", `/api/users/${user.id}`, {
      lastname: "Theirs again",
      role: "user",
    });
    await page.getByLabel("Last Name").fill("Mine too");
    await page.getByLabel("Email").fill(`mine-${user.email}`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Someone else changed this since you opened it" }),
    ).toBeVisible();
    const theirs = page.getByRole("region", { name: "Saved by someone else meanwhile" });
    await expect(theirs.getByRole("term")).toHaveText(["Last Name"]);
    await expect(theirs.getByRole("definition")).toHaveText(["Theirs again"]);
    await expect(page.getByLabel("Last Name")).toHaveValue("Mine too");
    await expect(page.getByLabel("Email")).toHaveValue(`mine-${user.email}`);
    // The access level, which this form had left alone, now shows theirs; the heading, the name
    // as saved now.
    await expect(page.getByLabel("Access Level")).toHaveValue("user");
    await expect(page.getByText("Mine Theirs again", { exact: true })).toBeVisible();
    expect(await saved()).toMatchObject({ lastname: "Theirs again", email: user.email });

    // Having seen theirs, the admin saves what they typed.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(theirs).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
    expect(await saved()).toMatchObject({
      firstname: "Mine",
      lastname: "Mine too",
      email: `mine-${user.email}`,
      role: "user",
    });
  });

  test("View opens the user; the access level changes to Admin and back, each save confirmed", async ({
    page,
    javaScriptEnabled,
  }) => {
    const name = `${user.firstname} ${user.lastname}`;
    await page.goto("/admin/users");
    await page.getByRole("link", { name: `View ${name}` }).click();
    await expect(page).toHaveURL(`/admin/users/${user.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit User" })).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute(
      "href",
      "/admin/users",
    );
    await expect(page.getByText("Two-factor sign-in:")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^Verified on / })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page.getByLabel("Access Level")).toHaveValue("user");

    for (const [value, label] of [
      ["admin", "Admin"],
      ["user", "User"],
    ] as const) {
      await page.getByLabel("Access Level").selectOption({ label });
      await page.getByRole("button", { name: "Save Changes" }).click();
      const saved = page.getByRole("status").filter({ hasText: "Changes saved...." });
      await expect(saved).toBeVisible();
      await expect(page).toHaveURL(`/admin/users/${user.id}`);
      await expect(page.getByLabel("Access Level")).toHaveValue(value);
      // Spec §4: the confirmation goes after 3 seconds (with JavaScript; without, it stays).
      if (javaScriptEnabled) await expect(saved).toBeHidden();
    }

    await page.getByRole("link", { name: "Go Back" }).click();
    const row = page.getByRole("row").filter({ hasText: user.email });
    await expect(row.getByRole("cell").first()).toHaveText("User");
  });

  test("a failed save shows the first error under its field and keeps what was typed", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/users/${user.id}`);
    await page.getByLabel("Last Name").fill("Renamed");
    await page.getByLabel("Access Level").selectOption({ label: "Admin" });
    await page.getByLabel("New Password").fill("short");
    await page.getByLabel("Password Confirmation").fill("different");
    await page.getByRole("button", { name: "Save Changes" }).click();

    const password = page.getByLabel("New Password");
    await expect(password).toHaveAccessibleDescription(
      "The password field must be at least 8 characters.",
    );
    await expect(page.getByLabel("Last Name")).toHaveValue("Renamed");
    await expect(page.getByLabel("Access Level")).toHaveValue("admin");
    if (!javaScriptEnabled) await expect(password).toHaveValue("");

    // Nothing was saved.
    await page.goto(`/admin/users/${user.id}`);
    await expect(page.getByLabel("Last Name")).toHaveValue(user.lastname);
    await expect(page.getByLabel("Access Level")).toHaveValue("user");
  });

  test("a stale tab's save, after a colleague deleted the user, keeps what was typed and says so; restored, it saves", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    await page.goto(`/admin/users/${user.id}`);
    const deleteUser = page.getByRole("link", { name: "Delete User" });
    await expect(deleteUser).toBeVisible();
    await page.getByLabel("Last Name").fill("Typed before the delete");
    await page.getByLabel("Access Level").selectOption({ label: "Admin" });
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/users/${user.id}`);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(GONE_TO_TRASH)).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue(user.firstname);
    await expect(page.getByLabel("Last Name")).toHaveValue("Typed before the delete");
    await expect(page.getByLabel("Access Level")).toHaveValue("admin");
    // Nothing is said of the deleted user that the typed form cannot know.
    await expect(page.getByText("Not verified")).toHaveCount(0);
    await expect(deleteUser).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute(
      "href",
      "/admin/users",
    );

    // A colleague restores the user from the trash (record 055): the same Save goes through.
    await restoreInAnotherTab(page, `${user.firstname} ${user.lastname}`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(`/admin/users/${user.id}`);
    await expect(page.getByLabel("Last Name")).toHaveValue("Typed before the delete");
    await expect(page.getByLabel("Access Level")).toHaveValue("admin");
  });

  test("Delete User asks first; Cancel keeps the user, Confirm moves them to the Trash and Undo brings them back", async ({
    page,
    javaScriptEnabled,
  }) => {
    const name = `${user.firstname} ${user.lastname}`;
    await page.goto(`/admin/users/${user.id}`);
    await page.getByRole("link", { name: "Delete User" }).click();
    await expect(page).toHaveURL(`/admin/users/${user.id}?confirm=delete`);
    const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
    await expect(confirm).toContainText("Are you sure you want to do this?");
    // Deleted users go to the Trash (record 055): the confirmation does not say otherwise.
    await expect(confirm).toContainText(
      `This deletes the user “${name}”. You can restore them from the Trash.`,
    );
    if (javaScriptEnabled) {
      await expect(confirm.getByRole("link", { name: "Cancel" })).toBeFocused();
    }
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page).toHaveURL(`/admin/users/${user.id}`);

    await page.getByRole("link", { name: "Delete User" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL("/admin/users");
    const flash = page.getByRole("status").filter({ hasText: "Moved to Trash" });
    await expect(flash).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: user.email });
    await expect(row).toHaveCount(0);

    // A wrong click is one Undo away: the user is back, as they were.
    await flash.getByRole("button", { name: "Undo" }).click();
    await expect(page).toHaveURL("/admin/users");
    await expect(page.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `View ${name}` }).click();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);

    // Deleted again, it waits in the Trash under its name, until someone restores or purges it.
    await page.getByRole("link", { name: "Delete User" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Moved to Trash" })).toBeVisible();
    const gone = await page.goto(`/admin/users/${user.id}`);
    expect(gone?.status()).toBe(404);
    await page.goto(`/admin/trash?q=${encodeURIComponent(user.lastname)}`);
    const item = page.getByRole("row").filter({ hasText: name });
    await expect(item.getByRole("cell", { name: "User", exact: true })).toBeVisible();
    await expect(item.getByRole("button", { name: `Restore “${name}”` })).toBeVisible();
  });
});

test("a member who lost their authenticator: staff turn off their two-factor sign-in after confirming their password, and the member is told and logs in with their password", async ({
  page,
  browser,
  apiUrl,
  appUrl,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const member = {
    ...newMember(testInfo, "lost-phone"),
    lastname: uniqueTitle("Phoneless", testInfo.project.name),
  };
  const memberContext = await browser.newContext({ baseURL: appUrl });
  try {
    const memberPage = await memberContext.newPage();
    await registerThroughApi(memberPage, urls, member);
    const id = await turnOnTwoFactorThroughApi(memberPage, urls, member);
    await memberContext.clearCookies();

    await signInAsAdmin(page, urls);
    await page.goto(`/admin/users/${id}`);
    const twoFactor = page.getByRole("definition").filter({ hasText: /^(On|Off)$/ });
    await expect(twoFactor).toHaveText("On");
    const turnOff = page.getByRole("button", { name: "Turn Off Two-Factor Sign-In" });
    await turnOff.click();
    // A fresh sign-in has not confirmed the password: it is asked for, then the screen is back.
    await expect(page).toHaveURL(
      `/confirm-password?redirectTo=${encodeURIComponent(`/admin/users/${id}`)}`,
    );
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(`/admin/users/${id}`);
    await expect(twoFactor).toHaveText("On");
    await turnOff.click();
    await expect(
      page.getByRole("status").filter({
        hasText: `Two-factor sign-in is off for ${member.firstname} ${member.lastname}. They were emailed.`,
      }),
    ).toBeVisible();
    await expect(twoFactor).toHaveText("Off");
    await expect(turnOff).toHaveCount(0);

    const mail = await waitForMail(member.email, /: Two-factor sign-in was turned off$/);
    expect(mail.text).toContain(`${appUrl}/account/2fa`);
    // The member's password alone now signs them in: no code is asked for.
    await memberPage.goto("/login");
    await logInThroughForm(memberPage, member);
    await expect(memberPage).toHaveURL("/");
    await memberPage.goto("/account");
    await expect(memberPage).toHaveURL("/account");

    await page.goto(`/admin/activity?q=${encodeURIComponent(member.lastname)}`);
    await expect(
      page.getByText(
        `Turned off two-factor sign-in for user “${member.firstname} ${member.lastname}”`,
      ),
    ).toBeVisible();
  } finally {
    await memberContext.close();
  }
});

test.describe("the signed-in admin's own account", () => {
  let me: User;

  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    me = await signedInAdmin(page, { apiUrl, appUrl });
    // The API refuses both changes below, so the shared admin stays as it is.
    expect(me.role).toBe("admin");
  });

  test("taking away their own admin access shows the API's refusal under Access Level", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    await page.goto(`/admin/users/${me.id}`);
    await expect(page.getByText("your own account")).toBeVisible();
    await page.getByLabel("Access Level").selectOption({ label: "User" });
    await page.getByRole("button", { name: "Save Changes" }).click();
    const access = page.getByLabel("Access Level");
    await expect(access).toHaveAccessibleDescription(
      /Admins can also manage.*You cannot remove your own admin access\./,
    );
    await expect(access).toHaveAttribute("aria-invalid", "true");
    expect((await signedInAdmin(page, { apiUrl, appUrl })).role).toBe("admin");
  });

  test("deleting their own account is refused on their screen", async ({ page }) => {
    await page.goto(`/admin/users/${me.id}?confirm=delete`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(`/admin/users/${me.id}`);
    await expect(
      page.getByRole("alert").filter({ hasText: "You cannot delete your own account." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Edit User" })).toBeVisible();
  });
});

test.describe("an id that names no user", () => {
  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  for (const path of ["/admin/users/not-a-number", "/admin/users/99999999", "/admin/users/1e3"]) {
    test(`${path} is the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Error 404 / Page Not Found")).toBeVisible();
    });
  }
});
