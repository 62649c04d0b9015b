import { E2E_ADMIN } from "./accounts.ts";
import type { Locator } from "@playwright/test";
import { expect, signInThroughApi, test } from "./fixtures.ts";

type PublicPage = { path: string; heading?: string | RegExp; text: string[]; images: string[] };

const PUBLIC_PAGES: PublicPage[] = [
  { path: "/", text: ["HomeText"], images: [] },
  {
    path: "/about",
    heading: "About The Foundation",
    text: ["AboutText1", "AboutText2", "AboutText3"],
    images: [],
  },
  {
    path: "/founders",
    heading: "About Our Founder",
    text: ["FoundersText1", "Founder1Text"],
    images: ["Founder1Image"],
  },
  {
    path: "/donate",
    heading: /^Donate To The \S/,
    text: ["DonateText1", "DonateText2", "DonateText3"],
    images: ["DonateImage1"],
  },
  { path: "/contact", heading: "Contact Us", text: ["ContactPage1", "ContactPage2"], images: [] },
  { path: "/legal/cookies", text: ["Cookies"], images: [] },
  { path: "/legal/terms", text: ["Terms"], images: [] },
  { path: "/legal/privacy", text: ["PrivacyPolicy"], images: [] },
];

for (const publicPage of PUBLIC_PAGES) {
  test.describe(`page ${publicPage.path}`, () => {
    test("renders its widgets on the server", async ({ page }) => {
      const response = await page.goto(publicPage.path);
      expect(response?.status()).toBe(200);
      if (publicPage.heading) {
        await expect(
          page.getByRole("heading", { level: 1, name: publicPage.heading }),
        ).toBeVisible();
      }
      for (const name of publicPage.text) {
        const block = page.locator(`[data-widget="${name}"]`);
        await expect(block).toBeVisible();
        // Rendered as HTML, not as escaped text.
        await expect(block.locator("p").first()).toBeVisible();
        await expect(block).not.toHaveText("");
      }
      for (const name of publicPage.images) {
        const image = page.locator(`[data-widget="${name}"] img`);
        await image.scrollIntoViewIfNeeded();
        await expect(image).toBeVisible();
        await expect(image).toHaveAttribute("alt", /\S/);
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      }
    });

    test("shows no edit pencil to a visitor", async ({ page }) => {
      await page.goto(publicPage.path);
      await expect(page.locator("[data-widget]").first()).toBeVisible();
      await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
    });

    test("carries title, description, canonical, Open Graph and Twitter tags", async ({
      page,
      appUrl,
    }) => {
      await page.goto(publicPage.path);
      const siteName = await page.locator('meta[property="og:site_name"]').getAttribute("content");
      expect(siteName).toBeTruthy();
      await expect(page).toHaveTitle(new RegExp(escapeRegExp(siteName!)));
      const head = page.locator("head");
      const canonical = new URL(publicPage.path, appUrl).href;
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /\S{3}/);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute(
        "content",
        /\S/,
      );
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
      await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        /^summary/,
      );
      await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute("content", /\S/);
    });
  });
}

test.describe("header image", () => {
  for (const path of ["/about", "/founders", "/donate", "/contact", "/legal/terms"]) {
    test(`on ${path} is 350 px high and carries a donate button`, async ({ page }) => {
      await page.goto(path);
      const header = page.locator("[data-header-image]");
      await expect(header).toBeVisible();
      await expect(header).toHaveCSS("height", "350px");
      await expect(header.getByRole("link", { name: "Donate Now" })).toBeVisible();
    });
  }
});

test.describe("home", () => {
  test("Find Out More leads to Our Focus", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Find Out More" }).click();
    await expect(page).toHaveURL("/projects");
  });

  test("Donate Now shows on wide screens", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("main").getByRole("link", { name: "Donate Now" })).toBeVisible();
  });

  test("a phone loads Home's picture and a page's pictures at its own size, not the uploaded one", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const homeImage = page.locator('img[fetchpriority="high"]');
    await expect(homeImage).toHaveAttribute("srcset", /-480\.webp 480w/);
    await expect.poll(() => currentSource(homeImage)).toMatch(/-480\.webp$/);

    await page.goto("/founders");
    const founder = page.locator('[data-widget="Founder1Image"] img');
    await founder.scrollIntoViewIfNeeded();
    await expect.poll(() => currentSource(founder)).toMatch(/-480\.webp$/);
  });

  test("Donate Now is hidden on small screens", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.locator('[data-widget="HomeText"]')).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Donate Now" })).toBeHidden();
  });
});

test("the Donate page has a Donate Now card with the donate button", async ({ page }) => {
  await page.goto("/donate");
  const card = page.getByRole("complementary").filter({ hasText: "Donate Now" });
  await expect(card.getByRole("heading", { name: "Donate Now" })).toBeVisible();
  await expect(card.getByRole("link", { name: "Donate Now" })).toHaveAttribute("href", /\S/);
});

test("an unknown path is the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page/anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Error 404 / Page Not Found")).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).or(page.locator("[data-mobile-menu]")).first(),
  ).toBeAttached();
});

test("a link cut short inside an escape is the 404 page with status 404", async ({ page }) => {
  for (const path of ["/blog/caf%C3", "/projects/clean-water%"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error 404 / Page Not Found");
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toBeVisible();
  }
});

test("an unknown project is the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/projects/no-such-project");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Error 404 / Page Not Found")).toBeVisible();
});

test.describe("guards", () => {
  test("the account area sends a visitor to Login", async ({ page }) => {
    await page.goto("/account/profile");
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount%2Fprofile");
  });

  test("the admin area sends a visitor to Login", async ({ page }) => {
    await page.goto("/admin/widgets");
    await expect(page).toHaveURL("/login?redirectTo=%2Fadmin%2Fwidgets");
  });
});

test("an admin sees an edit pencil on each widget", async ({ page, apiUrl, appUrl }) => {
  await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
  await page.goto("/about");
  for (const name of ["AboutText1", "AboutText2", "AboutText3"]) {
    await expect(page.getByRole("link", { name: `Edit ${name}`, exact: true })).toHaveAttribute(
      "href",
      /^\/admin\/widgets\/\d+\?returnTo=%2Fabout$/,
    );
  }
  await page.getByRole("link", { name: "Edit AboutText1", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/widgets\/\d+\?returnTo=%2Fabout$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The address the browser chose from an image's `srcset`, once it has one. */
function currentSource(image: Locator): Promise<string> {
  return image.evaluate((element) => (element as HTMLImageElement).currentSrc);
}
