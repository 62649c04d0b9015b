import {
  adminApiDelete,
  adminApiPost,
  adminApiUpload,
  dragByKeyboard,
  photoFile,
  signInAsAdmin,
  uniqueTitle,
  withApiItem,
} from "./admin-support.ts";
import type { Locator, Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import {
  logInThroughForm,
  logOutInAnotherTab,
  newMember,
  registerThroughApi,
} from "./account-support.ts";
import { expect, test } from "./fixtures.ts";

const NO_ANSWER = "The site could not complete this just now. Please try again in a moment.";

/**
 * Opens a screen as a person reads it before their connection drops: loaded, and the router done
 * asking the site which routes its links lead to (a post offline before that meets its error page).
 */
async function openSettled(page: Page, path: string) {
  const discovered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/__manifest",
  );
  await page.goto(path);
  await discovered;
}

type NewsPost = { id: number; title: string };

/** A news post made through the API for one test, the page signed in as the admin. */
function withNewsPost(
  page: Page,
  urls: { apiUrl: string; appUrl: string },
  title: string,
  use: (post: NewsPost) => Promise<void>,
) {
  return withApiItem(page, urls, "/api/blog", { title }, use);
}

/** A second version of the post through the API, and History open on the first. */
async function openFirstVersion(
  page: Page,
  urls: { apiUrl: string; appUrl: string },
  post: NewsPost,
) {
  await adminApiPost(page, urls, `/api/blog/${post.id}`, { title: `${post.title} again` });
  await openSettled(page, `/admin/blog/${post.id}/history?version=1`);
}

