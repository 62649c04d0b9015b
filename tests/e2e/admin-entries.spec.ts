import type { Locator, Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  dragByKeyboard,
  photoFile,
  signInAsAdmin,
  uniqueTitle,
  uploadPhotos,
  withApiItem,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; slug: string; title: string };

function photoGallery(page: Page): Locator {
  return page.getByRole("list", { name: "Photo Gallery" });
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
      await expect(dialog.getByLabel(titleLabel)).toBeFocused();

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

  test("/admin/blog: Add Item over a search keeps the search behind it, through a refused Add and Close", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const post = await adminApiPost<Created>(page, urls, "/api/blog", {
      title: uniqueTitle("Well opening", testInfo.project.name),
    });
    try {
      const searched = `/admin/blog?q=${encodeURIComponent(post.title).replaceAll("%20", "+")}`;
      const found = page.getByRole("list", { name: "Blog" }).getByRole("listitem");
      const dialog = page.getByRole("dialog", { name: "Add Blog" });
      await page.goto(searched);
      await expect(found).toHaveCount(1);

      await page.getByRole("link", { name: "Add Item" }).click();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(`${searched}&add=1`);
      await dialog.getByLabel("Blog Title").fill("   ");
      await dialog.getByRole("button", { name: "Add Blog" }).click();
      await expect(dialog).toContainText("The title field is required.");
      await expect(page).toHaveURL(`${searched}&add=1`);
      await expect(found).toHaveCount(1);
      await expect(found).toContainText(post.title);

      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(searched);
      await expect(page.getByRole("searchbox", { name: "Search Blog" })).toHaveValue(post.title);
    } finally {
      await adminApiDelete(page, urls, `/api/blog/${post.id}`);
    }
  });
});

