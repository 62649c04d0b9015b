import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";
import {
  startStandInBackend,
  startWebTier,
  type StandInBackend,
  type WebTier,
} from "./stand-in.ts";

// Seeded demo entries (server/db/seed/content.ts); their photos are read from the API.
const PROJECT = {
  path: "/projects/clean-water-healthy-homes",
  api: "/api/projects/clean-water-healthy-homes",
};
const FIVE_PHOTOS = {
  path: "/projects/money-matters-savings-circles",
  api: "/api/projects/money-matters-savings-circles",
};
const THREE_PHOTOS = {
  path: "/blog/first-borehole-in-the-valley",
  api: "/api/blog/first-borehole-in-the-valley",
};
const LISTS = ["/projects", "/blog", "/opportunities"];

type ApiImage = {
  id: number;
  image_url: string;
  alt: string | null;
  width?: number;
  height?: number;
};
type ApiEntry = { title: string; image_url: string | null; images: ApiImage[] };

async function entryFromApi(request: APIRequestContext, apiUrl: string, apiPath: string) {
  const response = await request.get(apiUrl + apiPath, { headers: { Accept: "application/json" } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiEntry;
}

function photos(page: Page): Locator {
  return page.getByRole("region", { name: "Photos" });
}

function slide(page: Page, number: number, count: number): Locator {
  return photos(page).getByRole("group", { name: `${number} of ${count}` });
}

/** What clips the slides: a native scroller without JavaScript, Embla's viewport with it. */
function slidesViewport(page: Page): Locator {
  return photos(page).locator("[aria-live]").locator("..");
}

function srcsetUrls(srcset: string | null): string[] {
  return (srcset ?? "")
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0]!)
    .filter(Boolean);
}

/** The WebP variants of an upload, widest last: what our API stores beside each image. */
function variantsOf(url: string): string[] {
  return [480, 960, 1600].map((width) => url.replace(/\.webp$/, `-${width}.webp`));
}

async function expectImagesAnswer(request: APIRequestContext, base: string, urls: string[]) {
  for (const url of urls) {
    const response = await request.get(new URL(url, base).href);
    expect(response.status(), url).toBe(200);
    expect(response.headers()["content-type"], url).toBe("image/webp");
  }
}

async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** A `<meta>` of the HTML the server sent, by its `property` or `name`. */
function metaContent(html: string, key: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/g) ?? []) {
    if (new RegExp(`\\b(?:property|name)="${key.replace(/[.:]/g, "\\$&")}"`).test(tag)) {
      return /\bcontent="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&");
    }
  }
  return undefined;
}

