import type { Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  photoFile,
  sessionHeaders,
  signInAsAdmin,
  uniqueTitle,
  GONE_TO_TRASH,
  restoreInAnotherTab,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Widget = {
  id: number;
  name: string;
  type: "TEXT" | "IMAGE";
  html: string | null;
  image_url: string | null;
  alt: string | null;
};
type Urls = { apiUrl: string; appUrl: string };

const SAVED = "Changes saved....";

/** A widget name no other test or project run uses: letters, digits, _ and - only. */
function uniqueName(label: string, projectName: string): string {
  return uniqueTitle(label, projectName).replace(/[^A-Za-z0-9_-]/g, "_");
}

async function widgetNamed(page: Page, { apiUrl }: Urls, name: string): Promise<Widget> {
  const response = await page.request.get(`${apiUrl}/api/widgets/${name}`);
  expect(response.ok(), `GET /api/widgets/${name} answered ${response.status()}`).toBe(true);
  return (await response.json()) as Widget;
}

function createWidget(page: Page, urls: Urls, name: string, type: Widget["type"]) {
  return adminApiPost<Widget>(page, urls, "/api/widgets", { name, type });
}

/**
 * A seeded widget as it is now, and how to put it back: its HTML, or its picture (the stored
 * original, read before a new one replaces it) and alt text. Widgets cannot be deleted; the ones
 * tests create stay, with unique names.
 */
async function keepForRestore(page: Page, urls: Urls, name: string) {
  const original = await widgetNamed(page, urls, name);
  let picture: { mimeType: string; buffer: Buffer } | null = null;
  if (original.type === "IMAGE" && original.image_url) {
    const response = await page.request.get(new URL(original.image_url, urls.appUrl).href);
    expect(response.ok(), `the picture of ${name} loads`).toBe(true);
    picture = {
      mimeType: response.headers()["content-type"] ?? "image/jpeg",
      buffer: await response.body(),
    };
  }
  const restore = async () => {
    if (!picture) {
      await adminApiPost(page, urls, `/api/widgets/${original.id}`, {
        html: original.html ?? "",
      });
      return;
    }
    const response = await page.request.post(`${urls.apiUrl}/api/widgets/${original.id}`, {
      headers: await sessionHeaders(page, urls),
      multipart: { alt: original.alt ?? "", file: { name: "original", ...picture } },
    });
    expect(response.status(), `the picture of ${name} was put back`).toBe(200);
  };
  return { original, restore };
}

function savedMessage(page: Page) {
  return page.getByRole("status").filter({ hasText: SAVED });
}

test.describe("the widgets list", () => {
  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  test("shows every widget with its kind and opens one", async ({ page }) => {
    await page.goto("/admin/widgets");
    await expect(page.getByRole("heading", { level: 1, name: "Widgets" })).toBeVisible();
    await expect(page.getByText("The named blocks of text and pictures")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin");
    const list = page.getByRole("list", { name: "Widgets" });
    const text = list.getByRole("link", { name: "AboutText1" });
    await expect(text).toContainText("Text");
    await expect(list.getByRole("link", { name: "Founder1Image" })).toContainText("Image");

    await text.click();
    await expect(page).toHaveURL(/\/admin\/widgets\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Widget" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("AboutText1");
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute(
      "href",
      "/admin/widgets",
    );
  });

  test("Add Widget refuses a taken name under Name, then opens the new widget", async ({
    page,
  }, testInfo) => {
    await page.goto("/admin/widgets");
    await page.getByRole("link", { name: "Add Widget" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Widget" });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel("Name");
    await expect(name).toBeFocused();

    await name.fill("AboutText1");
    await dialog.getByRole("button", { name: "Add Widget" }).click();
    await expect(
      page.getByRole("dialog", { name: "Add Widget" }).getByLabel("Name"),
    ).toHaveAccessibleDescription(/The name has already been taken\./);
    await expect(page.getByRole("dialog", { name: "Add Widget" }).getByRole("alert")).toHaveCount(
      0,
    );

    const fresh = uniqueName("Added", testInfo.project.name);
    await page.getByRole("dialog", { name: "Add Widget" }).getByLabel("Name").fill(fresh);
    await page
      .getByRole("dialog", { name: "Add Widget" })
      .getByRole("button", { name: "Add Widget" })
      .click();
    await expect(page).toHaveURL(/\/admin\/widgets\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Widget" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(fresh);
    // A new widget is text.
    await expect(page.getByLabel("Type")).toHaveValue("TEXT");
    await expect(page.getByRole("textbox", { name: "Text", exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(
      page.getByRole("list", { name: "Widgets" }).getByRole("link", { name: fresh }),
    ).toBeVisible();
  });

  test("an id that is not a number, or no widget's, is the 404 page", async ({ page }) => {
    for (const path of ["/admin/widgets/abc", "/admin/widgets/99999999"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Error 404 / Page Not Found",
      );
    }
  });
});

test("an admin rewrites a text block from its pencil on /about and visitors read it", async ({
  page,
  browser,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  // Each project edits its own block, so the two runs never meet.
  const name = javaScriptEnabled ? "AboutText2" : "AboutText3";
  await signInAsAdmin(page, urls);
  const { original, restore } = await keepForRestore(page, urls, name);
  const words = `Fresh words ${uniqueTitle("about", testInfo.project.name)}`;
  try {
    await page.goto("/about");
    await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
    await expect(page).toHaveURL(`/admin/widgets/${original.id}?returnTo=%2Fabout`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Widget" })).toBeVisible();
    await expect(page.getByLabel("Type")).toHaveValue("TEXT");
    // A text block has no picture.
    await expect(page.getByLabel("Alt Text")).toBeHidden();

    // A paragraph more at the end.
    const text = page.getByRole("textbox", { name: "Text", exact: true });
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await text.click();
      // The editor may still be taking its first selection: press again until the caret is last.
      await expect(async () => {
        await page.keyboard.press("ControlOrMeta+End");
        expect(await text.evaluate(caretIsAtTheEnd)).toBe(true);
      }).toPass();
      await page.keyboard.press("Enter");
      await page.keyboard.type(words);
    } else {
      await text.fill(`${original.html ?? ""}<p>${words}</p>`);
    }
    await page.getByRole("button", { name: "Save Changes" }).click();

    // Opened from the page's pencil, the save leads back to the page (record 035). The admin's
    // own pages are never cached, so the change shows at once.
    await expect(page).toHaveURL("/about");
    await expect(page.locator(`[data-widget="${name}"] p`).last()).toHaveText(words);

    const visitorContext = await browser.newContext({ javaScriptEnabled });
    try {
      const visitor = await visitorContext.newPage();
      await expect(async () => {
        await visitor.goto(`${appUrl}/about`);
        await expect(visitor.locator(`[data-widget="${name}"]`)).toContainText(words, {
          timeout: 500,
        });
      }).toPass();
    } finally {
      await visitorContext.close();
    }
  } finally {
    await restore();
  }
});

test("an admin replaces a picture and its alt text, and the public page shows them", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const [name, path] = javaScriptEnabled
    ? ["Founder1Image", "/founders"]
    : ["DonateImage1", "/donate"];
  await signInAsAdmin(page, urls);
  const { original, restore } = await keepForRestore(page, urls, name);
  const alt = `A new picture ${uniqueTitle("alt", testInfo.project.name)}`;
  try {
    // Opened from the list, the edit screen stays after a save, with the confirmation.
    await page.goto(`/admin/widgets/${original.id}`);
    await expect(page.getByLabel("Type")).toHaveValue("IMAGE");
    await expect(page.getByRole("textbox", { name: "Text", exact: true })).toBeHidden();
    await expect(page.getByRole("img", { name: "The current image" })).toBeVisible();
    await expect(page.getByLabel("Alt Text")).toHaveValue(original.alt ?? "");

    await page
      .getByLabel("Image", { exact: true })
      .setInputFiles(await photoFile("new-picture.jpg", "#2a7", 900, 600));
    if (javaScriptEnabled) {
      const preview = page.getByRole("img", { name: "Preview of the chosen image" });
      await expect(preview).toBeVisible();
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(900);
    }
    await page.getByLabel("Alt Text").fill(alt);
    await page.getByRole("button", { name: "Save Changes" }).click();

    // It stays on the screen with the confirmation: for 3 seconds with JavaScript.
    await expect(savedMessage(page)).toBeVisible();
    await expect(page).toHaveURL(`/admin/widgets/${original.id}`);
    if (javaScriptEnabled) await expect(savedMessage(page)).toBeHidden({ timeout: 6000 });
    await expect(page.getByLabel("Alt Text")).toHaveValue(alt);
    const current = page.getByRole("img", { name: "The current image" });
    await expect(current).not.toHaveAttribute("src", original.image_url ?? "");
    const newSource = await current.getAttribute("src");

    await page.goto(path);
    const picture = page.locator(`[data-widget="${name}"] img`);
    await expect(picture).toHaveAttribute("alt", alt);
    await expect(picture).toHaveAttribute("src", newSource ?? "");
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await restore();
  }
});

test.describe("an image widget's edit screen", () => {
  let widget: Widget;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    widget = await createWidget(
      page,
      { apiUrl, appUrl },
      uniqueName("Picture", testInfo.project.name),
      "IMAGE",
    );
  });

  test("a file that is not an image is refused under Image", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/widgets/${widget.id}`);
    await page.getByLabel("Alt Text").fill("Words that stay");
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("these are words, not pixels"),
    });
    if (javaScriptEnabled) {
      // No broken preview.
      await expect(page.getByText("The chosen file cannot be shown here")).toBeVisible();
      await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel("Image", { exact: true })).toHaveAccessibleDescription(
      /The file must be an image\./,
    );
    await expect(page.getByLabel("Alt Text")).toHaveValue("Words that stay");
    await expect(savedMessage(page)).toHaveCount(0);
  });

  test("a picture above the upload limit is refused as too large under Image", async ({ page }) => {
    await page.goto(`/admin/widgets/${widget.id}`);
    // The stack runs with the default IMAGE_MAX_BYTES, 20 MiB: a big upload, through both tiers.
    test.slow();
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(20 * 1024 * 1024 + 1024, 7),
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel("Image", { exact: true })).toHaveAccessibleDescription(
      /The image you have uploaded is too large/,
    );
  });
});

test.describe("a text widget's edit screen", () => {
  let widget: Widget;

  test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
    widget = await createWidget(
      page,
      { apiUrl, appUrl },
      uniqueName("Words", testInfo.project.name),
      "TEXT",
    );
  });

  test("switched to Image, it shows the picture and alt text fields", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/widgets/${widget.id}`);
    const text = page.getByRole("textbox", { name: "Text", exact: true });
    await expect(text).toBeVisible();
    await expect(page.getByLabel("Image", { exact: true })).toBeHidden();

    await page.getByLabel("Type").selectOption({ label: "Image" });
    if (javaScriptEnabled) {
      // At once, before saving.
      await expect(page.getByLabel("Image", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Alt Text")).toBeVisible();
      await expect(text).toBeHidden();
    }
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(savedMessage(page)).toBeVisible();
    await expect(page.getByLabel("Type")).toHaveValue("IMAGE");
    await expect(page.getByLabel("Image", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Alt Text")).toBeVisible();
    await expect(text).toBeHidden();
    expect((await widgetNamed(page, { apiUrl, appUrl }, widget.name)).type).toBe("IMAGE");
  });

  test("a stale tab's save, after a colleague moved the widget to the trash, keeps what was typed; restored, it saves", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/widgets/${widget.id}`);
    const history = page.getByRole("link", { name: "History" });
    await expect(history).toBeVisible();
    const deleteItem = page.getByRole("link", { name: "Delete Item" });
    await expect(deleteItem).toBeVisible();
    const text = page.getByRole("textbox", { name: "Text", exact: true });
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await text.click();
      await page.keyboard.type("Words written before the delete");
    } else {
      await text.fill("<p>Words written before the delete</p>");
    }
    const textHolds = () =>
      javaScriptEnabled
        ? expect(text).toContainText("Words written before the delete")
        : expect(text).toHaveValue(/Words written before the delete/);
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/widgets/${widget.id}`);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(GONE_TO_TRASH)).toBeVisible();
    await expect(history).toHaveCount(0);
    await expect(deleteItem).toHaveCount(0);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(widget.name);
    await textHolds();

    await restoreInAnotherTab(page, widget.name);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(savedMessage(page)).toBeVisible();
    await page.goto(`/admin/widgets/${widget.id}`);
    await textHolds();
  });

  test("a failed save shows the error under Name and keeps everything typed", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`/admin/widgets/${widget.id}`);
    await page.getByLabel("Name", { exact: true }).fill("not a name!");
    const text = page.getByRole("textbox", { name: "Text", exact: true });
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await text.click();
      await page.keyboard.type("Draft words that must not be lost");
    } else {
      await text.fill("<p>Draft words that must not be lost</p>");
    }
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
      /The name field format is invalid\./,
    );
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("not a name!");
    if (javaScriptEnabled) {
      await expect(text).toContainText("Draft words that must not be lost");
    } else {
      await expect(text).toHaveValue(/Draft words that must not be lost/);
    }
    await expect(savedMessage(page)).toHaveCount(0);
  });
});

/** Whether the selection is a caret with nothing of `editor`'s text after it. */
function caretIsAtTheEnd(editor: Element): boolean {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return false;
  if (!editor.contains(selection.anchorNode)) return false;
  const rest = document.createRange();
  rest.selectNodeContents(editor);
  rest.setStart(selection.anchorNode!, selection.anchorOffset);
  return rest.toString() === "";
}
