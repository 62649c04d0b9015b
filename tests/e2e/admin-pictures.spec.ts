import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import {
  adminApiCall,
  adminApiPost,
  adminApiUpload,
  photoFile,
  sessionHeaders,
  uniqueTitle,
  uploadPhotos,
} from "./admin-support.ts";
import { expect, signInThroughApi, test } from "./fixtures.ts";
import { startSite, type Site } from "./global-setup.ts";

/**
 * Pictures that fail gracefully, and entry photos with alt text (record 032). A site of its own
 * with a small IMAGE_MAX_BYTES, so "too large" is a few hundred kilobytes, not 20 MiB.
 */

const IMAGE_MAX_BYTES = 300_000;
const TOO_LARGE = "The image you have uploaded is too large";

let site: Site;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startSite({ IMAGE_MAX_BYTES: String(IMAGE_MAX_BYTES) });
});
test.afterAll(async () => {
  await site?.stop();
});

const urls = () => ({ appUrl: site.appUrl, apiUrl: site.apiUrl });

async function newPost(page: Page, label: string, projectName: string) {
  await signInThroughApi(page, urls(), E2E_ADMIN);
  return adminApiPost<{ id: number; slug: string; title: string }>(page, urls(), "/api/blog", {
    title: uniqueTitle(label, projectName),
  });
}

/** Bytes that are no picture, `size` of them: the size is refused before anything looks inside. */
const fileOf = (name: string, size: number) => ({
  name,
  mimeType: "image/jpeg",
  buffer: Buffer.alloc(size, 7),
});

test("a cover over the limit is refused under Image, and what was typed stays", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const post = await newPost(page, "Cover", testInfo.project.name);
  await page.goto(`${site.appUrl}/admin/blog/${post.id}`);
  const image = page.getByLabel("Image", { exact: true });
  // Just over the limit (the API answers 413), then far over it (the web host drops the file).
  for (const size of [IMAGE_MAX_BYTES + 1024, IMAGE_MAX_BYTES + 3 * 1024 * 1024]) {
    await page.getByLabel("Title").fill(`Typed title ${size}`);
    await image.setInputFiles(fileOf("huge.jpg", size));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(image).toHaveAccessibleDescription(new RegExp(TOO_LARGE));
    await expect(page.getByLabel("Title")).toHaveValue(`Typed title ${size}`);
    await expect(page).toHaveURL(new RegExp(`/admin/blog/${post.id}$`));
  }
});

test("a widget picture over the limit is refused under Image, its alt text kept", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInThroughApi(page, urls(), E2E_ADMIN);
  const widget = await adminApiPost<{ id: number }>(page, urls(), "/api/widgets", {
    name: uniqueTitle("Picture", testInfo.project.name).replaceAll(" ", ""),
    type: "IMAGE",
  });
  await page.goto(`${site.appUrl}/admin/widgets/${widget.id}`);
  await page.getByLabel("Alt Text").fill("Words that stay");
  const image = page.getByLabel("Image", { exact: true });
  await image.setInputFiles(fileOf("huge.jpg", IMAGE_MAX_BYTES + 3 * 1024 * 1024));
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(image).toHaveAccessibleDescription(new RegExp(TOO_LARGE));
  await expect(page.getByLabel("Alt Text")).toHaveValue("Words that stay");
});

test("a photo described in Edit Photo says so on the public page; its code can be copied", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(60_000);
  const post = await newPost(page, "Described", testInfo.project.name);
  const photo = await adminApiUpload<{ id: number }>(page, urls(), "/api/blogimages", {
    blog_id: String(post.id),
    file: await photoFile("well.jpg", "#2a7"),
  });
  await page.goto(`${site.appUrl}/admin/blog/${post.id}`);
  const grid = page.getByRole("region", { name: "Photo Gallery" });
  await expect(grid).toContainText(`[[image50=${photo.id}]]`);
  await expect(grid.getByRole("listitem").first()).toContainText(`[[image100=${photo.id}]]`);
  await expect(grid.getByRole("button", { name: "Copy the short code of Photo 1" })).toHaveCount(
    javaScriptEnabled ? 1 : 0,
  );

  await grid.getByRole("link", { name: "Edit Photo 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Photo" });
  await dialog.getByLabel("Alt Text").fill("a".repeat(256));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByRole("dialog", { name: "Edit Photo" }).getByLabel("Alt Text"),
  ).toHaveAccessibleDescription(/must not be greater than 255 characters/);
  await page
    .getByRole("dialog", { name: "Edit Photo" })
    .getByLabel("Alt Text")
    .fill("Children drawing water at the new well");
  await page
    .getByRole("dialog", { name: "Edit Photo" })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByText("The photo's details were saved.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Edit Photo" })).toHaveCount(0);
  await expect(
    grid.getByRole("button", {
      name: "Copy the short code of Children drawing water at the new well",
    }),
  ).toHaveCount(javaScriptEnabled ? 1 : 0);

  await page.goto(`${site.appUrl}/blog/${post.slug}`);
  await expect(
    page.getByRole("img", { name: "Children drawing water at the new well" }).first(),
  ).toBeVisible();
});

