import { adminApiDelete, adminApiPost, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

const NO_ANSWER = "The site could not complete this just now. Please try again in a moment.";

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
      await signInAsAdmin(page, urls);
      const post = await adminApiPost<{ id: number; title: string }>(page, urls, "/api/blog", {
        title: uniqueTitle("Saved offline", testInfo.project.name),
      });
      try {
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
      } finally {
        await adminApiDelete(page, urls, `/api/blog/${post.id}`);
      }
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
  },
);
