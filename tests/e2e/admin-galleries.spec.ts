import type { Locator, Page } from "@playwright/test";
import {
  adminApiCall,
  adminApiDelete,
  adminApiPost,
  adminApiUpload,
  dragByKeyboard,
  photoFile,
  signInAsAdmin,
  uniqueTitle,
  uploadPhotos,
  GONE_TO_TRASH,
  restoreInAnotherTab,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; name: string };

const PHOTO_GONE = "That photo is no longer here.";

function photoGrid(page: Page): Locator {
  return page.getByRole("list", { name: "Photos" });
}

async function photoSources(page: Page): Promise<(string | null)[]> {
  return photoGrid(page)
    .getByRole("listitem")
    .locator("img")
    .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
}

/**
 * The card of a gallery on /admin/galleries, paging on while it is not there: the list is
 * newest first, and a test running beside this one may add galleries of its own.
 */
async function galleryCard(page: Page, name: string): Promise<Locator> {
  const cards = page.getByRole("list", { name: "Galleries" }).getByRole("listitem");
  const card = cards.filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(cards.first()).toBeVisible();
  while ((await card.count()) === 0) {
    const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", {
      name: "Next",
    });
    expect(await next.count(), `“${name}” is on the list`).toBe(1);
    const url = page.url();
    await next.click();
    await expect(page).not.toHaveURL(url);
    await expect(cards.first()).toBeVisible();
  }
  return card;
}

