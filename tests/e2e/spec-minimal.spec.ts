import type { Page } from "@playwright/test";
import { adminApiDelete, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import {
  currentTotpCode,
  logInThroughForm,
  logOut,
  newMember,
  nextTotpCode,
  registerThroughApi,
} from "./account-support.ts";
import { expect, test } from "./fixtures.ts";
import { useSpecMinimalStack } from "./spec-minimal.ts";
import { startStandInBackend, startWebTier } from "./stand-in.ts";

/**
 * The public, account and admin journeys with the web tier in front of a backend that answers
 * only the spec's fields, ids as strings and dates in Laravel's forms (record 039).
 */

type Item = { title: string; url: string; preview_text: string | null };
type Page0 = { results: Item[]; total: number };

const stack = useSpecMinimalStack(test);

/** A list as the spec-minimal backend answers it to everyone: only url, image_url, title, preview_text. */
async function listOf(page: Page, kind: string): Promise<Page0> {
  const response = await page.request.get(`${stack.backend.url}/api/${kind}?page=0&limit=24`, {
    headers: { Accept: "application/json" },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as Page0;
  expect(Object.keys(body.results[0] ?? {}).sort()).toEqual(
    ["image_url", "preview_text", "title", "url"].sort(),
  );
  return body;
}

test("the public pages show the lists and entries from the spec's fields alone", async ({
  page,
}) => {
  const projects = await listOf(page, "projects");
  const news = await listOf(page, "blog");
  const opportunities = await listOf(page, "opportunities");

  const home = await page.goto(`${stack.web.url}/`);
  expect(home?.status()).toBe(200);
  const teasers = page.getByRole("region", { name: "Our Focus" });
  await expect(teasers.getByRole("link", { name: projects.results[0]!.title })).toBeVisible();

  for (const [path, list] of [
    ["/projects", projects],
    ["/opportunities", opportunities],
  ] as const) {
    const response = await page.goto(`${stack.web.url}${path}`);
    expect(response?.status(), path).toBe(200);
    const first = list.results[0]!;
    const card = page.getByRole("link", { name: first.title, exact: true });
    await expect(card).toHaveAttribute("href", first.url);
    await card.click();
    await expect(page).toHaveURL(`${stack.web.url}${first.url}`);
    await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", path);
  }

  // The blog's list items carry no date (spec §3), so its cards show none; the post shows its own.
  await page.goto(`${stack.web.url}/blog`);
  const post = news.results[0]!;
  await expect(page.getByRole("link", { name: post.title, exact: true })).toBeVisible();
  await expect(page.locator("[data-entry-card] time")).toHaveCount(0);
  await page.getByRole("link", { name: post.title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
  const published = page.getByText("Published on:");
  await expect(published).toBeVisible();
  await expect(published.locator("time")).toHaveAttribute(
    "datetime",
    /^\d{4}-\d\d-\d\dT[\d:]{8}\.000Z$/,
  );

  const pastTheEnd = await page.goto(`${stack.web.url}/projects?page=999`);
  expect(pastTheEnd?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Go to the first page" })).toBeVisible();
});

test("the news feed and the sitemap list every entry by its address", async ({ page }) => {
  const news = await listOf(page, "blog");
  const projects = await listOf(page, "projects");

  const feed = await page.request.get(`${stack.web.url}/blog/rss.xml`);
  expect(feed.status()).toBe(200);
  const rss = await feed.text();
  const post = news.results[0]!;
  expect(rss).toContain(`<link>${stack.web.url}${post.url}</link>`);
  // Without an id the address names the post.
  expect(rss).toContain(`<guid isPermaLink="true">${stack.web.url}${post.url}</guid>`);

  const sitemap = await page.request.get(`${stack.web.url}/sitemap.xml`);
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const item of [...projects.results, ...news.results]) {
    expect(xml).toContain(`<loc>${stack.web.url}${item.url}</loc>`);
  }
});

test("a visitor sends a message from Contact", async ({ page }) => {
  await page.goto(`${stack.web.url}/contact`);
  const form = page.getByRole("form", { name: "Contact Us By Email" });
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("Telephone").fill("+44 20 7946 0000");
  await form.getByLabel("Email").fill("grace@example.org");
  await form.getByLabel("Message").fill("I would like to volunteer.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your message was sent successfully" }),
  ).toBeVisible();
  await expect(form.getByLabel("Message")).toHaveValue("");
});

test("a member registers, edits the profile, changes the password, logs out and in", async ({
  page,
}, testInfo) => {
  const member = newMember(testInfo, "minimal");
  await page.goto(`${stack.web.url}/register`);
  await page.getByLabel("Firstname").fill(member.firstname);
  await page.getByLabel("Lastname").fill(member.lastname);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Repeat Password").fill(member.password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(`${stack.web.url}/`);

  await page.goto(`${stack.web.url}/account`);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(`Welcome, ${member.firstname}.`)).toBeVisible();

  await page.goto(`${stack.web.url}/account/profile`);
  await expect(page.getByLabel("Email")).toHaveValue(member.email);
  await page.getByLabel("First Name").fill("Augusta");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toHaveText("Your Changes Have Been Saved");
  await page.goto(`${stack.web.url}/account`);
  await expect(page.getByText("Welcome, Augusta.")).toBeVisible();

  const newPassword = `${member.password}-changed`;
  await page.goto(`${stack.web.url}/account/password`);
  await page.getByLabel("Current Password").fill(member.password);
  await page.getByLabel("New Password").fill(newPassword);
  await page.getByLabel("Password Confirmation").fill(newPassword);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toHaveText("Your password has been changed.");

  await logOut(page, stack.web.url);

  await page.goto(`${stack.web.url}/login?redirectTo=%2Faccount`);
  await logInThroughForm(page, { email: member.email, password: newPassword });
  await expect(page).toHaveURL(`${stack.web.url}/account`);
  await expect(page.getByText("Welcome, Augusta.")).toBeVisible();
});

test("two-factor: a member activates it and signs in with a code", async ({ page }, testInfo) => {
  test.slow();
  const member = newMember(testInfo, "minimal-2fa");
  await registerThroughApi(page, stack.urls, member);
  await page.goto(`${stack.web.url}/account/2fa`);
  await expect(page.getByText("Two factor authentication is not enabled")).toBeVisible();
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirm Password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secretKey = (await page.getByTestId("two-factor-setup-key").textContent())!.trim();
  await page.getByLabel("Code", { exact: true }).fill(currentTotpCode(secretKey));
  await page.getByRole("button", { name: "Activate 2FA" }).click();
  await expect(page.getByText("Two factor authentication is enabled")).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(8);

  await page.context().clearCookies();
  await page.goto(`${stack.web.url}/login`);
  await logInThroughForm(page, member);
  await expect(page).toHaveURL(`${stack.web.url}/two-factor-challenge`);
  await page.getByLabel("TwoFactor Code").fill(nextTotpCode(secretKey));
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`${stack.web.url}/`);
  await page.goto(`${stack.web.url}/account`);
  await expect(page.getByText(`Welcome, ${member.firstname}.`)).toBeVisible();
});

test("an answer the web tier cannot use falls back where it is shown, not as a 500", async ({
  page,
}) => {
  const apiUrl = process.env.E2E_API_URL ?? process.env.E2E_BASE_URL!;
  // Items without titles, and an entry without one: nothing a card or a page can show.
  const broken = await startStandInBackend(apiUrl, {
    rewriteJson: (text, pathname, status) => {
      if (status !== 200) return text;
      if (pathname === "/api/opportunities") return JSON.stringify({ results: [{ url: "/x" }] });
      if (pathname.startsWith("/api/blog/")) return JSON.stringify({ id: 1 });
      return text;
    },
  });
  const brokenWeb = await startWebTier(broken.url);
  try {
    const list = await page.goto(`${brokenWeb.url}/opportunities`);
    expect(list?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Opportunities" })).toBeVisible();
    await expect(
      page.getByText("This list cannot be shown just now. Please try again in a moment."),
    ).toBeVisible();

    const news = await listOf(page, "blog");
    const post = await page.goto(`${brokenWeb.url}${news.results[0]!.url}`);
    expect(post?.status()).toBe(502);
    await expect(
      page.getByRole("heading", { level: 1, name: "Something went wrong" }),
    ).toBeVisible();

    // The rest of the site is as ever.
    const home = await page.goto(`${brokenWeb.url}/`);
    expect(home?.status()).toBe(200);
  } finally {
    await brokenWeb.close();
    await broken.close();
  }
});

test.describe("admin", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page, stack.urls);
  });

  test("adds, edits and deletes a blog post, which the public list shows meanwhile", async ({
    page,
  }, testInfo) => {
    const title = uniqueTitle("Minimal post", testInfo.project.name);
    await page.goto(`${stack.web.url}/admin/blog`);
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await page.getByRole("link", { name: "Add Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Blog" });
    await dialog.getByLabel("Blog Title").fill(title);
    await dialog.getByRole("button", { name: "Add Blog" }).click();
    await expect(page).toHaveURL(new RegExp(`${stack.web.url}/admin/blog/\\d+$`));
    const id = new URL(page.url()).pathname.split("/").pop()!;
    try {
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
      await page.getByLabel("Title", { exact: true }).fill(`${title} (edited)`);
      await page.getByLabel("Preview Text").fill("Read with only the spec's fields.");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page).toHaveURL(`${stack.web.url}/admin/blog`);
      await expect(
        page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
      ).toBeVisible();
      await expect(page.getByText(`${title} (edited)`)).toBeVisible();

      // Public pages are kept for a few seconds (record 007): ask until the post is there.
      await expect(async () => {
        await page.goto(`${stack.web.url}/blog`);
        await expect(page.getByRole("link", { name: `${title} (edited)` })).toBeVisible({
          timeout: 1000,
        });
      }).toPass({ timeout: 15_000 });

      await page.goto(`${stack.web.url}/admin/blog/${id}`);
      await page.getByRole("link", { name: "Delete Item" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
      await expect(confirm).toContainText("Deleting cannot be undone.");
      await confirm.getByRole("button", { name: "Confirm" }).click();
      await expect(page).toHaveURL(`${stack.web.url}/admin/blog`);
      // Deleted for good: no trash here, so no Undo.
      await expect(
        page.getByRole("status").filter({ hasText: `“${title} (edited)” was deleted.` }),
      ).toBeVisible();
      await expect(page.getByText(`${title} (edited)`, { exact: true })).toHaveCount(0);
    } finally {
      await adminApiDelete(page, stack.urls, `/api/blog/${id}`);
    }
  });

  test("widgets list and open by id", async ({ page }) => {
    await page.goto(`${stack.web.url}/admin/widgets`);
    await expect(page.getByRole("heading", { level: 1, name: "Widgets" })).toBeVisible();
    const list = page.getByRole("list", { name: "Widgets" });
    await list.getByRole("link", { name: "AboutText1" }).click();
    await expect(page).toHaveURL(new RegExp(`${stack.web.url}/admin/widgets/\\d+$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Widget" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("AboutText1");
  });

  test("a gallery is added and opens with its name", async ({ page }, testInfo) => {
    const name = uniqueTitle("Minimal gallery", testInfo.project.name);
    await page.goto(`${stack.web.url}/admin/galleries`);
    await expect(page.getByRole("heading", { level: 1, name: "Galleries" })).toBeVisible();
    await page.getByRole("link", { name: "Add Gallery" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Gallery" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Add Gallery" }).click();
    await expect(page).toHaveURL(new RegExp(`${stack.web.url}/admin/galleries/\\d+$`));
    const id = new URL(page.url()).pathname.split("/").pop()!;
    try {
      await expect(page.getByRole("heading", { level: 1, name: "Manage Gallery" })).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(name);
    } finally {
      await adminApiDelete(page, stack.urls, `/api/galleries/${id}`);
    }
  });

  test("a testimonial is added and listed with its stars", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const name = uniqueTitle("Minimal reader", testInfo.project.name);
    await page.goto(`${stack.web.url}/admin/testimonials?add=1`);
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.getByLabel("Name").fill(name);
    const review = dialog.getByRole("textbox", { name: "Review" });
    if (javaScriptEnabled) {
      await expect(dialog.getByRole("button", { name: "Bold" })).toBeVisible();
      await review.click();
      await page.keyboard.type("Kind people.");
    } else {
      await review.fill("<p>Kind people.</p>");
    }
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    try {
      await expect(page).toHaveURL(`${stack.web.url}/admin/testimonials`);
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
      await expect(row.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    } finally {
      const listed = (await (
        await page.request.get(`${stack.backend.url}/api/testimonials?page=0&limit=100`)
      ).json()) as { results: { id: string; name: string }[] };
      for (const testimonial of listed.results.filter((item) => item.name === name)) {
        await adminApiDelete(page, stack.urls, `/api/testimonials/${testimonial.id}`);
      }
    }
  });

  test("users are listed, and the API's extensions are not offered", async ({ page }) => {
    await page.goto(`${stack.web.url}/admin/users`);
    const table = page.getByRole("table", { name: "Users" });
    await expect(table.getByRole("columnheader")).toHaveText(["Name", "Access Level", "Details"]);
    await expect(table.getByRole("row").nth(1)).toBeVisible();

    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Users" })).toBeVisible();
    for (const name of ["Trash", "Activity", "Settings"])
      await expect(menu.getByRole("link", { name, exact: true })).toHaveCount(0);
    const settings = await page.goto(`${stack.web.url}/admin/settings`);
    expect(settings?.status()).toBe(404);
  });
});