// Without JavaScript the browser shows its own page for a post that got no answer: nothing of
// the site's is on screen to keep. The no-js project leaves these out (playwright.config.ts).
test.describe(
  "a post the site does not answer keeps the form as typed",
  { tag: "@javascript-only" },
  () => {
    test("a news post's Save: the typing stays, the message says to try again, and the next Save goes through", async ({
      page,
      apiUrl,
      appUrl,
    }, testInfo) => {
      const urls = { apiUrl, appUrl };
      await withNewsPost(
        page,
        urls,
        uniqueTitle("Saved offline", testInfo.project.name),
        async (post) => {
          await page.goto(`/admin/blog/${post.id}`);
          await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
          const title = page.getByRole("textbox", { name: "Title", exact: true });
          const article = page.getByRole("textbox", { name: "Blog Article" });
          await title.fill(`${post.title} (typed on a train)`);
          await article.click();
          await page.keyboard.type("Written between two tunnels.");
          // Offline: the post gets no answer, nor would the reload of the screen after it.
          await page.context().setOffline(true);

          await page.getByRole("button", { name: "Save Changes" }).click();
          await expect(page.getByText(NO_ANSWER)).toBeInViewport();
          await expect(page).toHaveURL(`/admin/blog/${post.id}`);
          await expect(title).toHaveValue(`${post.title} (typed on a train)`);
          await expect(article).toContainText("Written between two tunnels.");

          await page.context().setOffline(false);
          await page.getByRole("button", { name: "Save Changes" }).click();
          await expect(page).toHaveURL("/admin/blog");
          await page.goto(`/admin/blog/${post.id}`);
          await expect(title).toHaveValue(`${post.title} (typed on a train)`);
          await expect(article).toContainText("Written between two tunnels.");
        },
      );
    });

    test("a gallery's photos: a new order, a rotation and a delete not answered leave the photos as saved, and say so", async ({
      page,
      apiUrl,
      appUrl,
    }, testInfo) => {
      const urls = { apiUrl, appUrl };
      await signInAsAdmin(page, urls);
      const gallery = await adminApiPost<{ id: number }>(page, urls, "/api/galleries", {
        name: uniqueTitle("Photos offline", testInfo.project.name),
      });
      try {
        for (const [name, colour] of [
          ["first.jpg", "#c33"],
          ["second.jpg", "#33c"],
        ] as const) {
          await adminApiUpload(page, urls, "/api/galleriesimages", {
            gallery_id: String(gallery.id),
            file: await photoFile(name, colour),
          });
        }
        await openSettled(page, `/admin/galleries/${gallery.id}`);
        const grid = page.getByRole("list", { name: "Photos" });
        const sources = () =>
          grid
            .getByRole("listitem")
            .locator("img")
            .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
        await expect(grid.getByRole("listitem")).toHaveCount(2);
        const saved = await sources();
        const section = page.getByRole("region", { name: "Photos", exact: true });
        await page.context().setOffline(true);

        // The dropped order is not kept on screen as if it had been saved.
        await dragByKeyboard(
          page,
          grid.getByRole("button", { name: "Move Photo 2", exact: true }),
          ["ArrowLeft"],
          { offline: true },
        );
        await expect(section.getByRole("alert")).toHaveText(NO_ANSWER);
        await expect.poll(sources).toEqual(saved);

        const firstPhoto = grid.getByRole("listitem").first();
        await firstPhoto.getByRole("button", { name: "Rotate Photo 1" }).click();
        await expect(firstPhoto.getByRole("alert")).toHaveText(NO_ANSWER);
        // On a phone the card with a note takes the whole row, not a narrow column beside another.
        const desktop = page.viewportSize()!;
        await page.setViewportSize({ width: 390, height: 844 });
        const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;
        await expect.poll(async () => (await widthOf(firstPhoto)) / (await widthOf(grid))).toBe(1);
        expect(await widthOf(grid.getByRole("listitem").nth(1))).toBeLessThan(
          (await widthOf(grid)) / 2,
        );
        await page.setViewportSize(desktop);
        const deletion = page.waitForEvent("requestfailed");
        await firstPhoto.getByRole("button", { name: "Delete Photo 1" }).click();
        await deletion;
        await expect(firstPhoto.getByRole("alert")).toHaveText(NO_ANSWER);
        await expect(grid.getByRole("listitem")).toHaveCount(2);
        expect(await sources()).toEqual(saved);

        // The card's note goes with its next post, which goes through; the grid's stays.
        await page.context().setOffline(false);
        await firstPhoto.getByRole("button", { name: "Rotate Photo 1" }).click();
        await expect(firstPhoto.locator("img")).not.toHaveAttribute("src", saved[0] ?? "");
        await expect(firstPhoto.getByRole("alert")).toHaveCount(0);
        await expect(section.getByRole("alert")).toHaveText(NO_ANSWER);
      } finally {
        await adminApiDelete(page, urls, `/api/galleries/${gallery.id}`);
      }
    });

    test("the projects list: a new order not answered goes back to the saved one, and says so", async ({
      page,
      apiUrl,
      appUrl,
    }) => {
      await signInAsAdmin(page, { apiUrl, appUrl });
      await openSettled(page, "/admin/projects");
      const cards = page.getByRole("list", { name: "Our Focus" }).getByRole("listitem");
      const titles = async () => (await cards.allTextContents()).map((text) => text.trim());
      const saved = await titles();
      expect(saved.length).toBeGreaterThan(1);
      await page.context().setOffline(true);

      await dragByKeyboard(
        page,
        cards.nth(1).getByRole("button", { name: /^Move / }),
        ["ArrowLeft"],
        {
          offline: true,
        },
      );
      await expect(page.getByRole("alert")).toHaveText(NO_ANSWER);
      await expect.poll(titles).toEqual(saved);
    });

    test("Restore in the trash and in History, not answered: the screen stays, with the message", async ({
      page,
      apiUrl,
      appUrl,
    }, testInfo) => {
      const urls = { apiUrl, appUrl };
      await withNewsPost(
        page,
        urls,
        uniqueTitle("Restored offline", testInfo.project.name),
        async (post) => {
          await openFirstVersion(page, urls, post);
          await expect(page.getByRole("heading", { level: 2, name: "Version 1" })).toBeVisible();
          await page.context().setOffline(true);
          await page.getByRole("button", { name: "Restore this version" }).click();
          await expect(page.getByRole("alert")).toHaveText(NO_ANSWER);
          await expect(page).toHaveURL(`/admin/blog/${post.id}/history?version=1`);
          await page.context().setOffline(false);

          await adminApiDelete(page, urls, `/api/blog/${post.id}`);
          await openSettled(page, "/admin/trash");
          const restore = page
            .getByRole("row")
            .filter({ hasText: post.title })
            .getByRole("button", { name: `Restore “${post.title} again”` });
          await page.context().setOffline(true);
          await restore.click();
          await expect(page.getByRole("alert")).toHaveText(NO_ANSWER);
          await expect(restore).toBeVisible();

          await page.context().setOffline(false);
          await restore.click();
          await expect(page.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
          await expect(page.getByRole("alert")).toHaveCount(0);
        },
      );
    });

    test("a visitor's message on Contact Us: nothing typed is lost, and Send Message works again", async ({
      page,
    }) => {
      await page.goto("/contact");
      const form = page.getByRole("form", { name: "Contact Us" });
      await expect(form).toBeVisible();
      await form.getByLabel("Name").fill("Ada Lovelace");
      await form.getByLabel("Email").fill("ada@example.org");
      await form.getByLabel("Message").fill("A long message typed on a phone.");
      await page.context().setOffline(true);

      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByText(NO_ANSWER)).toBeVisible();
      await expect(form.getByLabel("Name")).toHaveValue("Ada Lovelace");
      await expect(form.getByLabel("Message")).toHaveValue("A long message typed on a phone.");

      await page.context().setOffline(false);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByLabel("Message")).toHaveValue("");
      await expect(form.getByText(NO_ANSWER)).toHaveCount(0);
    });

    test("a member's Logout: the profile stays as typed, the menu says to try again, and the next Logout goes Home", async ({
      page,
      apiUrl,
      appUrl,
    }, testInfo) => {
      await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
      await openSettled(page, "/account/profile");
      const menu = page.getByRole("navigation", { name: "Account" });
      await page.getByLabel("First Name").fill("Typed before the connection dropped");
      await page.context().setOffline(true);

      await menu.getByRole("button", { name: "Logout" }).click();
      await expect(menu.getByRole("alert")).toHaveText(NO_ANSWER);
      await expect(page).toHaveURL("/account/profile");
      await expect(page.getByLabel("First Name")).toHaveValue(
        "Typed before the connection dropped",
      );

      await page.context().setOffline(false);
      await menu.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL("/");
      await page.goto("/account/profile");
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
    });
  },
);

