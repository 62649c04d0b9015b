// Drafts, preview, publish and unpublish (record 031): a new item is kept back until an admin
// publishes it, and the admin can see it as visitors will first. JavaScript on and off.
import {
  adminApiDelete,
  adminApiPost,
  signInAsAdmin,
  uniqueTitle,
  withApiItem,
} from "./admin-support.ts";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

type Created = { id: number; slug: string; title: string };

test("a new post is a draft until it is published: absent from /blog, previewed, then live", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  test.slow();
  const urls = { apiUrl, appUrl };
  await signInAsAdmin(page, urls);
  const title = uniqueTitle("Spring fair", testInfo.project.name);
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "Add Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Blog" });
  await dialog.getByLabel("Blog Title").fill(title);
  await dialog.getByRole("button", { name: "Add Blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage Blog" })).toBeVisible();
  const id = Number(/\/admin\/blog\/(\d+)$/.exec(page.url())?.[1]);
  const slug = await page.getByLabel("Item Slug URL").inputValue();
  try {
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
    // A draft has no public address yet.
    await expect(page.getByRole("link", { name: "View on the site" })).toHaveCount(0);

    // Not on the site, even for the admin who made it.
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "News and Updates" })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    expect((await page.goto(`/blog/${slug}`))?.status()).toBe(404);
    const feed = await page.request.get(`${appUrl}/blog/rss.xml`);
    expect(await feed.text()).not.toContain(title);

    // The dashboard lists it among the drafts, linking to its edit screen.
    await page.goto("/admin");
    const drafts = page.getByRole("region", { name: "Drafts" });
    await expect(drafts.getByRole("link", { name: title })).toHaveAttribute(
      "href",
      `/admin/blog/${id}`,
    );

    // The preview opens in a new tab, marked as not public.
    await page.goto(`/admin/blog/${id}`);
    const previewButton = page.getByRole("button", { name: "Preview (opens in a new tab)" });
    // A tab of the item's own, which a second press of Preview reuses.
    await expect(previewButton).toHaveAttribute(
      "formtarget",
      `almoner-preview /admin/blog/${id}/preview`,
    );
    const [preview] = await Promise.all([page.waitForEvent("popup"), previewButton.click()]);
    await expect(preview).toHaveURL(new RegExp(`^${appUrl}/admin/blog/${id}/preview\\?typed=`));
    await expect(preview.getByRole("heading", { name: "Preview — not saved" })).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(
      preview.getByText(
        "Once saved it is still a draft: only admins can see it until it is published.",
      ),
    ).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const previewResponse = await preview.request.get(`${appUrl}/admin/blog/${id}/preview`);
    expect(previewResponse.headers()["cache-control"]).toBe("private, no-store");
    await preview.close();

    // Publish saves what was typed too.
    await page.getByLabel("Preview Text").fill("Stalls, music and a raffle on the green.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await expect(
      page.getByRole("status").filter({ hasText: `“${title}” is published: visitors see it now.` }),
    ).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("Published", { exact: true })).toBeVisible();

    await page.goto("/admin");
    await expect(page.getByRole("region", { name: "Drafts" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Drafts" }).getByText(title)).toHaveCount(0);

    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Stalls, music and a raffle on the green.")).toBeVisible();
    expect((await page.goto(`/blog/${slug}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // Unpublish takes it off the site at once.
    await page.goto(`/admin/blog/${id}`);
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `“${title}” is a draft again` }),
    ).toBeVisible();
    expect((await page.goto(`/blog/${slug}`))?.status()).toBe(404);
  } finally {
    await adminApiDelete(page, urls, `/api/blog/${id}`);
  }
});

test("an entry list filters by status and searches, keeping both", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  await signInAsAdmin(page, urls);
  const tag = uniqueTitle("Reading club", testInfo.project.name);
  const draft = await adminApiPost<Created>(page, urls, "/api/projects", {
    title: `${tag} draft`,
    status: "draft",
  });
  const live = await adminApiPost<Created>(page, urls, "/api/projects", {
    title: `${tag} live`,
  });
  const titles = page.getByRole("list", { name: "Our Focus" }).getByRole("heading", { level: 2 });
  try {
    await page.goto("/admin/projects");
    const filters = page.getByRole("navigation", { name: "Filter Our Focus by status" });
    await filters.getByRole("link", { name: "Drafts" }).click();
    await expect(page).toHaveURL("/admin/projects?status=draft");
    await expect(filters.getByRole("link", { name: "Drafts" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: draft.title })).toBeVisible();
    await expect(page.getByRole("heading", { name: live.title })).toHaveCount(0);

    // A search keeps the filter; the filter's links keep the search.
    await page.getByRole("searchbox", { name: "Search Our Focus" }).fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expect(page).toHaveURL(/q=/);
    await expect(titles).toHaveText([draft.title]);

    await filters.getByRole("link", { name: "All" }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(titles).toHaveText([draft.title, live.title]);
    const cards = page.getByRole("listitem");
    await expect(
      cards.filter({ hasText: draft.title }).getByText("Draft", { exact: true }),
    ).toBeVisible();
    await expect(
      cards.filter({ hasText: live.title }).getByText("Published", { exact: true }),
    ).toBeVisible();

    await filters.getByRole("link", { name: "Published" }).click();
    await expect(titles).toHaveText([live.title]);
    await filters.getByRole("link", { name: "Scheduled" }).click();
    await expect(page.getByText(`Nothing matches “${tag}”.`)).toBeVisible();
  } finally {
    await adminApiDelete(page, urls, `/api/projects/${draft.id}`);
    await adminApiDelete(page, urls, `/api/projects/${live.id}`);
  }
});

test("a draft is dated the day it is published, unless its date was chosen", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const title = uniqueTitle("Harvest supper", testInfo.project.name);
  await withApiItem<Created>(page, urls, "/api/blog", { title, status: "draft" }, async (post) => {
    await page.goto(`/admin/blog/${post.id}`);
    const date = page.getByLabel("Change Publish Date");
    await expect(date).toHaveAccessibleDescription(
      "dd/mm/yyyy. Left as it is, the post is dated the day you publish it. A date in the future keeps it hidden until that day.",
    );

    // Staff choose a day last year: the hint no longer promises another date, and Publish keeps it.
    await date.fill("14/03/2025");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await page.goto(`/admin/blog/${post.id}`);
    await expect(date).toHaveValue("14/03/2025");
    await expect(date).toHaveAccessibleDescription(
      "dd/mm/yyyy. A date in the future keeps the post hidden until that day.",
    );
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `“${title}” is published: visitors see it now.` }),
    ).toBeVisible();
    await page.goto(`/admin/blog/${post.id}`);
    await expect(date).toHaveValue("14/03/2025");
  });
});

test("a Publish pressed by mistake is undone from the list's message: the post is a draft again, and is dated when it is really published", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const title = uniqueTitle("Not ready yet", testInfo.project.name);
  await withApiItem<Created>(page, urls, "/api/blog", { title, status: "draft" }, async (post) => {
    await page.goto(`/admin/blog/${post.id}`);
    await page.getByLabel("Preview Text").fill("Half a sentence");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL("/admin/blog");
    const published = page
      .getByRole("status")
      .filter({ hasText: `“${title}” is published: visitors see it now.` });
    await expect(published).toBeVisible();

    await published.getByRole("button", { name: "Undo" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: `“${title}” is a draft again: visitors no longer see it.` }),
    ).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    expect(
      (await page.request.get(`${appUrl}/blog/${post.slug}`, { headers: { Cookie: "" } })).status(),
    ).toBe(404);
    // What was typed with the Publish is kept.
    await page.goto(`/admin/blog/${post.id}`);
    await expect(page.getByLabel("Preview Text")).toHaveValue("Half a sentence");

    // Published for real later, it is dated then, not when the mistake was made.
    const beforeRealPublish = new Date().toISOString();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL("/admin/blog");
    const saved = await page.request.get(`${apiUrl}/api/blog/${post.slug}`, {
      headers: { Cookie: "" },
    });
    const live = (await saved.json()) as { created_at: string };
    expect(live.created_at >= beforeRealPublish).toBe(true);
  });
});

test("an Unpublish pressed by mistake is undone from the list's message: the post is live again with its date", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const title = uniqueTitle("Still wanted", testInfo.project.name);
  await withApiItem<Created & { created_at: string }>(
    page,
    urls,
    "/api/blog",
    { title },
    async (post) => {
      await page.goto(`/admin/blog/${post.id}`);
      await page.getByRole("button", { name: "Unpublish" }).click();
      const unpublished = page
        .getByRole("status")
        .filter({ hasText: `“${title}” is a draft again: visitors no longer see it.` });
      await expect(unpublished).toBeVisible();
      const visitorPage = () =>
        page.request.get(`${appUrl}/blog/${post.slug}`, { headers: { Cookie: "" } });
      expect((await visitorPage()).status()).toBe(404);

      await unpublished.getByRole("button", { name: "Undo" }).click();
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: `“${title}” is published: visitors see it now.` }),
      ).toBeVisible();
      expect((await visitorPage()).status()).toBe(200);
      const live = await page.request.get(`${apiUrl}/api/blog/${post.slug}`, {
        headers: { Cookie: "" },
      });
      expect(((await live.json()) as { created_at: string }).created_at).toBe(post.created_at);
    },
  );
});

test("Undo of a publish is refused in words when someone saved the post since", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const title = uniqueTitle("Saved since", testInfo.project.name);
  await withApiItem<Created>(page, urls, "/api/blog", { title, status: "draft" }, async (post) => {
    await page.goto(`/admin/blog/${post.id}`);
    await page.getByRole("button", { name: "Publish" }).click();
    const published = page.getByRole("status").filter({ hasText: "is published" });
    await expect(published).toBeVisible();
    // A colleague corrects the post meanwhile.
    await adminApiPost(page, urls, `/api/blog/${post.id}`, { title: `${title} (corrected)` });

    await published.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `Someone saved “${title} (corrected)” since it was published, so the publish was not undone. To take it back, open it and press Unpublish.`,
    );
    const live = await page.request.get(`${appUrl}/blog/${post.slug}`, { headers: { Cookie: "" } });
    expect(live.status()).toBe(200);
  });
});

test("Preview shows what is typed in a new tab and saves nothing: the site keeps the saved post, the edit screen the typing", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const title = uniqueTitle("Book swap", testInfo.project.name);
  await withApiItem<Created>(page, urls, "/api/blog", { title }, async (post) => {
    await page.goto(`/admin/blog/${post.id}`);
    const titleField = page.getByRole("textbox", { name: "Title", exact: true });
    const typedTitle = `${title} moves to Saturday`;
    await titleField.fill(typedTitle);
    await page.getByLabel("Change Publish Date").fill("31/02/2026");
    const article = page.getByRole("textbox", { name: "Blog Article" });
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Bold" })).toBeVisible();
      await article.click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("Bring a book, take a book.");
    } else {
      await article.fill("<p>Bring a book, take a book.</p><script>alert(1)</script>");
    }

    const [preview] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: "Preview (opens in a new tab)" }).click(),
    ]);
    // The preview has an address of its own: a reload shows it again, and sends nothing.
    const previewUrl = new RegExp(`^${appUrl}/admin/blog/${post.id}/preview\\?typed=[\\w-]{24}$`);
    await expect(preview).toHaveURL(previewUrl);
    const posts: string[] = [];
    preview.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request.url());
    });
    await preview.reload();
    await expect(preview.getByRole("heading", { level: 1, name: typedTitle })).toBeVisible();
    expect(posts).toEqual([]);
    await expect(preview.getByRole("heading", { name: "Preview — not saved" })).toBeVisible();
    await expect(
      preview.getByText(
        "This is what you typed, and it is not saved yet. To keep it, go back to the editing tab and press Save Changes.",
      ),
    ).toBeVisible();
    await expect(
      preview.getByText("The publish date you typed is not a date, so the saved one is shown."),
    ).toBeVisible();
    await expect(preview.getByText("Once saved: visitors see it at")).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name: typedTitle })).toBeVisible();
    await expect(preview.locator("article")).toContainText("Bring a book, take a book.");
    await expect(preview.locator("article script")).toHaveCount(0);
    // The typing is in the editing tab: this one offers no way back to the saved version.
    await expect(preview.getByRole("link", { name: "Back to editing" })).toHaveCount(0);
    // An address of a preview that is not kept (an hour on, say) shows the saved post, and why.
    await preview.goto(`/admin/blog/${post.id}/preview?typed=not-a-kept-preview`);
    await expect(
      preview.getByText(
        "The preview of what you typed is kept for an hour and is gone now, so this is the saved version. To see your changes, press Preview in the editing tab again.",
      ),
    ).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await preview.close();

    // The edit screen still holds the typing, and visitors still read the saved post.
    await expect(page).toHaveURL(`/admin/blog/${post.id}`);
    await expect(titleField).toHaveValue(typedTitle);
    if (javaScriptEnabled) await expect(article).toContainText("Bring a book, take a book.");
    else await expect(article).toHaveValue(/Bring a book, take a book\./);
    const visitor = await page.request.get(`${appUrl}/blog/${post.slug}`, {
      headers: { Cookie: "" },
    });
    const html = await visitor.text();
    expect(html).toContain(title);
    expect(html).not.toContain(typedTitle);
    expect(html).not.toContain("Bring a book");

    // Saved, the post reads as its preview did.
    await page.getByLabel("Change Publish Date").fill("01/02/2026");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/admin/blog");
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: typedTitle })).toBeVisible();
    await expect(page.locator("article")).toContainText("Bring a book, take a book.");
  });
});

test("Preview shows a chosen picture before it is saved, says when it cannot be used, and shows each new press in the same tab", async ({
  page,
  apiUrl,
  appUrl,
}, testInfo) => {
  const urls = { apiUrl, appUrl };
  const title = uniqueTitle("Harvest supper", testInfo.project.name);
  await withApiItem<Created>(page, urls, "/api/projects", { title }, async (project) => {
    await page.goto(`/admin/projects/${project.id}`);
    const picture = page.getByLabel("Image", { exact: true });
    const previewButton = page.getByRole("button", { name: "Preview (opens in a new tab)" });
    const cover = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: "#2a8a84" },
    })
      .jpeg()
      .toBuffer();
    await picture.setInputFiles({ name: "supper.jpg", mimeType: "image/jpeg", buffer: cover });

    const [preview] = await Promise.all([page.waitForEvent("popup"), previewButton.click()]);
    await expect(preview.getByRole("heading", { name: "Preview — not saved" })).toBeVisible();
    const headerImage = preview.locator("[data-header-image] img");
    await expect(headerImage).toHaveAttribute("src", /^data:image\/webp;base64,/);
    expect(await headerImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
    await expect(preview.getByText("The picture you chose cannot be used")).toHaveCount(0);

    // Nothing was saved: the project still has no picture.
    const saved = await page.request.get(`${apiUrl}/api/projects/${project.slug}`, {
      headers: { Cookie: "" },
    });
    expect(((await saved.json()) as { image_url: string | null }).image_url).toBeNull();

    // Pressed again, Preview shows the new choice in the same tab rather than in one more.
    const tabs = page.context().pages().length;
    await picture.setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("these are words, not pixels"),
    });
    await previewButton.click();
    await expect(
      preview.getByText("The picture you chose cannot be used: The image must be an image."),
    ).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(preview.locator("[data-header-image] img")).toHaveCount(0);
    expect(page.context().pages()).toHaveLength(tabs);
    await preview.close();
  });
});
