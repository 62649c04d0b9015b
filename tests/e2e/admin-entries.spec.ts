import type { Locator, Page } from "@playwright/test";
import { adminApiPost, photoFile, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; slug: string; title: string };

function uploadZone(page: Page): Locator {
  return page.locator("section", { has: page.getByRole("heading", { name: "Upload Photos" }) });
}

function photoGallery(page: Page): Locator {
  return page.getByRole("list", { name: "Photo Gallery" });
}

async function uploadPhotos(
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

test.describe("the admin lists of projects, news and opportunities", () => {
  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  for (const [path, heading, addTitle, titleLabel] of [
    ["/admin/projects", "Our Focus", "Add Project", "Title"],
    ["/admin/blog", "Blog", "Add Blog", "Blog Title"],
    ["/admin/opportunities", "Opportunities", "Add Opportunities", "Opportunities Title"],
  ] as const) {
    test(`${path}: Add Item opens "${addTitle}", refuses an empty title and opens the new item`, async ({
      page,
    }, testInfo) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin");
      await page.getByRole("link", { name: "Add Item" }).click();
      const dialog = page.getByRole("dialog", { name: addTitle });
      await expect(dialog).toBeVisible();

      // Spaces pass the browser's required check; the title is still empty once trimmed.
      await dialog.getByLabel(titleLabel).fill("   ");
      await dialog.getByRole("button", { name: addTitle }).click();
      await expect(page.getByRole("dialog", { name: addTitle })).toContainText(
        "The title field is required.",
      );

      const title = uniqueTitle("Village library", testInfo.project.name);
      await page.getByRole("dialog", { name: addTitle }).getByLabel(titleLabel).fill(title);
      await page
        .getByRole("dialog", { name: addTitle })
        .getByRole("button", { name: addTitle })
        .click();
      await expect(page).toHaveURL(new RegExp(`${path}/\\d+$`));
      await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    });
  }
});

test.describe("an entry's edit screen", () => {
  let entry: Created;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    entry = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/projects", {
      title: uniqueTitle("Edit me", testInfo.project.name),
    });
  });

  test("a failed save shows the error under its field and keeps everything typed", async ({
    page,
  }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Project" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill("A better title");
    await page.getByLabel("Item Slug URL").fill("Not A Slug");
    await page.getByLabel("Preview Text").fill("A short summary");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.getByText("The slug field format is invalid.").first()).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("A better title");
    await expect(page.getByLabel("Item Slug URL")).toHaveValue("Not A Slug");
    await expect(page.getByLabel("Preview Text")).toHaveValue("A short summary");
  });

  test("a file that is not an image is refused under Image", async ({ page }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("these are words, not pixels"),
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("The image must be an image.").first()).toBeVisible();
  });

  test("Save Changes goes back to the list with the confirmation", async ({ page }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    await page.getByLabel("Title", { exact: true }).fill(`${entry.title} (saved)`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/projects");
    await expect(
      page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
    ).toBeVisible();
    await expect(page.getByText(`${entry.title} (saved)`)).toBeVisible();
  });

  test("Delete Item asks first; Cancel keeps it, Confirm deletes it", async ({ page }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    await page.getByRole("link", { name: "Delete Item" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
    await expect(confirm).toContainText("Are you sure you want to do this?");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Delete Item" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL("/admin/projects");
    await expect(page.getByRole("status").filter({ hasText: "was deleted" })).toBeVisible();
    const gone = await page.request.get(`/projects/${entry.slug}`);
    expect(gone.status()).toBe(404);
  });

  test("photos upload, turn and go", async ({ page, javaScriptEnabled }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    await uploadPhotos(page, javaScriptEnabled, [
      await photoFile("wide.jpg", "#c33", 640, 320),
      await photoFile("square.jpg", "#33c", 400, 400),
    ]);
    const photos = photoGallery(page).getByRole("listitem");
    await expect(photos).toHaveCount(2);

    const first = photos.first().locator("img");
    const before = await first.getAttribute("src");
    await photos
      .first()
      .getByRole("button", { name: /^Rotate / })
      .click();
    await expect(first).not.toHaveAttribute("src", before ?? "");

    await photos
      .last()
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(photos).toHaveCount(1);
  });
});
