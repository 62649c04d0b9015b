import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  sessionHeaders,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; slug: string; title: string };

/** A slug no other test or project run uses. */
const uniqueSlug = (label: string, projectName: string) =>
  `${label}-${projectName}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** What a visitor without cookies gets, the redirect itself rather than where it leads. */
function visitorGet(request: APIRequestContext, url: string) {
  return request.get(url, { maxRedirects: 0, headers: { Cookie: "" } });
}

/** Changes the slug through the edit screen's form, as an admin does. */
async function renameThroughEditScreen(page: Page, id: number, slug: string) {
  await page.goto(`/admin/projects/${id}`);
  await page.getByLabel("Item Slug URL").fill(slug);
  await page.getByRole("button", { name: "Save Changes" }).click();
}

test.describe("a project's renamed slug", () => {
  let entry: Created;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    entry = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/projects", {
      title: uniqueTitle("Moving well", testInfo.project.name),
    });
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/projects/${entry.id}`);
  });

  test("the old address answers 301 to the new one with its query string, until the redirect is removed", async ({
    page,
    request,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const renamed = uniqueSlug("well-renamed", testInfo.project.name);
    await renameThroughEditScreen(page, entry.id, renamed);
    await expect(page).toHaveURL("/admin/projects");

    const redirect = await visitorGet(request, `${appUrl}/projects/${entry.slug}?x=1&y=two`);
    expect(redirect.status()).toBe(301);
    expect(redirect.headers()["location"]).toBe(`/projects/${renamed}?x=1&y=two`);
    // Not kept by browsers for ever: the redirect can be removed and the slug reused.
    expect(redirect.headers()["cache-control"]).toContain("no-store");

    await page.goto(`/projects/${entry.slug}?x=1`);
    await expect(page).toHaveURL(`/projects/${renamed}?x=1`);
    await expect(page.getByRole("heading", { level: 1, name: entry.title })).toBeVisible();
    // By id, as a Laravel backend would find it, the page moves to its slug too.
    await page.goto(`/projects/${entry.id}`);
    await expect(page).toHaveURL(`/projects/${renamed}`);

    await page.goto(`/admin/projects/${entry.id}`);
    const oldAddresses = page.getByRole("list", { name: "Old addresses redirect here" });
    await expect(oldAddresses.getByRole("listitem")).toHaveCount(1);
    await expect(oldAddresses.getByRole("listitem")).toContainText(`/projects/${entry.slug}`);
    if (javaScriptEnabled) {
      const { violations } = await new AxeBuilder({ page })
        .include("div:has(> #old-addresses)")
        .analyze();
      expect(violations.map((violation) => violation.id)).toEqual([]);
    }
    await oldAddresses
      .getByRole("button", { name: `Remove redirect from /projects/${entry.slug}` })
      .click();
    await expect(
      page.getByRole("status").filter({ hasText: `/projects/${entry.slug} no longer redirects` }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Old addresses redirect here" })).toHaveCount(0);
    await expect(page).toHaveURL(`/admin/projects/${entry.id}`);

    expect((await visitorGet(request, `${appUrl}/projects/${entry.slug}?x=1`)).status()).toBe(404);
    expect((await visitorGet(request, `${appUrl}/projects/${renamed}`)).status()).toBe(200);
  });

  test("Remove redirect on an edit screen drawn before a colleague removed it says it is gone, and the screen stays", async ({
    page,
    request,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const renamed = uniqueSlug("well-moved", testInfo.project.name);
    await renameThroughEditScreen(page, entry.id, renamed);
    await expect(page).toHaveURL("/admin/projects");
    await page.goto(`/admin/projects/${entry.id}`);
    const title = page.getByLabel("Title", { exact: true });
    await title.fill(`${entry.title} (typed)`);
    const oldAddresses = page.getByRole("list", { name: "Old addresses redirect here" });
    await expect(oldAddresses.getByRole("listitem")).toHaveCount(1);
    const removed = await page.request.delete(
      `${apiUrl}/api/projects/${entry.id}/old-slugs/${entry.slug}`,
      { headers: await sessionHeaders(page, { apiUrl, appUrl }) },
    );
    expect(removed.status()).toBe(204);

    await oldAddresses
      .getByRole("button", { name: `Remove redirect from /projects/${entry.slug}` })
      .click();
    await expect(
      page.getByRole("status").filter({ hasText: `/projects/${entry.slug} no longer redirects` }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Old addresses redirect here" })).toHaveCount(0);
    // With JavaScript the screen stays as typed; without, the button's form is the whole post.
    if (javaScriptEnabled) await expect(title).toHaveValue(`${entry.title} (typed)`);
    expect((await visitorGet(request, `${appUrl}/projects/${entry.slug}`)).status()).toBe(404);
  });

  test("another project cannot take the old slug while it redirects: the form says so under Item Slug URL", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    await renameThroughEditScreen(page, entry.id, uniqueSlug("well-moved", testInfo.project.name));
    await expect(page).toHaveURL("/admin/projects");
    const other = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/projects", {
      title: uniqueTitle("Would-be taker", testInfo.project.name),
    });
    try {
      await renameThroughEditScreen(page, other.id, entry.slug);
      await expect(page).toHaveURL(`/admin/projects/${other.id}`);
      await expect(page.getByLabel("Item Slug URL")).toHaveAccessibleDescription(
        /The slug has already been taken\./,
      );
      await expect(page.getByLabel("Item Slug URL")).toHaveValue(entry.slug);
    } finally {
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/projects/${other.id}`);
    }
  });

  test("the old slug of a deleted project answers 404", async ({
    page,
    request,
    appUrl,
  }, testInfo) => {
    const renamed = uniqueSlug("well-gone", testInfo.project.name);
    await renameThroughEditScreen(page, entry.id, renamed);
    await expect(page).toHaveURL("/admin/projects");
    expect((await visitorGet(request, `${appUrl}/projects/${entry.slug}`)).status()).toBe(301);

    await page.goto(`/admin/projects/${entry.id}`);
    await page.getByRole("link", { name: "Delete Item" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL("/admin/projects");

    for (const slug of [entry.slug, renamed]) {
      const response = await visitorGet(request, `${appUrl}/projects/${slug}?x=1`);
      expect(response.status(), slug).toBe(404);
    }
    await page.goto(`/projects/${entry.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  });
});
