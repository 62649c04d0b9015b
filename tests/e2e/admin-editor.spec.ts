import type { Locator, Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  adminApiUpload,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Urls = { apiUrl: string; appUrl: string };
type Entry = { id: number; slug: string; title: string; article: string | null };
type Testimonial = { id: number; name: string; review: string | null };

const FORMATTED = "<h2>Clean water</h2><p>Wells for <strong>every</strong> village</p>";

const LINK_REFUSED =
  "Enter a web address (https://…), an e-mail address, or a page of this site starting with /";

/** A project of the test's own (`id`: this one, saved again), with this article. */
async function projectWith(
  page: Page,
  urls: Urls,
  title: string,
  article = "",
  id?: number,
): Promise<Entry> {
  const entry = id ? { id } : await adminApiPost<Entry>(page, urls, "/api/projects", { title });
  if (!article) return entry as Entry;
  return adminApiUpload<Entry>(page, urls, `/api/projects/${entry.id}`, { title, article });
}

async function savedProject(page: Page, { apiUrl }: Urls, id: number): Promise<Entry> {
  const response = await page.request.get(`${apiUrl}/api/projects/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Entry;
}

function article(page: Page): Locator {
  return page.getByRole("textbox", { name: "Project Description" });
}

/**
 * Holds the scripts whose address matches until `release` is called: the page shows what the
 * server sent for as long as a slow connection would.
 */
async function holdScripts(page: Page, pattern: RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const EVERY_SCRIPT = /\.js(\?.*)?$/;
const EDITOR_SCRIPT = /\/assets\/lexical-editor-[^/]*\.js$/;

/** Pastes text as Ctrl+V would, with `text` on the clipboard, where the page's focus is. */
async function pasteText(page: Page, text: string) {
  await page.evaluate((pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData("text/plain", pasted);
    clipboardData.setData("text/html", `<b style="color:red">${pasted}</b>`);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Clicks just inside the end of a line of text: the caret goes after its last letter. */
async function clickAtTheEndOf(text: Locator) {
  const box = await text.boundingBox();
  expect(box, "the text is on screen").not.toBeNull();
  await text.click({ position: { x: box!.width - 1, y: box!.height / 2 } });
}

async function saveAndReturnToTheList(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL("/admin/projects");
}

test.describe("the rich-text editor", () => {
  let entry: Entry;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    entry = await projectWith(
      page,
      { apiUrl, appUrl },
      uniqueTitle("Editor", testInfo.project.name),
    );
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/projects/${entry.id}`);
  });

  test("a link keeps its words when typing and pasting right after it", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    const expected =
      '<p>Visit our <a href="https://www.example.org">wells</a> now today</p>' +
      "<p>Second paragraph and pasted words</p>";
    await page.goto(`/admin/projects/${entry.id}`);
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await article(page).click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("Visit our wells today");
      // "wells" selected from the keyboard.
      for (let step = 0; step < " today".length; step += 1) await page.keyboard.press("ArrowLeft");
      for (let step = 0; step < "wells".length; step += 1)
        await page.keyboard.press("Shift+ArrowLeft");

      await page.getByRole("button", { name: "Link", exact: true }).click();
      const address = page.getByRole("group", { name: "Link" }).getByLabel("Link address");
      await expect(address).toBeFocused();
      // Typed without a scheme: it becomes https://www.example.org.
      await address.fill("www.example.org");
      await page.getByRole("button", { name: "Apply" }).click();
      const link = article(page).getByRole("link", { name: "wells", exact: true });
      await expect(link).toHaveAttribute("href", "https://www.example.org");

      // Typing at once goes after the link, not over its words.
      await page.keyboard.type(" now");
      await expect(link).toHaveText("wells");
      await expect(article(page).locator("p").first()).toHaveText("Visit our wells now today");

      await page.keyboard.press("ControlOrMeta+End");
      // The caret is at the end before Enter (on a busy machine the key's move can lag).
      await expect
        .poll(() =>
          page.evaluate(() => {
            const selection = getSelection();
            const text = selection?.focusNode?.textContent ?? "";
            return text.endsWith("today") && selection?.focusOffset === text.length;
          }),
        )
        .toBe(true);
      await page.keyboard.press("Enter");
      await page.keyboard.type("Second paragraph");
      // Back into the first paragraph's link, then a click into the other paragraph and Ctrl+V
      // at once: the text goes where the caret shows, as plain text.
      await link.click();
      await clickAtTheEndOf(article(page).getByText("Second paragraph"));
      await pasteText(page, " and pasted words");
      await expect(link).toHaveText("wells");
      await expect(link).toHaveAttribute("href", "https://www.example.org");
      await expect(article(page).locator("p").nth(1)).toHaveText(
        "Second paragraph and pasted words",
      );
      await expect(article(page).locator("b, strong, [style*=color]")).toHaveCount(0);
    } else {
      // Without JavaScript the field is the HTML itself.
      await article(page).fill(expected);
    }
    await saveAndReturnToTheList(page);
    expect((await savedProject(page, { apiUrl, appUrl }, entry.id)).article).toBe(expected);
  });

  test("Enter pressed at once after Ctrl+End splits where the caret shows", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/projects/${entry.id}`);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
    await article(page).click();
    // Keys as a quick typist presses them, with no wait between: often enough to catch Enter
    // before the browser reports Ctrl+End's caret (Lexical kept the old one: 16 rounds in 40).
    for (let round = 0; round < 8; round += 1) {
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("Wells for every village");
      for (let step = 0; step < " village".length; step += 1)
        await page.keyboard.press("ArrowLeft");
      await page.keyboard.type(" new");
      await page.keyboard.press("ControlOrMeta+End");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Second");
      // Without JavaScript the field is a text area of HTML: the same keys, a line break.
      if (!javaScriptEnabled)
        await expect(article(page)).toHaveValue("Wells for every new village\nSecond");
      else
        await expect(article(page).locator("p")).toHaveText([
          "Wells for every new village",
          "Second",
        ]);
    }
  });

  test("a link to one of the site's own pages is saved and leads there from the public page", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    const listed = await page.request.get(`${apiUrl}/api/projects?limit=1`);
    const [target] = ((await listed.json()) as { results: Entry[] }).results;
    expect(target, "the demo content has a project").toBeDefined();
    const path = `/projects/${target!.slug}`;

    await page.goto(`/admin/projects/${entry.id}`);
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await article(page).click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("Read about our wells");
      for (let step = 0; step < "our wells".length; step += 1)
        await page.keyboard.press("Shift+ArrowLeft");
      await page.getByRole("button", { name: "Link", exact: true }).click();
      const dialog = page.getByRole("group", { name: "Link" });
      const address = dialog.getByLabel("Link address");

      // Scripts and other sites' pages passed off as this site's are refused.
      for (const refused of ["javascript:alert(1)", "//evil.example/x", "data:text/html,hi"]) {
        await address.fill(refused);
        await dialog.getByRole("button", { name: "Apply" }).click();
        await expect(address).toHaveAccessibleDescription(LINK_REFUSED);
      }
      await expect(article(page).getByRole("link")).toHaveCount(0);

      await address.fill(path);
      await dialog.getByRole("button", { name: "Apply" }).click();
      await expect(article(page).getByRole("link", { name: "our wells" })).toHaveAttribute(
        "href",
        path,
      );
    } else {
      await article(page).fill(`<p>Read about <a href="${path}">our wells</a></p>`);
    }
    await saveAndReturnToTheList(page);
    expect((await savedProject(page, { apiUrl, appUrl }, entry.id)).article).toBe(
      `<p>Read about <a href="${path}">our wells</a></p>`,
    );

    await page.goto(`/projects/${entry.slug}`);
    const link = page.getByRole("article").getByRole("link", { name: "our wells" });
    await expect(link).toHaveAttribute("href", path);
    await link.click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: target!.title })).toBeVisible();
  });

  test("while the editor loads the text shows formatted, never as HTML; without JavaScript the HTML is edited", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    await projectWith(page, { apiUrl, appUrl }, entry.title, FORMATTED, entry.id);
    if (javaScriptEnabled) {
      const release = await holdScripts(page, EDITOR_SCRIPT);
      await page.goto(`/admin/projects/${entry.id}`);
      const preview = article(page);
      await expect(page.getByText("Loading the editor…")).toBeVisible();
      await expect(preview.locator("h2")).toHaveText("Clean water");
      await expect(preview.locator("strong")).toHaveText("every");
      await expect(preview).toHaveText("Clean waterWells for every village");
      // Nothing on screen spells out the HTML.
      await expect(page.locator("body")).not.toContainText("<p>", { useInnerText: true });
      await expect(page.locator("body")).not.toContainText("<h2>", { useInnerText: true });
      release();

      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await expect(page.getByText("Loading the editor…")).toHaveCount(0);
      await expect(article(page).locator("h2")).toHaveText("Clean water");
      await expect(article(page).locator("strong")).toHaveText("every");
      await article(page).getByText("village").click();
      await page.keyboard.press("End");
      await page.keyboard.type(" and town");
    } else {
      await page.goto(`/admin/projects/${entry.id}`);
      await expect(page.getByText("Loading the editor…")).toBeHidden();
      await expect(article(page)).toHaveValue(FORMATTED);
      await article(page).fill(
        "<h2>Clean water</h2><p>Wells for <strong>every</strong> village and town</p>",
      );
    }
    await saveAndReturnToTheList(page);
    expect((await savedProject(page, { apiUrl, appUrl }, entry.id)).article).toBe(
      "<h2>Clean water</h2><p>Wells for <strong>every</strong> village and town</p>",
    );
  });

  test("what is typed before the page's JavaScript runs is kept and saved", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    entry = await projectWith(page, { apiUrl, appUrl }, entry.title, FORMATTED, entry.id);
    const release = javaScriptEnabled ? await holdScripts(page, EVERY_SCRIPT) : () => {};
    await page.goto(`/admin/projects/${entry.id}`, { waitUntil: "domcontentloaded" });
    const title = page.getByLabel("Title", { exact: true });
    await expect(title).toHaveValue(entry.title);
    await title.fill(`${entry.title} typed early`);
    // A textarea the server filled (React 19 wrote its text back over typing when hydrating).
    await expect(page.getByLabel("Preview Text")).toHaveValue(
      "Clean water Wells for every village",
    );
    await page.getByLabel("Preview Text").fill("Typed before the page came alive");
    if (javaScriptEnabled) {
      await clickAtTheEndOf(article(page).getByText("village"));
      await page.keyboard.type(" and school");
      release();
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await expect(article(page)).toContainText("Wells for every village and school");
      // The typing goes on where it was.
      await expect(article(page)).toBeFocused();
      await page.keyboard.type(" too");
      await expect(article(page)).toContainText("Wells for every village and school too");
    } else {
      await article(page).fill(
        "<h2>Clean water</h2><p>Wells for <strong>every</strong> village and school too</p>",
      );
    }
    await expect(title).toHaveValue(`${entry.title} typed early`);
    await expect(page.getByLabel("Preview Text")).toHaveValue("Typed before the page came alive");

    await saveAndReturnToTheList(page);
    const saved = await savedProject(page, { apiUrl, appUrl }, entry.id);
    expect(saved.title).toBe(`${entry.title} typed early`);
    expect(saved).toMatchObject({ preview_text: "Typed before the page came alive" });
    expect(saved.article).toBe(
      "<h2>Clean water</h2><p>Wells for <strong>every</strong> village and school too</p>",
    );
  });
});

test("a testimonial's name and review typed before the page's JavaScript runs are added", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  await signInAsAdmin(page, urls);
  const name = uniqueTitle("Early", testInfo.project.name);
  const release = javaScriptEnabled ? await holdScripts(page, EVERY_SCRIPT) : () => {};
  try {
    await page.goto("/admin/testimonials?add=1", { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.getByLabel("Name").pressSequentially(name);
    const review = dialog.getByRole("textbox", { name: "Review" });
    if (javaScriptEnabled) {
      await review.click();
      await page.keyboard.type("They listened");
      release();
      await expect(dialog.getByRole("button", { name: "Bold" })).toBeVisible();
      await expect(review).toBeFocused();
      await page.keyboard.type(" and helped");
      await expect(review).toHaveText("They listened and helped");
    } else {
      await review.fill("<p>They listened and helped</p>");
    }
    await expect(dialog.getByLabel("Name")).toHaveValue(name);
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Testimonial Added Successfully" }),
    ).toBeVisible();

    const listed = await page.request.get(`${apiUrl}/api/testimonials?limit=100`);
    const added = ((await listed.json()) as { results: Testimonial[] }).results.find(
      (testimonial) => testimonial.name === name,
    );
    expect(added?.review).toBe("<p>They listened and helped</p>");
  } finally {
    const listed = await page.request.get(`${apiUrl}/api/testimonials?limit=100`);
    for (const testimonial of ((await listed.json()) as { results: Testimonial[] }).results) {
      if (testimonial.name === name) {
        await adminApiDelete(page, urls, `/api/testimonials/${testimonial.id}`);
      }
    }
  }
});

test("the contact form keeps what was typed before the page's JavaScript ran", async ({
  page,
  javaScriptEnabled,
}) => {
  const release = javaScriptEnabled ? await holdScripts(page, EVERY_SCRIPT) : () => {};
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  const form = page.getByRole("form", { name: "Contact Us By Email" });
  await form.getByLabel("Name").pressSequentially("Grace Hopper");
  await form.getByLabel("Message").pressSequentially("Typed while the page was loading");
  release();
  if (javaScriptEnabled) {
    // React has taken the form over.
    await expect
      .poll(() =>
        form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__react"))),
      )
      .toBe(true);
  }
  await expect(form.getByLabel("Name")).toHaveValue("Grace Hopper");
  await expect(form.getByLabel("Message")).toHaveValue("Typed while the page was loading");
});
