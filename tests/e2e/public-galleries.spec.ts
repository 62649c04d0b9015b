import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  adminApiUpload,
  photoFile,
  sessionHeaders,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Urls = { apiUrl: string; appUrl: string };
type Photo = { id: number; image_url: string; alt: string; link: string };
type Post = { id: number; slug: string; title: string };

const PHOTO_ALTS = ["Digging the trench", "Laying the pipe", "The first water"];

/** A gallery of three photos, the second linking to a page typed without its scheme. */
async function makeGallery(page: Page, urls: Urls, name: string) {
  const gallery = await adminApiPost<{ id: number }>(page, urls, "/api/galleries", { name });
  const photos: Photo[] = [];
  for (const [index, alt] of PHOTO_ALTS.entries()) {
    const uploaded = await adminApiUpload<Photo>(page, urls, "/api/galleriesimages", {
      gallery_id: String(gallery.id),
      file: await photoFile(`gallery-${index}.jpg`, ["#1d6b70", "#d97a2b", "#103f43"][index]!),
    });
    photos.push(
      await adminApiPost<Photo>(page, urls, `/api/galleriesimages/${uploaded.id}`, {
        alt,
        link: index === 1 ? "www.example.org/pipes" : "",
      }),
    );
  }
  return { id: gallery.id, name, photos };
}

/** A blog post with two photos: the first placed in its text, the second only in the carousel. */
async function makePost(page: Page, urls: Urls, title: string, galleryId: number) {
  const post = await adminApiPost<Post>(page, urls, "/api/blog", { title });
  const photos: Photo[] = [];
  for (const [index, alt] of ["The well from above", "The village square"].entries()) {
    photos.push(
      await adminApiUpload<Photo>(page, urls, "/api/blogimages", {
        blog_id: String(post.id),
        alt,
        file: await photoFile(`post-${index}.jpg`, index ? "#b65a12" : "#155459", 800, 600),
      }),
    );
  }
  const saved = await adminApiUpload<Post>(page, urls, `/api/blog/${post.id}`, {
    article:
      `<p>How the village got its water.</p><p>[[gallery=${galleryId}]]</p>` +
      `<p>[[image50=${photos[0]!.id}]]</p><p>Thank you all.</p>`,
  });
  return { ...saved, photos };
}

/** A visitor's page, without the admin's session, with JavaScript as the project runs. */
async function visitorPage(browser: Browser, appUrl: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: appUrl, javaScriptEnabled });
  return context.newPage();
}