test("Edit Photo after a colleague described the photo shows their words beside the ones typed", async ({
  page,
}, testInfo) => {
  const post = await newPost(page, "Described twice", testInfo.project.name);
  const photo = await adminApiUpload<{ id: number }>(page, urls(), "/api/blogimages", {
    blog_id: String(post.id),
    file: await photoFile("stall.jpg", "#a72"),
  });
  await page.goto(`${site.appUrl}/admin/blog/${post.id}?photo=${photo.id}`);
  const dialog = page.getByRole("dialog", { name: "Edit Photo" });
  await expect(dialog.getByLabel("Alt Text")).toHaveValue("");
  await adminApiCall(page, urls(), "POST", `/api/blogimages/${photo.id}`, {
    alt: "A cake stall under bunting",
  });
  await dialog.getByLabel("Alt Text").fill("Volunteers selling cakes");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(
    dialog.getByRole("alert").filter({ hasText: "Someone else changed this since you opened it" }),
  ).toBeVisible();
  const theirs = dialog.getByRole("region", { name: "Saved by someone else meanwhile" });
  await expect(theirs.getByRole("definition")).toHaveText(["A cake stall under bunting"]);
  await expect(dialog.getByLabel("Alt Text")).toHaveValue("Volunteers selling cakes");

  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The photo's details were saved.")).toBeVisible();
  const grid = page.getByRole("region", { name: "Photo Gallery" });
  await expect(grid).toContainText("Volunteers selling cakes");
});

test("Edit Photo for a photo a colleague deleted says it is no longer here, opened or saved", async ({
  page,
}, testInfo) => {
  const post = await newPost(page, "Deleted photo", testInfo.project.name);
  const upload = async () =>
    adminApiUpload<{ id: number }>(page, urls(), "/api/blogimages", {
      blog_id: String(post.id),
      file: await photoFile("gone.jpg", "#7a2"),
    });
  const deleteThroughApi = async (id: number) => {
    const response = await page.request.delete(`${site.apiUrl}/api/blogimages/${id}`, {
      headers: await sessionHeaders(page, urls()),
    });
    expect(response.status()).toBe(204);
  };
  const grid = page.getByRole("region", { name: "Photo Gallery" });
  const gone = grid.getByRole("alert").filter({ hasText: "That photo is no longer here." });

  // Saved after the colleague's delete.
  const saved = await upload();
  await page.goto(`${site.appUrl}/admin/blog/${post.id}?photo=${saved.id}`);
  const dialog = page.getByRole("dialog", { name: "Edit Photo" });
  await dialog.getByLabel("Alt Text").fill("A well at dusk");
  await deleteThroughApi(saved.id);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(gone).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Edit Photo" })).toHaveCount(0);
  await expect(page).toHaveURL(`${site.appUrl}/admin/blog/${post.id}`);
  await expect(grid.getByRole("listitem")).toHaveCount(0);

  // Opened after it.
  const opened = await upload();
  await page.reload();
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  await deleteThroughApi(opened.id);
  await grid.getByRole("link", { name: "Edit Photo 1" }).click();
  await expect(gone).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Edit Photo" })).toHaveCount(0);
  await expect(grid.getByRole("listitem")).toHaveCount(0);
});

test("a file that is no picture shows the server's reason", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const post = await newPost(page, "Not a photo", testInfo.project.name);
  await page.goto(`${site.appUrl}/admin/blog/${post.id}`);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  if (javaScriptEnabled)
    await expect(page.getByRole("button", { name: "Bold" }).first()).toBeVisible();
  await uploadPhotos(page, javaScriptEnabled, [
    { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("only words, no picture") },
  ]);
  const zone = page.locator("section", {
    has: page.getByRole("heading", { name: "Upload Photos" }),
  });
  if (javaScriptEnabled) {
    await expect(zone).toContainText("The file must be an image.");
    await expect(zone).not.toContainText("Server responded with");
  } else {
    await expect(page.getByText(/notes\.jpg: The file must be an image\./)).toBeVisible();
  }
  expect(errors).toEqual([]);
});
