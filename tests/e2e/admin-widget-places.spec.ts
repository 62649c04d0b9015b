import type { Locator, Page } from "@playwright/test";
import { adminApiDelete, adminApiPost, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

// Record 035: staff see where a page's widget shows, cannot rename it, and the pencil on a page
// leads back to it; long titles stay whole in the banner.

type Widget = { id: number; name: string };

test.beforeEach(async ({ page, apiUrl, appUrl }) => {
  await signInAsAdmin(page, { apiUrl, appUrl });
});

test("the widget list says where each page's widget shows, links the page and searches it", async ({
  page,
}) => {
  await page.goto("/admin/widgets");
  const list = page.getByRole("list", { name: "Widgets" });
  const about = list.getByRole("listitem").filter({ hasText: "AboutText1" });
  await expect(about).toContainText("About page, first block");
  await expect(about.getByRole("link", { name: "About page" })).toHaveAttribute("href", "/about");
  await expect(list.getByRole("listitem").filter({ hasText: "ContactPage2" })).toContainText(
    "Contact page, block below the form",
  );

  // The place can be searched as well as the name.
  const search = page.getByRole("searchbox", { name: "Search widgets" });
  await search.fill("about page");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/admin/widgets?q=about+page");
  await expect(list.getByRole("link", { name: "AboutText1" })).toBeVisible();
  await expect(list.getByRole("link", { name: "AboutHeader" })).toBeVisible();
  await expect(list.getByRole("link", { name: "Founder1Image" })).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search widgets" }).fill("no widget has this");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Nothing matches “no widget has this”.")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(list.getByRole("link", { name: "Founder1Image" })).toBeVisible();

  // The page's link opens the page.
  await list
    .getByRole("listitem")
    .filter({ hasText: "AboutText1" })
    .getByRole("link", { name: "About page" })
    .click();
  await expect(page).toHaveURL("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About The Foundation" })).toBeVisible();
});

test("a page's widget shows its place, keeps its name and offers no Delete", async ({
  page,
  apiUrl,
}) => {
  const widget = await widgetNamed(page, apiUrl, "AboutText1");
  await page.goto(`/admin/widgets/${widget.id}`);
  await expect(page.getByText("Shown on the site: About page, first block.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "About page" })).toHaveAttribute(
    "href",
    "/about",
  );
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toHaveValue("AboutText1");
  await expect(name).not.toBeEditable();
  await expect(name).toHaveAccessibleDescription(
    "A page of the site shows this block by its name, so the name cannot be changed.",
  );
  await expect(page.getByRole("link", { name: "Delete Item" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();

  // A rename that gets past the form anyway (a tampered page) is refused by the API, under Name.
  await name.evaluate((input) => input.removeAttribute("readonly"));
  await name.fill("AboutIntro");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
    /This widget is used on the About page; its name cannot be changed\./,
  );
  expect((await widgetNamed(page, apiUrl, "AboutText1")).id).toBe(widget.id);
  const gone = await page.request.get(`${apiUrl}/api/widgets/AboutIntro`);
  expect(gone.status()).toBe(404);
});

test("the pencil on /about leads to the widget and back: Go Back, then Save", async ({
  page,
  javaScriptEnabled,
}) => {
  // Each project its own block, so the two runs never save the same one at once.
  const name = javaScriptEnabled ? "AboutText1" : "AboutHeader";
  await page.goto("/about");
  const pencil = page.getByRole("link", { name: `Edit ${name}`, exact: true });
  await expect(pencil).toHaveAttribute("href", /^\/admin\/widgets\/\d+\?returnTo=%2Fabout$/);
  await pencil.click();
  await expect(page).toHaveURL(/\/admin\/widgets\/\d+\?returnTo=%2Fabout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Widget" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/about");
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/about");

  await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About The Foundation" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Edit ${name}`, exact: true })).toBeVisible();
});

test("a return address off the site is ignored: Go Back leads to the list", async ({
  page,
  apiUrl,
}) => {
  const widget = await widgetNamed(page, apiUrl, "AboutText2");
  for (const target of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
    await page.goto(`/admin/widgets/${widget.id}?${new URLSearchParams({ returnTo: target })}`);
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute(
      "href",
      "/admin/widgets",
    );
  }
});

test.describe("a 137-character title", () => {
  let post: { id: number; slug: string; title: string };

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    const start = `Clean water for every family in the valley ${uniqueTitle("", testInfo.project.name)}:`;
    const title =
      `${start} how neighbours, engineers and schoolchildren built forty wells in one dry year`
        .replace(/\s+/g, " ")
        .slice(0, 137)
        .trimEnd()
        .padEnd(137, "!");
    post = await adminApiPost(page, { apiUrl, appUrl }, "/api/blog", { title });
    expect(post.title).toHaveLength(137);
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);
  });

  for (const width of [390, 1280]) {
    test(`is fully visible in the banner of its page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/blog/${post.slug}`);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(post.title);
      const banner = page.locator("[data-header-image]");
      await expectWhollyInside(heading, banner, width);
      // Nothing of the banner is cut off, nor of the heading.
      expect(await banner.evaluate((box) => box.scrollHeight <= box.clientHeight)).toBe(true);
      expect(
        await heading.evaluate(
          (box) => box.scrollHeight <= box.clientHeight && box.scrollWidth <= box.clientWidth,
        ),
      ).toBe(true);
      await expect(banner.getByRole("link", { name: "Donate Now" })).toBeVisible();
      // The slug of a long title ends on a whole word of it.
      const words = post.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      expect(words.startsWith(`${post.slug}-`), post.slug).toBe(true);
    });
  }
});

async function widgetNamed(page: Page, apiUrl: string, name: string): Promise<Widget> {
  const response = await page.request.get(`${apiUrl}/api/widgets/${name}`);
  expect(response.ok(), `GET /api/widgets/${name} answered ${response.status()}`).toBe(true);
  return (await response.json()) as Widget;
}

/** `inner`'s box lies within `outer`'s and within the page's width. */
async function expectWhollyInside(inner: Locator, outer: Locator, width: number) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b, "both are laid out").toBeTruthy();
  expect(a!.x).toBeGreaterThanOrEqual(0);
  expect(a!.x + a!.width).toBeLessThanOrEqual(width);
  expect(a!.y).toBeGreaterThanOrEqual(b!.y);
  expect(a!.y + a!.height).toBeLessThanOrEqual(b!.y + b!.height);
}