test.describe("an entry's edit screen", () => {
  let entry: Created;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    entry = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/projects", {
      title: uniqueTitle("Edit me", testInfo.project.name),
    });
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/projects/${entry.id}`);
  });

  test("a failed save shows the error under its field and keeps everything typed", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Project" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill("A better title");
    await page.getByLabel("Item Slug URL").fill("Not A Slug");
    await page.getByLabel("Preview Text").fill("A short summary");
    const article = page.getByRole("textbox", { name: "Project Description" });
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await article.click();
      await page.keyboard.type("Draft words that must not be lost");
    } else {
      await article.fill("<p>Draft words that must not be lost</p>");
    }
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.getByText("The slug field format is invalid.").first()).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("A better title");
    await expect(page.getByLabel("Item Slug URL")).toHaveValue("Not A Slug");
    await expect(page.getByLabel("Preview Text")).toHaveValue("A short summary");
    if (javaScriptEnabled) {
      await expect(article).toContainText("Draft words that must not be lost");
    } else {
      await expect(article).toHaveValue(/Draft words that must not be lost/);
    }
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

  test("Delete Item asks first; Cancel keeps it, Confirm deletes it", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    await page.getByRole("link", { name: "Delete Item" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
    await expect(confirm).toContainText("Are you sure you want to do this?");
    if (javaScriptEnabled)
      await expect(confirm.getByRole("link", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Delete Item" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL("/admin/projects");
    await expect(page.getByRole("status").filter({ hasText: "Moved to Trash" })).toBeVisible();
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

  test("on a phone the list, the cover and the photos load a copy their size, not the upload", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const big = await photoFile("big.jpg", "#3a3", 1600, 1200);
    await page.goto(`/admin/projects/${entry.id}`);
    await uploadPhotos(page, javaScriptEnabled, [big]);
    const photo = photoGallery(page).getByRole("listitem").locator("img");
    await expect(photo).toHaveCount(1);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => currentSource(photo)).toMatch(/-480\.webp$/);

    await page.getByLabel("Image", { exact: true }).setInputFiles(big);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/projects");
    const thumbnail = page.getByRole("article").filter({ hasText: entry.title }).locator("img");
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => currentSource(thumbnail)).toMatch(/-480\.webp$/);

    await page.goto(`/admin/projects/${entry.id}`);
    const cover = page.getByRole("img", { name: "The current image" });
    await expect.poll(() => currentSource(cover)).toMatch(/-480\.webp$/);
  });
});

test(
  "while a photo is still uploading, the browser asks before the page is closed; once it is in, it does not",
  { tag: "@javascript-only" },
  async ({ page, apiUrl, appUrl }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const title = uniqueTitle("Uploading", testInfo.project.name);
    await withApiItem<Created>(page, urls, "/api/projects", { title }, async (project) => {
      // A tab of its own, which the test closes; the item is removed through `page`.
      const tab = await page.context().newPage();
      await tab.goto(`/admin/projects/${project.id}`);
      await tab.getByLabel("Title", { exact: true }).click();
      let releaseUpload = () => {};
      const uploadHeld = new Promise<void>((resolve) => {
        void tab.route(/\/photos/, async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          releaseUpload = () => void route.continue();
          resolve();
        });
      });
      await uploadPhotos(tab, true, [await photoFile("slow.jpg", "#c33", 640, 320)]);
      await uploadHeld;

      const asked = tab.waitForEvent("dialog");
      await tab.close({ runBeforeUnload: true });
      const dialog = await asked;
      expect(dialog.type()).toBe("beforeunload");
      await dialog.dismiss();
      expect(tab.isClosed()).toBe(false);

      releaseUpload();
      await expect(photoGallery(tab).getByRole("listitem")).toHaveCount(1);
      const dialogs: string[] = [];
      tab.on("dialog", (shown) => {
        dialogs.push(shown.type());
        void shown.dismiss();
      });
      const closed = tab.waitForEvent("close");
      await tab.close({ runBeforeUnload: true });
      await closed;
      expect(dialogs).toEqual([]);
    });
  },
);

test(
  "a photo that fails to upload after its screen was left is told on the screen the admin is on, with the way back",
  { tag: "@javascript-only" },
  async ({ page, apiUrl, appUrl }, testInfo) => {
    const title = uniqueTitle("Left behind", testInfo.project.name);
    await withApiItem<Created>(
      page,
      { apiUrl, appUrl },
      "/api/projects",
      { title },
      async (project) => {
        await page.goto(`/admin/projects/${project.id}`);
        let failUpload = () => {};
        const uploadHeld = new Promise<void>((resolve) => {
          void page.route(/\/photos/, async (route) => {
            if (route.request().method() !== "POST") return route.continue();
            failUpload = () => void route.abort("connectionfailed");
            resolve();
          });
        });
        await uploadPhotos(page, true, [await photoFile("left-behind.jpg", "#c33", 640, 320)]);
        await uploadHeld;

        await page
          .getByRole("navigation", { name: "Admin" })
          .getByRole("link", { name: "Blog" })
          .click();
        await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
        const alert = page.getByRole("alert").filter({ hasText: "A photo was not added" });
        await expect(alert).toHaveCount(0);
        failUpload();
        await expect(alert).toContainText(
          `left-behind.jpg, for “${title}”: The upload failed: the server could not be reached.`,
        );

        await alert.getByRole("link", { name: `Send it again from “${title}”` }).click();
        await expect(page).toHaveURL(`/admin/projects/${project.id}`);
        await expect(photoGallery(page)).toHaveCount(0);
        await alert.getByRole("button", { name: "Dismiss" }).click();
        await expect(alert).toHaveCount(0);
      },
    );
  },
);

test("an admin writes a news post with formatting and photos; a visitor reads it and opens a photo", async ({
  page,
  browser,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  // An admin's whole writing session and a visitor's reading of it, in one journey.
  test.slow();
  await signInAsAdmin(page, { apiUrl, appUrl });
  const title = uniqueTitle("Harvest festival", testInfo.project.name);
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "Add Item" }).click();
  await page.getByRole("dialog", { name: "Add Blog" }).getByLabel("Blog Title").fill(title);
  await page
    .getByRole("dialog", { name: "Add Blog" })
    .getByRole("button", { name: "Add Blog" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Blog" })).toBeVisible();
  const slug = await page.getByLabel("Item Slug URL").inputValue();
  const postId = Number(/\/admin\/blog\/(\d+)$/.exec(page.url())?.[1]);

  try {
    await uploadPhotos(page, javaScriptEnabled, [
      await photoFile("red.jpg", "#b22", 800, 600),
      await photoFile("blue.jpg", "#22b", 800, 600),
    ]);
    const gallery = photoGallery(page);
    await expect(gallery.getByRole("listitem")).toHaveCount(2);
    const codes = await gallery.locator("code").allTextContents();
    const [firstCode, secondCode] = codes as [string, string];

    // The second photo goes first: by keyboard with JavaScript, by its move button without.
    if (javaScriptEnabled) {
      await dragByKeyboard(
        page,
        gallery.getByRole("button", { name: "Move Photo 2", exact: true }),
        ["ArrowLeft"],
      );
    } else {
      await gallery.getByRole("button", { name: "Move Photo 2 earlier" }).click();
    }
    await expect(gallery.locator("code")).toHaveText([secondCode, firstCode]);

    const embedded = firstCode.replace("image100", "image50");
    const article = page.getByRole("textbox", { name: "Blog Article" });
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await article.click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("Bold words");
      await page.keyboard.press("Shift+Home");
      await page.getByRole("button", { name: "Bold" }).click();
      await expect(page.getByRole("button", { name: "Bold" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      // Back in the text (the click left the focus on the toolbar), at the end of the line.
      await article.press("End");
      await article.press("Enter");
      // Rich text from another page arrives as plain text.
      await article.evaluate((element) => {
        const clipboard = new DataTransfer();
        clipboard.setData("text/html", '<p><b style="color:red">Pasted</b> <i>rich</i> text</p>');
        clipboard.setData("text/plain", "Pasted rich text");
        element.dispatchEvent(
          new ClipboardEvent("paste", {
            clipboardData: clipboard,
            bubbles: true,
            cancelable: true,
          }),
        );
      });
      await expect(article).toContainText("Pasted rich text");
      await page.keyboard.press("Enter");
      await page.keyboard.type(embedded);
    } else {
      await article.fill(
        `<p><strong>Bold words</strong></p><p>Pasted rich text</p><p>${embedded}</p>`,
      );
    }
    // A post added here starts as a draft (record 031): Publish saves the text and puts it live.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await expect(
      page.getByRole("status").filter({ hasText: `“${title}” is published: visitors see it now.` }),
    ).toBeVisible();

    // A visitor, signed out, reads the post.
    const visitorContext = await browser.newContext({ javaScriptEnabled });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${appUrl}/blog/${slug}`);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const body = visitor.locator("article");
    await expect(body.locator("strong", { hasText: "Bold words" })).toBeVisible();
    await expect(body.getByText("Pasted rich text")).toBeVisible();
    expect(await body.locator("b, i, [style*='red']").count()).toBe(0);
    const figure = body.locator("figure.article-image-50");
    await expect(figure).toHaveCount(1);
    await expect(figure.locator("img")).toHaveAttribute("srcset", /-480\.webp 480w/);

    // The carousel leaves out the photo the text already shows (record 034); the other opens big.
    await expect(figure.locator("img")).toHaveAttribute("src", /\.webp$/);
    const photoLinks = visitor.getByRole("region", { name: /photos/i }).getByRole("link");
    await expect(photoLinks).toHaveCount(1);
    const firstPhoto = photoLinks.first();
    const fullImage = await firstPhoto.getAttribute("href");
    if (javaScriptEnabled) {
      await firstPhoto.click();
      const lightbox = visitor.locator(".pswp");
      await expect(lightbox).toBeVisible();
      await expect(lightbox.locator(".pswp__img").first()).toHaveAttribute("src", fullImage ?? "");
      await visitor.keyboard.press("Escape");
      await expect(lightbox).toHaveCount(0);
      await expect(firstPhoto).toBeFocused();
    } else {
      await firstPhoto.click();
      await expect(visitor).toHaveURL(new URL(fullImage ?? "", appUrl).href);
    }
    await visitorContext.close();
  } finally {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${postId}`);
  }
});

test("an admin puts a project earlier and the public list follows", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  // One column (a phone), so "earlier" is straight up.
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAsAdmin(page, { apiUrl, appUrl });
  const urls = { apiUrl, appUrl };
  const first = await adminApiPost<Created>(page, urls, "/api/projects", {
    title: uniqueTitle("Order A", testInfo.project.name),
  });
  const second = await adminApiPost<Created>(page, urls, "/api/projects", {
    title: uniqueTitle("Order B", testInfo.project.name),
  });
  try {
    await page.goto("/admin/projects");
    const cards = page.getByRole("list", { name: "Our Focus" }).getByRole("listitem");
    const titles = async () => (await cards.allTextContents()).map((text) => text.trim());
    const before = await titles();
    const distance =
      before.findIndex((text) => text.includes(second.title)) -
      before.findIndex((text) => text.includes(first.title));
    expect(distance).toBeGreaterThan(0);

    if (javaScriptEnabled) {
      await dragByKeyboard(
        page,
        page.getByRole("button", { name: `Move ${second.title}`, exact: true }),
        Array.from({ length: distance }, () => "ArrowUp"),
      );
    } else {
      for (let step = 0; step < distance; step++) {
        await page.getByRole("button", { name: `Move ${second.title} earlier` }).click();
      }
    }
    const isBefore = (texts: string[]) =>
      texts.findIndex((text) => text.includes(second.title)) <
      texts.findIndex((text) => text.includes(first.title));
    await expect.poll(async () => isBefore(await titles())).toBe(true);

    // The order is saved: a reload and the visitors' list agree.
    await page.reload();
    expect(isBefore(await titles())).toBe(true);
    const order = await page.request.get(`${apiUrl}/api/projects?limit=100`);
    const ids = ((await order.json()) as { results: { id: number }[] }).results.map((p) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const publicPage = Math.floor(ids.indexOf(first.id) / 24) + 1;
    await page.goto(`/projects?page=${publicPage}`);
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.indexOf(second.title)).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf(second.title)).toBeLessThan(headings.indexOf(first.title));
  } finally {
    await adminApiDelete(page, urls, `/api/projects/${first.id}`);
    await adminApiDelete(page, urls, `/api/projects/${second.id}`);
  }
});

test("a post dated ahead is marked Scheduled for staff and hidden from visitors until then", async ({
  page,
  request,
  apiUrl,
  appUrl,
}, testInfo) => {
  await signInAsAdmin(page, { apiUrl, appUrl });
  const post = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/blog", {
    title: uniqueTitle("Next year's appeal", testInfo.project.name),
  });
  try {
    await page.goto(`/admin/blog/${post.id}`);
    const nextYear = new Date().getUTCFullYear() + 1;
    await page.getByLabel("Change Publish Date").fill(`01/06/${nextYear}`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/blog");
    const card = page.getByRole("listitem").filter({ hasText: post.title });
    await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();

    // A visitor (no session) finds nothing yet.
    const visitorView = await request.get(`${appUrl}/blog/${post.slug}`, {
      headers: { Cookie: "" },
    });
    expect(visitorView.status()).toBe(404);
    await page.goto(`/admin/blog/${post.id}`);
    await expect(page.getByLabel("Change Publish Date")).toHaveValue(`01/06/${nextYear}`);
  } finally {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/blog/${post.id}`);
  }
});