const SIGNED_OUT =
  "You were signed out, so this was not saved. Everything you typed is still here: log in again in a new tab, then try again.";
/** The same for a button, where nothing was typed. */
const SIGNED_OUT_NOT_DONE =
  "You were signed out, so this was not done. Log in again in a new tab, then try again.";

/** The message's "Log in in a new tab", followed: the admin logs in there and closes it. */
async function logInThroughNewTab(page: Page, message: Locator) {
  const opened = page.waitForEvent("popup");
  await message.getByRole("link", { name: "Log in in a new tab" }).click();
  const logIn = await opened;
  await logInThroughForm(logIn, E2E_ADMIN);
  await expect(logIn).not.toHaveURL(/\/login/);
  await logIn.close();
}

// Without JavaScript a post that meets an ended session goes to Log In, as the spec says.
test.describe(
  "a post that meets an ended session keeps the form as typed",
  { tag: "@javascript-only" },
  () => {
    test("a news post signed out in another tab: autosave and Save say so, and Save goes through once logged in again in a new tab", async ({
      page,
      apiUrl,
      appUrl,
    }, testInfo) => {
      const urls = { apiUrl, appUrl };
      await withNewsPost(
        page,
        urls,
        uniqueTitle("Saved after a sign-out", testInfo.project.name),
        async (post) => {
          await openSettled(page, `/admin/blog/${post.id}`);
          await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
          await logOutInAnotherTab(page);

          const title = page.getByRole("textbox", { name: "Title", exact: true });
          const article = page.getByRole("textbox", { name: "Blog Article" });
          await title.fill(`${post.title} (typed after lunch)`);
          await article.click();
          await page.keyboard.type("Written while signed out.");
          await expect(
            page.getByRole("status").filter({ hasText: "no draft was saved" }),
          ).toHaveText(/^You were signed out, so no draft was saved\./);

          await page.getByRole("button", { name: "Save Changes" }).click();
          const message = page.getByRole("alert").filter({ hasText: SIGNED_OUT });
          await expect(message).toBeVisible();
          await expect(page).toHaveURL(`/admin/blog/${post.id}`);
          await expect(title).toHaveValue(`${post.title} (typed after lunch)`);
          await expect(article).toContainText("Written while signed out.");

          await logInThroughNewTab(page, message);

          await page.getByRole("button", { name: "Save Changes" }).click();
          await expect(page).toHaveURL("/admin/blog");
          await page.goto(`/admin/blog/${post.id}`);
          await expect(title).toHaveValue(`${post.title} (typed after lunch)`);
          await expect(article).toContainText("Written while signed out.");
        },
      );
    });

    test("a photo's Rotate signed out in another tab says so by the photo, with the Log In link, and goes through once logged in again", async ({
      page,
      apiUrl,
      appUrl,
    }, testInfo) => {
      const urls = { apiUrl, appUrl };
      const name = uniqueTitle("Rotated after a sign-out", testInfo.project.name);
      await withApiItem<{ id: number }>(page, urls, "/api/galleries", { name }, async (gallery) => {
        await adminApiUpload(page, urls, "/api/galleriesimages", {
          gallery_id: String(gallery.id),
          file: await photoFile("only.jpg", "#3a3"),
        });
        await openSettled(page, `/admin/galleries/${gallery.id}`);
        const photo = page.getByRole("list", { name: "Photos" }).getByRole("listitem").first();
        const saved = await photo.locator("img").getAttribute("src");
        await logOutInAnotherTab(page);

        await photo.getByRole("button", { name: "Rotate Photo 1" }).click();
        const note = photo.getByRole("alert");
        await expect(note).toHaveText(`${SIGNED_OUT_NOT_DONE} Log in in a new tab`);
        await expect(photo.locator("img")).toHaveAttribute("src", saved ?? "");
        await expect(page).toHaveURL(`/admin/galleries/${gallery.id}`);

        await logInThroughNewTab(page, note);
        await photo.getByRole("button", { name: "Rotate Photo 1" }).click();
        await expect(photo.locator("img")).not.toHaveAttribute("src", saved ?? "");
        await expect(note).toHaveCount(0);
      });
    });

    test("Restore in History and in the trash signed out in another tab: each says so with the Log In link, and Restore goes through once logged in again", async ({
      page,
      apiUrl,
      appUrl,
    }, testInfo) => {
      // Two sign-outs and two Log Ins in one journey: longer than most on a busy machine.
      test.slow();
      const urls = { apiUrl, appUrl };
      await withNewsPost(
        page,
        urls,
        uniqueTitle("Restored after a sign-out", testInfo.project.name),
        async (post) => {
          await openFirstVersion(page, urls, post);
          await logOutInAnotherTab(page);
          const desktop = page.viewportSize()!;
          await page.setViewportSize({ width: 390, height: 800 });
          await page.getByRole("button", { name: "Restore this version" }).click();
          const historyMessage = page.getByRole("alert");
          await expect(historyMessage).toHaveText(`${SIGNED_OUT_NOT_DONE} Log in in a new tab`);
          // On a phone Restore is far below the message: it is brought into view.
          await expect(historyMessage).toBeInViewport({ ratio: 1 });
          await expect(page).toHaveURL(`/admin/blog/${post.id}/history?version=1`);
          await page.setViewportSize(desktop);
          await logInThroughNewTab(page, historyMessage);
          await page.getByRole("button", { name: "Restore this version" }).click();
          await expect(page).toHaveURL(`/admin/blog/${post.id}`);
          await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
            post.title,
          );

          await adminApiDelete(page, urls, `/api/blog/${post.id}`);
          await openSettled(page, "/admin/trash");
          const restore = page
            .getByRole("row")
            .filter({ hasText: post.title })
            .getByRole("button", { name: `Restore “${post.title}”` });
          await logOutInAnotherTab(page);

          await restore.click();
          const message = page.getByRole("alert");
          await expect(message).toHaveText(`${SIGNED_OUT_NOT_DONE} Log in in a new tab`);
          await expect(page).toHaveURL("/admin/trash");
          await expect(restore).toBeVisible();

          await logInThroughNewTab(page, message);

          await restore.click();
          await expect(page.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
          await expect(page.getByRole("alert")).toHaveCount(0);
        },
      );
    });
  },
);