test.describe("a gallery placed in a blog post", () => {
  let gallery: Awaited<ReturnType<typeof makeGallery>>;
  let post: Awaited<ReturnType<typeof makePost>>;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    const urls = { apiUrl, appUrl };
    await signInAsAdmin(page, urls);
    gallery = await makeGallery(page, urls, uniqueTitle("Pipeline", testInfo.project.name));
    post = await makePost(page, urls, uniqueTitle("Water day", testInfo.project.name), gallery.id);
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/galleries/${gallery.id}`);
  });

  test("shows its photos as a grid in the article, the lightbox with JavaScript and the image without", async ({
    browser,
    appUrl,
    javaScriptEnabled,
  }) => {
    const visitor = await visitorPage(browser, appUrl, javaScriptEnabled);
    await visitor.goto(`/blog/${post.slug}`);
    await expect(visitor.getByRole("heading", { level: 1, name: post.title })).toBeVisible();

    const grid = visitor.getByRole("list", { name: gallery.name });
    const items = grid.getByRole("listitem");
    await expect(items).toHaveCount(3);
    // Each photo, in the gallery's order, is a link to its full image.
    const photoLink = (index: number) => items.nth(index).getByRole("link").first();
    for (const [index, photo] of gallery.photos.entries()) {
      await expect(photoLink(index)).toHaveAttribute("href", photo.image_url);
      await expect(photoLink(index).getByRole("img")).toHaveAccessibleName(PHOTO_ALTS[index]!);
    }
    // A photo's caption is its alt text, a link when the photo has one (typed without https://).
    await expect(grid.getByRole("link", { name: "Laying the pipe", exact: true })).toHaveCount(2);
    await expect(
      grid.locator("figcaption").getByRole("link", { name: "Laying the pipe" }),
    ).toHaveAttribute("href", "https://www.example.org/pipes");
    await expect(grid.locator("figcaption").nth(0)).toHaveText("Digging the trench");

    // The photo placed in the text is not shown again in the carousel below it.
    await expect(
      visitor.getByRole("article").getByRole("img", { name: "The well from above" }),
    ).toHaveCount(1);
    const carousel = visitor.getByRole("region", { name: "Photos" });
    await expect(carousel.getByRole("img")).toHaveCount(1);
    await expect(carousel.getByRole("img", { name: "The village square" })).toBeVisible();

    const second = photoLink(1);
    await second.scrollIntoViewIfNeeded();
    if (!javaScriptEnabled) {
      await second.click();
      await expect(visitor).toHaveURL(new URL(gallery.photos[1]!.image_url, appUrl).href);
      await visitor.context().close();
      return;
    }
    // Hydrated: React has taken the page over, so a click opens the lightbox.
    await visitor.waitForFunction(() =>
      Object.keys(document.getElementById("main")!).some((key) => key.startsWith("__reactFiber")),
    );
    await second.click();
    const lightbox = visitor.getByRole("dialog", { name: gallery.name });
    await expect(lightbox.getByRole("img", { name: "Laying the pipe" })).toBeVisible();
    await expect(lightbox.getByText("2 of 3")).toBeVisible();
    await visitor.keyboard.press("ArrowRight");
    await expect(lightbox.getByRole("img", { name: "The first water" })).toBeVisible();
    await visitor.keyboard.press("Escape");
    await expect(visitor.getByRole("dialog", { name: gallery.name })).toHaveCount(0);
    await expect(second).toBeFocused();
    expect(visitor.url()).toBe(new URL(`/blog/${post.slug}`, appUrl).href);
    await visitor.context().close();
  });

  test("placed in a page's text widget, the same grid opens the same lightbox", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    const urls = { apiUrl, appUrl };
    const about = (await (await page.request.get(`${apiUrl}/api/widgets/AboutText3`)).json()) as {
      id: number;
    };
    const typed = (await (
      await page.request.get(`${apiUrl}/api/widgets/${about.id}`, {
        headers: await sessionHeaders(page, urls),
      })
    ).json()) as { html: string };
    await adminApiPost(page, urls, `/api/widgets/${about.id}`, {
      html: `${typed.html}<p>[[gallery=${gallery.id}]]</p>`,
    });
    try {
      const grid = page.getByRole("list", { name: gallery.name });
      // Saved straight at the API: the web tier's shared data shows it within seconds.
      await expect(async () => {
        await page.goto("/about");
        await expect(grid).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      const first = grid.getByRole("listitem").first().getByRole("link").first();
      await expect(first).toHaveAttribute("href", gallery.photos[0]!.image_url);
      if (!javaScriptEnabled) return;
      await page.waitForFunction(() =>
        Object.keys(document.getElementById("main")!).some((key) => key.startsWith("__reactFiber")),
      );
      await first.click();
      const lightbox = page.getByRole("dialog", { name: gallery.name });
      await expect(lightbox.getByRole("img", { name: PHOTO_ALTS[0] })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(lightbox).toHaveCount(0);
      expect(page.url()).toBe(new URL("/about", appUrl).href);
    } finally {
      await adminApiPost(page, urls, `/api/widgets/${about.id}`, { html: typed.html });
    }
  });

  test("the post with its gallery has no axe violations at 1280 and 390 px", async ({
    browser,
    appUrl,
    javaScriptEnabled,
  }) => {
    // axe runs in the page: without JavaScript, the app's scripts are refused instead.
    const context = await browser.newContext({ baseURL: appUrl, javaScriptEnabled: true });
    if (!javaScriptEnabled) await context.route(/\.m?js(\?.*)?$/, (route) => route.abort());
    const visitor = await context.newPage();
    for (const width of [1280, 390]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.goto(`/blog/${post.slug}`);
      await expect(visitor.getByRole("list", { name: gallery.name })).toBeVisible();
      const { violations } = await new AxeBuilder({ page: visitor }).analyze();
      expect(
        violations.map((violation) => `${violation.id}: ${violation.nodes.length}`),
        `${width} px`,
      ).toEqual([]);
    }
    await context.close();
  });

  test("its edit screen shows the code to paste, and the list finds it by name", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/galleries/${gallery.id}`);
    const place = page.getByRole("region", { name: "Show this gallery on the site" });
    await expect(place).toContainText("Paste this code on a line of its own into the text");
    await expect(place.locator("code")).toHaveText(`[[gallery=${gallery.id}]]`);
    await expect(
      place.getByRole("button", { name: "Copy the short code of this gallery" }),
    ).toHaveCount(javaScriptEnabled ? 1 : 0);

    await page.getByRole("link", { name: "Delete Gallery" }).click();
    await expect(
      page.getByRole("alertdialog", { name: "Please Confirm?" }),
    ).toHaveAccessibleDescription(
      `Are you sure you want to do this? This deletes the gallery “${gallery.name}”. ` +
        "Its 3 photos go with it. You can restore it from the Trash.",
    );
    await page.getByRole("link", { name: "Cancel" }).click();

    await page.goto("/admin/galleries");
    await page.getByRole("searchbox", { name: "Search galleries" }).fill(gallery.name);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    const cards = page.getByRole("list", { name: "Galleries" }).getByRole("listitem");
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole("heading", { name: gallery.name })).toBeVisible();

    await page.getByRole("searchbox", { name: "Search galleries" }).fill(`${gallery.name} none`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText(`Nothing matches “${gallery.name} none”.`)).toBeVisible();
  });
});