/** The address the browser chose from an image's `srcset`, once it has one. */
function currentSource(image: Locator): Promise<string> {
  return image.evaluate((element) => (element as HTMLImageElement).currentSrc);
}

test("a list drawn before a colleague deleted an item: a new order is saved, and the deleted item's move says it is gone", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAsAdmin(page, { apiUrl, appUrl });
  const urls = { apiUrl, appUrl };
  const made = [];
  for (const name of ["Stale A", "Stale B", "Stale C"]) {
    made.push(
      await adminApiPost<Created>(page, urls, "/api/projects", {
        title: uniqueTitle(name, testInfo.project.name),
      }),
    );
  }
  const [first, second, deleted] = made as [Created, Created, Created];
  try {
    await page.goto("/admin/projects");
    const cards = page.getByRole("list", { name: "Our Focus" }).getByRole("listitem");
    const titles = async () => (await cards.allTextContents()).map((text) => text.trim());
    const indexOf = (texts: string[], item: Created) =>
      texts.findIndex((text) => text.includes(item.title));
    const before = await titles();
    const distance = indexOf(before, second) - indexOf(before, first);
    expect(distance).toBeGreaterThan(0);
    await adminApiDelete(page, urls, `/api/projects/${deleted.id}`);

    if (javaScriptEnabled) {
      await dragByKeyboard(
        page,
        page.getByRole("button", { name: `Move ${second.title}`, exact: true }),
        Array.from({ length: distance }, () => "ArrowUp"),
      );
    } else {
      await page.getByRole("button", { name: `Move ${deleted.title} earlier` }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "That item is no longer in the list." }),
      ).toBeVisible();
      for (let step = 0; step < distance; step++) {
        await page.getByRole("button", { name: `Move ${second.title} earlier` }).click();
      }
    }
    await expect.poll(async () => indexOf(await titles(), deleted)).toBe(-1);
    await page.reload();
    const after = await titles();
    expect(indexOf(after, second)).toBeLessThan(indexOf(after, first));
    expect(indexOf(after, deleted)).toBe(-1);
  } finally {
    for (const item of made) await adminApiDelete(page, urls, `/api/projects/${item.id}`);
  }
});
