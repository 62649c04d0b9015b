import type { Locator, Page, Request } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "./accounts.ts";
import { expect, signInThroughApi } from "./fixtures.ts";

type Urls = { apiUrl: string; appUrl: string };

/** Signs the page in as the suite's admin. */
export async function signInAsAdmin(page: Page, urls: Urls): Promise<void> {
  await signInThroughApi(page, urls, E2E_ADMIN);
}

/**
 * A call to the API with the page's session, as the web tier would make it: for setting up
 * what a test is not about (an item to reorder, say).
 */
export function adminApiPost<T>(page: Page, urls: Urls, path: string, data: unknown): Promise<T> {
  return adminApiCall<T>(page, urls, "POST", path, data);
}

/** The same with any method: what another admin's tab changes meanwhile, or what is saved now. */
export async function adminApiCall<T>(
  page: Page,
  urls: Urls,
  method: "GET" | "POST" | "PATCH",
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`${urls.apiUrl}${path}`, {
    method,
    headers: await sessionHeaders(page, urls),
    data,
  });
  expect(response.ok(), `${method} ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** A multipart call to the API in the page's session: a photo added to an item, say. */
export async function adminApiUpload<T>(
  page: Page,
  urls: Urls,
  path: string,
  multipart: Record<string, string | Awaited<ReturnType<typeof photoFile>>>,
): Promise<T> {
  const response = await page.request.post(`${urls.apiUrl}${path}`, {
    headers: await sessionHeaders(page, urls),
    multipart,
  });
  expect(response.ok(), `POST ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Removes what a test made; one already gone is fine. */
export async function adminApiDelete(page: Page, urls: Urls, path: string): Promise<void> {
  const response = await page.request.delete(`${urls.apiUrl}${path}`, {
    headers: await sessionHeaders(page, urls),
  });
  expect([204, 404], `DELETE ${path} answered ${response.status()}`).toContain(response.status());
}

/**
 * An item made through the API for one test (`collection` is `/api/blog`, say), the page signed
 * in as the admin, and deleted after it, signed in again first: the test may have signed out.
 */
export async function withApiItem<T extends { id: number | string }>(
  page: Page,
  urls: Urls,
  collection: string,
  data: Record<string, unknown>,
  use: (item: T) => Promise<void>,
): Promise<void> {
  await signInAsAdmin(page, urls);
  const item = await adminApiPost<T>(page, urls, collection, data);
  try {
    await use(item);
  } finally {
    await signInAsAdmin(page, urls);
    await adminApiDelete(page, urls, `${collection}/${item.id}`);
  }
}

/** The headers of a call to the API in the page's session (signed in first). */
export async function sessionHeaders(page: Page, { apiUrl, appUrl }: Urls) {
  const xsrf = (await page.context().cookies(apiUrl)).find(
    (cookie) => cookie.name === "XSRF-TOKEN",
  );
  expect(xsrf, "signed in first").toBeDefined();
  return {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    Origin: appUrl,
    Referer: `${appUrl}/`,
    "X-XSRF-TOKEN": decodeURIComponent(xsrf!.value),
  };
}

/** A JPEG photo of one colour, as a file input takes it. */
export async function photoFile(name: string, colour: string, width = 640, height = 480) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** A name no other test or project run uses. */
export function uniqueTitle(label: string, projectName: string): string {
  return `${label} ${projectName} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

function uploadZone(page: Page): Locator {
  return page.locator("section", { has: page.getByRole("heading", { name: "Upload Photos" }) });
}

/**
 * Adds photos through an edit screen's "Upload Photos" card: FilePond's own input with
 * JavaScript, the plain multiple file input and its Upload button without.
 */
export async function uploadPhotos(
  page: Page,
  javaScriptEnabled: boolean,
  files: Awaited<ReturnType<typeof photoFile>>[],
) {
  const zone = uploadZone(page);
  if (javaScriptEnabled) {
    // FilePond's own file input ("Drag & drop images here or browse") once it has loaded.
    await zone.getByRole("button", { name: /browse/ }).setInputFiles(files);
  } else {
    await zone.locator('input[type="file"]').setInputFiles(files);
    await zone.getByRole("button", { name: "Upload", exact: true }).click();
  }
}

/**
 * Picks an item up by its handle, moves it with the arrow keys and drops it, each step once the
 * screen reader has been told the last one, as a person waits to hear it. (dnd-kit measures the
 * other items just after the pick-up; an arrow pressed before that moves nothing and is pressed
 * again.) Resolves once the grid has posted the new order and had its answer (a reload sooner
 * may leave before the post is sent), or, offline, once the post has failed.
 */
export async function dragByKeyboard(
  page: Page,
  handle: Locator,
  keys: string[],
  { offline = false } = {},
) {
  const announcement = page.locator("[id^=DndLiveRegion]");
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(announcement).toContainText("Picked up");
  let position = "";
  for (const key of keys) {
    await expect(async () => {
      await page.keyboard.press(key);
      await expect(announcement).toContainText("moved to position", { timeout: 500 });
      await expect(announcement).not.toHaveText(position, { timeout: 500 });
    }).toPass();
    position = (await announcement.textContent()) ?? "";
  }
  const here = new URL(page.url()).pathname;
  const isOrderPost = (request: Request) =>
    request.method() === "POST" && new URL(request.url()).pathname.startsWith(here);
  const saved = offline
    ? page.waitForEvent("requestfailed", isOrderPost)
    : page.waitForResponse((response) => isOrderPost(response.request()));
  await page.keyboard.press("Space");
  await expect(announcement).toContainText("dropped at position");
  await saved;
}

/** What an edit screen says when its save found the item moved to the trash (a stale tab). */
export const GONE_TO_TRASH =
  "Someone moved this item to the trash while you were editing, so your changes were not saved. They are still here: restore the item from the trash, then save again.";

/** A colleague's restore of the item named `name`, from the trash in another tab. */
export async function restoreInAnotherTab(page: Page, name: string) {
  const otherTab = await page.context().newPage();
  await otherTab.goto("/admin/trash");
  await otherTab.getByRole("button", { name: `Restore “${name}”` }).click();
  await expect(otherTab.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
  await otherTab.close();
}