test.describe("detail page photos", () => {
  test("a carousel with JavaScript, a row of links to the full images without", async ({
    page,
    request,
    apiUrl,
    javaScriptEnabled,
  }) => {
    const entry = await entryFromApi(request, apiUrl, PROJECT.api);
    const count = entry.images.length;
    expect(count).toBeGreaterThanOrEqual(4);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(PROJECT.path);

    const region = photos(page);
    await region.scrollIntoViewIfNeeded();
    await expect(region).toHaveAttribute("aria-roledescription", "carousel");
    for (const [index, image] of entry.images.entries()) {
      const group = slide(page, index + 1, count);
      await expect(group).toHaveAttribute("aria-roledescription", "slide");
      await expect(group.getByRole("link", { name: image.alt! })).toHaveAttribute(
        "href",
        image.image_url,
      );
    }

    if (!javaScriptEnabled) {
      await expect(region.getByRole("button")).toHaveCount(0);
      await expect(slidesViewport(page)).toHaveCSS("overflow-x", "auto");
      // Two photos show side by side; the others are further along the same scrolling row.
      await expect(slide(page, 1, count)).toBeInViewport({ ratio: 0.9 });
      await expect(slide(page, 2, count)).toBeInViewport({ ratio: 0.9 });
      await expect(slide(page, 3, count)).not.toBeInViewport({ ratio: 0.5 });
      const third = slide(page, 3, count).getByRole("link");
      await third.scrollIntoViewIfNeeded();
      await expect(slide(page, 3, count)).toBeInViewport({ ratio: 0.9 });
      await third.click();
      await expect(page).toHaveURL(new URL(entry.images[2]!.image_url, page.url()).href);
      return;
    }

    const next = region.getByRole("button", { name: "Next photo" });
    const previous = region.getByRole("button", { name: "Previous photo" });
    const pause = region.getByRole("button", { name: "Pause slideshow" });
    await expect(next).toBeVisible();
    await expect(previous).toBeVisible();
    await expect(pause).toBeVisible();
    const slides = region.locator("[aria-live]");

    // Hovering holds the slideshow still (and the slides are announced again).
    await region.hover();
    await expect(slides).toHaveAttribute("aria-live", "polite");
    await expect(slide(page, 1, count)).toBeInViewport({ ratio: 0.9 });
    await next.click();
    await expect(slide(page, 1, count)).not.toBeInViewport();
    await expect(slide(page, 3, count)).toBeInViewport({ ratio: 0.9 });
    await previous.click();
    await expect(slide(page, 1, count)).toBeInViewport({ ratio: 0.9 });
    // It loops: back from the first photo is the last.
    await previous.click();
    await expect(slide(page, count, count)).toBeInViewport({ ratio: 0.9 });
    await expect(slide(page, 1, count)).toBeInViewport({ ratio: 0.9 });

    // Away from the carousel it moves on by itself, every 5 s.
    await page.mouse.move(0, 0);
    await expect(slides).toHaveAttribute("aria-live", "off");
    await expect(slide(page, count, count)).not.toBeInViewport({ timeout: 8_000 });

    await pause.click();
    const play = region.getByRole("button", { name: "Play slideshow" });
    await expect(play).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(slides).toHaveAttribute("aria-live", "polite");
    await play.click();
    await expect(region.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  });

  test("under reduced motion the slideshow does not play by itself", async ({
    page,
    request,
    apiUrl,
    javaScriptEnabled,
  }) => {
    const count = (await entryFromApi(request, apiUrl, PROJECT.api)).images.length;
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(PROJECT.path);
    const region = photos(page);
    await expect(region).toBeVisible();
    if (!javaScriptEnabled) {
      await expect(region.getByRole("button")).toHaveCount(0);
      return;
    }
    await expect(region.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await expect(region.getByRole("button", { name: "Pause slideshow" })).toHaveCount(0);
    await expect(region.locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    // Next still moves on request.
    await region.getByRole("button", { name: "Next photo" }).click();
    await expect(slide(page, 1, count)).not.toBeInViewport();
  });

  test("shows 1 photo below 600 px, 2 from 600, 3 from 900 and 4 from 1100", async ({
    page,
    request,
    apiUrl,
  }) => {
    const count = (await entryFromApi(request, apiUrl, FIVE_PHOTOS.api)).images.length;
    expect(count).toBeGreaterThan(4);
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const [width, shown] of [
      [390, 1],
      [599, 1],
      [600, 2],
      [899, 2],
      [900, 3],
      [1100, 4],
      [1280, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(FIVE_PHOTOS.path);
      await photos(page).scrollIntoViewIfNeeded();
      for (let number = 1; number <= shown; number++) {
        await expect(slide(page, number, count), `${width} px`).toBeInViewport({ ratio: 0.9 });
      }
      await expect(slide(page, shown + 1, count), `${width} px`).not.toBeInViewport({
        ratio: 0.5,
      });
    }
  });

  test("when every photo fits there is nothing to move", async ({
    page,
    request,
    apiUrl,
    javaScriptEnabled,
  }) => {
    const count = (await entryFromApi(request, apiUrl, THREE_PHOTOS.api)).images.length;
    expect(count).toBe(3);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.goto(THREE_PHOTOS.path);
    const region = photos(page);
    await region.scrollIntoViewIfNeeded();
    const next = region.getByRole("button", { name: "Next photo" });
    if (javaScriptEnabled) await expect(next).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await region.scrollIntoViewIfNeeded();
    await expect(next).toHaveCount(0);
    await expect(region.getByRole("button")).toHaveCount(0);
    for (let number = 1; number <= count; number++) {
      await expect(slide(page, number, count)).toBeInViewport({ ratio: 0.9 });
    }
  });

  test("clicking a photo opens it", async ({ page, request, apiUrl, javaScriptEnabled }) => {
    const entry = await entryFromApi(request, apiUrl, PROJECT.api);
    const count = entry.images.length;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(PROJECT.path);
    const second = slide(page, 2, count).getByRole("link");

    if (!javaScriptEnabled) {
      await second.click();
      await expect(page).toHaveURL(new URL(entry.images[1]!.image_url, page.url()).href);
      return;
    }

    await expect(slidesViewport(page)).toHaveCSS("overflow-x", "hidden");
    await second.click();
    const lightbox = page.getByRole("dialog", { name: "Photos" });
    await expect(lightbox).toBeVisible();
    const shown = lightbox.getByRole("img", { name: entry.images[1]!.alt! });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute("src", entry.images[1]!.image_url);
    await expect(lightbox.getByText(`2 of ${count}`)).toBeVisible();
    // The slideshow holds still behind the lightbox.
    await expect(photos(page).locator("[aria-live]")).toHaveAttribute("aria-live", "polite");

    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByRole("img", { name: entry.images[2]!.alt! })).toBeVisible();
    await expect(lightbox.getByText(`3 of ${count}`)).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);
    await expect(second).toBeFocused();
    await expect(slide(page, 2, count)).toBeInViewport({ ratio: 0.9 });
  });
});

test.describe("responsive images", () => {
  for (const list of LISTS) {
    test(`cards on ${list} offer the WebP variants`, async ({ page, request, appUrl }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(list);
      const images = page.locator("[data-entry-card] img");
      expect(await images.count()).toBeGreaterThan(3);
      // Other tests may add entries without a picture: go card by card.
      const cards = page.locator("[data-entry-card]");
      const count = await cards.count();
      for (let index = 0; index < count; index++) {
        const image = cards.nth(index).locator("img");
        if ((await image.count()) === 0) continue;
        const src = await image.getAttribute("src");
        expect(src).toMatch(/^\/storage\/uploads\/entries\/[0-9a-f]{32}\.webp$/);
        expect(srcsetUrls(await image.getAttribute("srcset"))).toEqual(variantsOf(src!));
        await expect(image).toHaveAttribute("sizes", /\S/);
        await expect(image).toHaveAttribute("width", /^\d+$/);
        await expect(image).toHaveAttribute("height", /^\d+$/);
        await expect(image).toHaveAttribute("decoding", "async");
        // The first row loads at once, the rest when scrolled near.
        if (index < 3) await expect(image).not.toHaveAttribute("loading", "lazy");
        else await expect(image).toHaveAttribute("loading", "lazy");
      }
      await expectImagesAnswer(
        request,
        appUrl,
        srcsetUrls(await images.first().getAttribute("srcset")),
      );
      await expectLoaded(images.first());
    });
  }

  test("a detail page's cover and photos offer the WebP variants", async ({
    page,
    request,
    apiUrl,
    appUrl,
  }) => {
    const entry = await entryFromApi(request, apiUrl, PROJECT.api);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(PROJECT.path);

    const cover = page.locator("[data-header-image] img");
    await expect(cover).toHaveAttribute("src", entry.image_url!);
    expect(srcsetUrls(await cover.getAttribute("srcset"))).toEqual(variantsOf(entry.image_url!));
    await expect(cover).toHaveAttribute("sizes", "100vw");
    await expectLoaded(cover);

    for (const [index, photo] of entry.images.entries()) {
      const image = slide(page, index + 1, entry.images.length).getByRole("img");
      await expect(image).toHaveAttribute("src", photo.image_url);
      const variants = srcsetUrls(await image.getAttribute("srcset"));
      expect(variants).toEqual(variantsOf(photo.image_url));
      await expect(image).toHaveAttribute("sizes", /\S/);
      await expect(image).toHaveAttribute("width", /^\d+$/);
      await expect(image).toHaveAttribute("height", /^\d+$/);
      await expect(image).toHaveAttribute("decoding", "async");
      await expectImagesAnswer(request, appUrl, variants);
      await expectLoaded(image);
    }
  });
});

test("a detail page's server HTML carries absolute share URLs", async ({
  request,
  apiUrl,
  appUrl,
}) => {
  const entry = await entryFromApi(request, apiUrl, PROJECT.api);
  const response = await request.get(PROJECT.path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // Its share card, made from the cover (tests/e2e/structured-data.spec.ts compares them).
  const image = metaContent(html, "og:image")!;
  expect(image).toMatch(
    new RegExp(`^${appUrl}/cards/projects/clean-water-healthy-homes\\.jpg\\?v=`),
  );
  expect(metaContent(html, "og:type")).toBe("article");
  expect(metaContent(html, "og:title")).toBe(entry.title);
  expect(metaContent(html, "og:url")).toBe(new URL(PROJECT.path, appUrl).href);
  expect(metaContent(html, "og:image:width")).toBe("1200");
  expect(metaContent(html, "og:image:height")).toBe("630");
  expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
  expect(metaContent(html, "twitter:title")).toBe(entry.title);
  expect(metaContent(html, "twitter:image")).toBe(image);
  expect(html).toContain(`<link rel="canonical" href="${new URL(PROJECT.path, appUrl).href}"/>`);
  const shared = await request.get(image);
  expect(shared.status()).toBe(200);
  expect(shared.headers()["content-type"]).toBe("image/jpeg");
  expect(entry.image_url).toBeTruthy();
});

/**
 * The web tier in front of a backend that, like Laravel, answers absolute `image_url`s on its own
 * host: a stand-in that relays the e2e API and rewrites those URLs. It also answers one project
 * with no photos, a post with two (with their sizes) and an opportunity with one, which the demo
 * content lacks; that one photo has a Laravel-style path with no WebP variants beside it.
 */
test.describe("with a backend that answers absolute image URLs", () => {
  test.describe.configure({ mode: "default" });

  const NO_PHOTOS = "/projects/community-health-workers";
  const TWO_PHOTOS = "/blog/a-day-with-grace";
  const ONE_PHOTO = "/opportunities/safeguarding-trustee";
  let backend: StandInBackend;
  let site: WebTier;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    backend = await startLaravelLikeBackend(process.env.E2E_API_URL!, {
      [`/api${NO_PHOTOS}`]: (entry) => ({ ...entry, images: [] }),
      // Our API may add each photo's size; the page then gives it to the browser.
      [`/api${TWO_PHOTOS}`]: (entry) => ({
        ...entry,
        images: entry.images.slice(0, 2).map((image) => ({ ...image, width: 900, height: 600 })),
      }),
      [`/api${ONE_PHOTO}`]: (entry) => ({
        ...entry,
        images: entry.images.slice(0, 1).map((image) => ({
          ...image,
          image_url: image.image_url.replace(OUR_UPLOADS, LARAVEL_UPLOADS),
        })),
      }),
    });
    site = await startWebTier(backend.url);
  });

  test.afterAll(async () => {
    await site.close();
    await backend.close();
  });

  test("lists show the backend's images", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto(`${site.url}/projects`);
    expect(response?.headers()["content-security-policy"]).toMatch(
      new RegExp(`img-src [^;]*${escapeRegExp(backend.url)}(;| )`),
    );
    const images = page.locator("[data-entry-card] img");
    expect(await images.count()).toBeGreaterThan(3);
    for (const image of await images.all()) {
      const src = await image.getAttribute("src");
      expect(src?.startsWith(`${backend.url}/storage/uploads/`)).toBe(true);
      expect(srcsetUrls(await image.getAttribute("srcset"))).toEqual(variantsOf(src!));
      await expectLoaded(image);
    }
  });

  test("a detail page shows them, shares them and opens them", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const path = "/projects/clean-water-healthy-homes";
    const response = await page.goto(site.url + path);
    expect(response?.headers()["content-security-policy"]).toContain(backend.url);

    const cover = page.locator("[data-header-image] img");
    const coverUrl = await cover.getAttribute("src");
    expect(coverUrl?.startsWith(`${backend.url}/storage/uploads/`)).toBe(true);
    await expectLoaded(cover);
    const entry = await entryFromApi(request, backend.url, `/api${path}`);
    const count = entry.images.length;
    const firstPhoto = slide(page, 1, count).getByRole("img");
    const photoUrl = await firstPhoto.getAttribute("src");
    expect(photoUrl?.startsWith(`${backend.url}/storage/uploads/`)).toBe(true);
    await expectLoaded(firstPhoto);

    const html = await (await request.get(site.url + path)).text();
    const card = metaContent(html, "og:image")!;
    expect(card).toMatch(new RegExp(`^${site.url}/cards${path}\\.jpg\\?v=`));
    expect(metaContent(html, "twitter:image")).toBe(card);
    // Made from the cover on the backend's own host.
    const shared = await request.get(card);
    expect(shared.headers()["content-type"]).toBe("image/jpeg");
    const cardSize = await sharp(await shared.body()).metadata();
    expect([cardSize.width, cardSize.height]).toEqual([1200, 630]);
    expect(metaContent(html, "og:url")).toBe(site.url + path);

    const link = slide(page, 1, count).getByRole("link");
    await expect(link).toHaveAttribute("href", photoUrl!);
    if (javaScriptEnabled) {
      await expect(photos(page).getByRole("button", { name: "Next photo" })).toBeVisible();
      await link.click();
      const shown = page
        .getByRole("dialog", { name: "Photos" })
        .getByRole("img", { name: entry.images[0]!.alt! });
      await expect(shown).toHaveAttribute("src", photoUrl!);
      await expect
        .poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await page.keyboard.press("Escape");
      await expect(link).toBeFocused();
    } else {
      await link.click();
      await expect(page).toHaveURL(photoUrl!);
    }
  });

  test("uploads on the site's own /storage/ path still come through", async ({ request }) => {
    const entry = await entryFromApi(
      request,
      backend.url,
      "/api/projects/clean-water-healthy-homes",
    );
    const storagePath = new URL(entry.image_url!).pathname;
    const response = await request.get(site.url + storagePath);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  });

  test("an entry without photos has no carousel", async ({ page }) => {
    const response = await page.goto(site.url + NO_PHOTOS);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Go Back" })).toBeVisible();
    await expect(page.locator(".widget-html")).not.toBeEmpty();
    await expect(photos(page)).toHaveCount(0);
  });

  test("one or two photos show side by side, without buttons", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [path, count] of [
      [TWO_PHOTOS, 2],
      [ONE_PHOTO, 1],
    ] as const) {
      const entry = await entryFromApi(request, backend.url, `/api${path}`);
      expect(entry.images).toHaveLength(count);
      await page.goto(site.url + path);
      await photos(page).scrollIntoViewIfNeeded();
      for (let number = 1; number <= count; number++) {
        const photo = slide(page, number, count);
        await expect(photo).toBeInViewport({ ratio: 0.9 });
        await expectLoaded(photo.getByRole("img"));
      }
      await expect(photos(page).getByRole("group")).toHaveCount(count);
      const firstImage = slide(page, 1, count).getByRole("img");
      await expect(firstImage).toHaveAttribute("src", entry.images[0]!.image_url);
      if (entry.images[0]!.width) {
        await expect(firstImage).toHaveAttribute("width", String(entry.images[0]!.width));
        await expect(firstImage).toHaveAttribute("height", String(entry.images[0]!.height));
      }
      if (entry.images[0]!.image_url.includes(LARAVEL_UPLOADS)) {
        expect(await firstImage.getAttribute("srcset")).toBeNull();
        expect(await firstImage.getAttribute("sizes")).toBeNull();
      } else {
        expect(srcsetUrls(await firstImage.getAttribute("srcset"))).toEqual(
          variantsOf(entry.images[0]!.image_url),
        );
      }
      if (javaScriptEnabled) {
        // Hydrated, the row no longer scrolls by itself; a click opens the lightbox.
        await expect(slidesViewport(page)).toHaveCSS("overflow-x", "hidden");
        await slide(page, 1, count).getByRole("link").click();
        const lightbox = page.getByRole("dialog", { name: "Photos" });
        await expect(lightbox.getByRole("img", { name: entry.images[0]!.alt! })).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog", { name: "Photos" })).toHaveCount(0);
      }
      await expect(photos(page).getByRole("button")).toHaveCount(0);
    }
  });
});

const OUR_UPLOADS = "/storage/uploads/entries/";
const LARAVEL_UPLOADS = "/storage/photos/";
type EntryRewrite = (entry: ApiEntry) => ApiEntry;

/** Relays `apiUrl`, answering absolute image URLs on its own origin (and `rewrites` by path). */
function startLaravelLikeBackend(apiUrl: string, rewrites: Record<string, EntryRewrite>) {
  return startStandInBackend(apiUrl, {
    rewritePath: (url) => url.replace(LARAVEL_UPLOADS, OUR_UPLOADS),
    rewriteJson: (text, pathname, status, origin) => {
      const absolute = text.replaceAll('"image_url":"/storage/', `"image_url":"${origin}/storage/`);
      const rewrite = rewrites[pathname];
      if (!rewrite || status >= 300) return absolute;
      return JSON.stringify(rewrite(JSON.parse(absolute) as ApiEntry));
    },
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