test.describe("the admin galleries", () => {
  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  test("an admin adds a gallery, fills it with photos, orders, turns, describes and removes them, and renames it", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.goto("/admin/galleries");
    await expect(page.getByRole("heading", { level: 1, name: "Galleries" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin");

    // Add Gallery: an empty name (spaces pass the browser's required check) is refused first.
    await page.getByRole("link", { name: "Add Gallery" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Gallery" });
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByRole("button", { name: "Add Gallery" }).click();
    await expect(
      page.getByRole("dialog", { name: "Add Gallery" }).getByLabel("Name"),
    ).toHaveAccessibleDescription("The name field is required.");
    const name = uniqueTitle("Well opening", testInfo.project.name);
    await page.getByRole("dialog", { name: "Add Gallery" }).getByLabel("Name").fill(name);
    await page
      .getByRole("dialog", { name: "Add Gallery" })
      .getByRole("button", { name: "Add Gallery" })
      .click();
    await expect(page).toHaveURL(/\/admin\/galleries\/\d+$/);
    const galleryId = Number(/\/admin\/galleries\/(\d+)$/.exec(page.url())?.[1]);

    try {
      await expect(page.getByRole("heading", { level: 1, name: "Manage Gallery" })).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await expect(page.getByText("No photos yet.")).toBeVisible();

      // The wide photo alone first: the upload zone sends two at a time, in no fixed order.
      const photos = photoGrid(page).getByRole("listitem");
      await uploadPhotos(page, javaScriptEnabled, [await photoFile("wide.jpg", "#c33", 640, 320)]);
      await expect(photos).toHaveCount(1);
      await uploadPhotos(page, javaScriptEnabled, [
        await photoFile("green.jpg", "#3a3", 640, 480),
        await photoFile("blue.jpg", "#33c", 640, 480),
      ]);
      await expect(photos).toHaveCount(3);
      const [first, second, third] = await photoSources(page);

      // The second photo goes first: by keyboard with JavaScript, by its move button without.
      if (javaScriptEnabled) {
        await dragByKeyboard(
          page,
          photoGrid(page).getByRole("button", { name: "Move Photo 2", exact: true }),
          ["ArrowLeft"],
        );
      } else {
        await photoGrid(page).getByRole("button", { name: "Move Photo 2 earlier" }).click();
      }
      await expect.poll(() => photoSources(page)).toEqual([second, first, third]);
      await page.reload();
      await expect.poll(() => photoSources(page)).toEqual([second, first, third]);

      // The wide photo (now second) turns a quarter: a new file, taller than wide.
      const wide = photos.nth(1).locator("img");
      await photos.nth(1).getByRole("button", { name: "Rotate Photo 2" }).click();
      await expect(wide).not.toHaveAttribute("src", first ?? "");
      await wide.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          // The file the card shows (one of its sizes): the card's own natural size is scaled by
          // its srcset's width descriptor.
          wide.evaluate(async (image: HTMLImageElement) => {
            if (!image.complete || !image.currentSrc) return null;
            const shown = new Image();
            shown.src = image.currentSrc;
            await shown.decode();
            return [shown.naturalWidth, shown.naturalHeight];
          }),
        )
        .toEqual([320, 640]);

      // Alt text and link: a javascript: link is refused under Link, what was typed stays.
      await photos.first().getByRole("link", { name: "Edit Photo 1" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Photo" });
      await expect(edit.getByLabel("Alt Text")).toBeFocused();
      await edit.getByLabel("Alt Text").fill("Children at the new well");
      await edit.getByLabel("Link").fill("javascript:alert(1)");
      await edit.getByRole("button", { name: "Save" }).click();
      const refused = page.getByRole("dialog", { name: "Edit Photo" });
      await expect(refused.getByLabel("Link")).toHaveAttribute("aria-invalid", "true");
      await expect(refused.getByLabel("Link")).toHaveAccessibleDescription(
        /The link field must be a valid URL\./,
      );
      await expect(refused.getByLabel("Alt Text")).toHaveValue("Children at the new well");
      await refused.getByLabel("Link").fill("https://example.org/news/the-new-well");
      await refused.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const described = photos.first();
      await expect(described).toContainText("Children at the new well");
      await expect(described.getByRole("link", { name: /example\.org\/news/ })).toHaveAttribute(
        "href",
        "https://example.org/news/the-new-well",
      );
      await expect(described.locator("img")).toHaveAttribute("alt", "Children at the new well");

      // The last photo goes.
      await photos.last().getByRole("button", { name: "Delete Photo 3" }).click();
      await expect(photos).toHaveCount(2);

      // An empty name is refused; a new one is saved and the list shows it.
      await page.getByLabel("Name").fill("   ");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByLabel("Name")).toHaveAccessibleDescription(
        "The name field is required.",
      );
      const renamed = `${name} (renamed)`;
      await page.getByLabel("Name").fill(renamed);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page).toHaveURL("/admin/galleries");
      await expect(
        page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
      ).toBeVisible();
      const card = await galleryCard(page, renamed);
      await expect(card).toContainText("2 photos");
      await expect(card.locator("img")).toHaveAttribute("src", second ?? "");
      await card.getByRole("link", { name: `Edit ${renamed}` }).click();
      await expect(page).toHaveURL(`/admin/galleries/${galleryId}`);
    } finally {
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/galleries/${galleryId}`);
    }
  });

  test("Delete Gallery asks first; Cancel keeps it, Confirm deletes it", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const gallery = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/galleries", {
      name: uniqueTitle("Delete me", testInfo.project.name),
    });
    try {
      await page.goto(`/admin/galleries/${gallery.id}`);
      await page.getByRole("link", { name: "Delete Gallery" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
      await expect(confirm).toContainText("Are you sure you want to do this?");
      if (javaScriptEnabled) {
        await expect(confirm.getByRole("link", { name: "Cancel" })).toBeFocused();
      }
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(page).toHaveURL(`/admin/galleries/${gallery.id}`);
      await expect(page.getByLabel("Name")).toHaveValue(gallery.name);

      await page.getByRole("link", { name: "Delete Gallery" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
      await expect(page).toHaveURL("/admin/galleries");
      await expect(page.getByRole("status").filter({ hasText: "Moved to Trash" })).toBeVisible();
      const gone = await page.request.get(`/admin/galleries/${gallery.id}`);
      expect(gone.status()).toBe(404);
    } finally {
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/galleries/${gallery.id}`);
    }
  });

  test("a rename after a colleague's shows their name beside the one typed; the next Save keeps it", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const name = uniqueTitle("Open day", testInfo.project.name);
    const gallery = await adminApiPost<Created>(page, urls, "/api/galleries", { name });
    try {
      await page.goto(`/admin/galleries/${gallery.id}`);
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await adminApiCall(page, urls, "POST", `/api/galleries/${gallery.id}`, {
        name: `${name} (theirs)`,
      });
      await page.getByLabel("Name").fill(`${name} (mine)`);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        page
          .getByRole("alert")
          .filter({ hasText: "Someone else changed this since you opened it" }),
      ).toBeVisible();
      const theirs = page.getByRole("region", { name: "Saved by someone else meanwhile" });
      await expect(theirs.getByRole("definition")).toHaveText([`${name} (theirs)`]);
      await expect(page.getByLabel("Name")).toHaveValue(`${name} (mine)`);
      const saved = () => adminApiCall<Created>(page, urls, "GET", `/api/galleries/${gallery.id}`);
      expect((await saved()).name).toBe(`${name} (theirs)`);

      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page).toHaveURL("/admin/galleries");
      expect((await saved()).name).toBe(`${name} (mine)`);

      // A Save that leaves the name as it was does not undo a colleague's rename.
      await page.goto(`/admin/galleries/${gallery.id}`);
      await adminApiCall(page, urls, "POST", `/api/galleries/${gallery.id}`, {
        name: `${name} (theirs again)`,
      });
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page).toHaveURL("/admin/galleries");
      expect((await saved()).name).toBe(`${name} (theirs again)`);
    } finally {
      await adminApiDelete(page, urls, `/api/galleries/${gallery.id}`);
    }
  });

  test("a photo's details after a colleague's: their link is kept, their alt text shown beside the one typed", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const gallery = await adminApiPost<Created>(page, urls, "/api/galleries", {
      name: uniqueTitle("Sports day", testInfo.project.name),
    });
    try {
      const photo = await adminApiUpload<{ id: number }>(page, urls, "/api/galleriesimages", {
        gallery_id: String(gallery.id),
        file: await photoFile("race.jpg", "#27a"),
      });
      await page.goto(`/admin/galleries/${gallery.id}?photo=${photo.id}`);
      const dialog = page.getByRole("dialog", { name: "Edit Photo" });
      await expect(dialog.getByLabel("Alt Text")).toHaveValue("");
      await adminApiCall(page, urls, "POST", `/api/galleriesimages/${photo.id}`, {
        alt: "The egg and spoon race",
        link: "https://example.org/sports-day",
      });
      await dialog.getByLabel("Alt Text").fill("Children racing");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(
        dialog
          .getByRole("alert")
          .filter({ hasText: "Someone else changed this since you opened it" }),
      ).toBeVisible();
      const theirs = dialog.getByRole("region", { name: "Saved by someone else meanwhile" });
      await expect(theirs.getByRole("term")).toHaveText(["Alt Text"]);
      await expect(theirs.getByRole("definition")).toHaveText(["The egg and spoon race"]);
      await expect(dialog.getByLabel("Alt Text")).toHaveValue("Children racing");
      await expect(dialog.getByLabel("Link")).toHaveValue("https://example.org/sports-day");

      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("The photo's details were saved.")).toBeVisible();
      const saved = await adminApiCall<{ images: { alt: string; link: string }[] }>(
        page,
        urls,
        "GET",
        `/api/galleries/${gallery.id}`,
      );
      expect(saved.images[0]).toMatchObject({
        alt: "Children racing",
        link: "https://example.org/sports-day",
      });
    } finally {
      await adminApiDelete(page, urls, `/api/galleries/${gallery.id}`);
    }
  });

  test("a stale tab's photos after a colleague's changes: one they deleted says so, and a new order keeps the one they added", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const gallery = await adminApiPost<Created>(page, urls, "/api/galleries", {
      name: uniqueTitle("Open day", testInfo.project.name),
    });
    const upload = async (name: string, colour: string) =>
      adminApiUpload<{ id: number }>(page, urls, "/api/galleriesimages", {
        gallery_id: String(gallery.id),
        file: await photoFile(name, colour),
      });
    const gone = page.getByRole("alert").filter({ hasText: PHOTO_GONE });
    try {
      await upload("a.jpg", "#a33");
      const second = await upload("b.jpg", "#3a3");
      const third = await upload("c.jpg", "#33a");
      const fourth = await upload("x.jpg", "#333");
      await page.goto(`/admin/galleries/${gallery.id}`);
      const photos = photoGrid(page).getByRole("listitem");
      await expect(photos).toHaveCount(4);
      const [a] = await photoSources(page);

      // A colleague deletes the fourth photo: its Edit Photo opens nothing and says so.
      await adminApiDelete(page, urls, `/api/galleriesimages/${fourth.id}`);
      await photoGrid(page).getByRole("link", { name: "Edit Photo 4" }).click();
      await expect(gone).toBeVisible();
      await expect(page).toHaveURL(`/admin/galleries/${gallery.id}`);
      await expect(page.getByRole("dialog", { name: "Edit Photo" })).toHaveCount(0);
      await expect(photos).toHaveCount(3);

      // Then the third, then the second: their Delete and Rotate say so too.
      await adminApiDelete(page, urls, `/api/galleriesimages/${third.id}`);
      await photoGrid(page).getByRole("button", { name: "Delete Photo 3" }).click();
      await expect(photos).toHaveCount(2);
      await expect(gone).toBeVisible();
      await adminApiDelete(page, urls, `/api/galleriesimages/${second.id}`);
      await photoGrid(page).getByRole("button", { name: "Rotate Photo 2" }).click();
      await expect(photos).toHaveCount(1);
      await expect(gone).toBeVisible();
      expect(await photoSources(page)).toEqual([a]);

      // A colleague adds a photo; this screen, drawn before, puts its second photo first.
      await upload("d.jpg", "#aa3");
      await page.reload();
      await expect(photos).toHaveCount(2);
      const [, d] = await photoSources(page);
      await upload("e.jpg", "#a3a");
      if (javaScriptEnabled) {
        await dragByKeyboard(
          page,
          photoGrid(page).getByRole("button", { name: "Move Photo 2", exact: true }),
          ["ArrowLeft"],
        );
      } else {
        await photoGrid(page).getByRole("button", { name: "Move Photo 2 earlier" }).click();
      }
      await expect(photos).toHaveCount(3);
      const [first, secondNow, e] = await photoSources(page);
      expect([first, secondNow]).toEqual([d, a]);
      expect([a, d]).not.toContain(e);
      await page.reload();
      await expect.poll(() => photoSources(page)).toEqual([d, a, e]);
    } finally {
      await adminApiDelete(page, urls, `/api/galleries/${gallery.id}`);
    }
  });

  test("a stale tab's rename, after a colleague moved the gallery to the trash, keeps the name typed; restored, it saves", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const gallery = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/galleries", {
      name: uniqueTitle("Renamed late", testInfo.project.name),
    });
    const renamed = `${gallery.name} (new name)`;
    try {
      await page.goto(`/admin/galleries/${gallery.id}`);
      const deleteGallery = page.getByRole("link", { name: "Delete Gallery" });
      const photos = page.getByRole("heading", { name: "Photos", exact: true });
      await expect(deleteGallery).toBeVisible();
      await expect(photos).toBeVisible();
      await page.getByLabel("Name").fill(renamed);
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/galleries/${gallery.id}`);

      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText(GONE_TO_TRASH)).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(renamed);
      // Each would end on the 404 page, and the name typed with it.
      await expect(deleteGallery).toHaveCount(0);
      await expect(photos).toHaveCount(0);

      await restoreInAnotherTab(page, gallery.name);

      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Your Changes Have Been Saved" }),
      ).toBeVisible();
      await expect(await galleryCard(page, renamed)).toBeVisible();
    } finally {
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/galleries/${gallery.id}`);
    }
  });

  test("more than 12 galleries bring the pager; a page past the last shows the last", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    // Thirteen of its own, whatever other tests add or remove meanwhile.
    const galleries = await Promise.all(
      Array.from({ length: 13 }, (_, index) =>
        adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/galleries", {
          name: uniqueTitle(`Paging ${index + 1}`, testInfo.project.name),
        }),
      ),
    );
    try {
      await page.goto("/admin/galleries");
      const cards = page.getByRole("list", { name: "Galleries" }).getByRole("listitem");
      await expect(cards).toHaveCount(12);
      const pager = page.getByRole("navigation", { name: "Pagination" });
      await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const lastNumber = Number(
        await pager
          .getByRole("link", { name: /^Page \d+$/ })
          .last()
          .textContent(),
      );
      expect(lastNumber).toBeGreaterThanOrEqual(2);

      await pager.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL("/admin/galleries?page=2");
      await expect(cards.first()).toBeVisible();
      await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute(
        "aria-current",
        "page",
      );

      await page.goto("/admin/galleries?page=999");
      await expect(page).toHaveURL(/\/admin\/galleries\?page=\d+$/);
      const shown = Number(new URL(page.url()).searchParams.get("page"));
      expect(shown).toBeGreaterThanOrEqual(2);
      await expect(pager.getByRole("link", { name: `Page ${shown}` })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
    } finally {
      for (const gallery of galleries) {
        await adminApiDelete(page, { apiUrl, appUrl }, `/api/galleries/${gallery.id}`);
      }
    }
  });

  test("an address that names no gallery is the 404 page; an unknown post is refused", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    for (const path of ["/admin/galleries/abc", "/admin/galleries/99999999"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Page Not Found")).toBeVisible();
    }
    const gallery = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/galleries", {
      name: uniqueTitle("Unknown post", testInfo.project.name),
    });
    try {
      const response = await page.request.post(`/admin/galleries/${gallery.id}`, {
        form: { intent: "shuffle" },
        headers: { Origin: appUrl },
      });
      expect(response.status()).toBe(400);
    } finally {
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/galleries/${gallery.id}`);
    }
  });
});
