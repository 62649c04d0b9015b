import { randomBytes } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { adminApiDelete, sessionHeaders, signInAsAdmin } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Urls = { apiUrl: string; appUrl: string };
type Message = { id: number; name: string };

/** A name no other test uses, which the messages screen's search finds. */
function visitorName(testInfo: TestInfo, label: string): string {
  return `${label} ${testInfo.project.name} ${randomBytes(4).toString("hex")}`;
}

/**
 * A visitor's message through POST /api/contact, each from an address of its own (the API trusts
 * the loopback's X-Forwarded-For), so the contact throttle never counts them together.
 */
async function sendMessage(page: Page, urls: Urls, name: string): Promise<Message> {
  const response = await page.request.post(`${urls.apiUrl}/api/contact`, {
    headers: {
      ...(await sessionHeaders(page, urls)),
      "X-Forwarded-For": `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    },
    data: {
      name,
      telephone: "",
      email: `${name.split(" ")[0]!.toLowerCase()}@example.org`,
      message: `Hello from ${name}. Can I help on Saturdays?`,
    },
  });
  expect(response.status()).toBe(201);
  const listed = await page.request.get(
    `${urls.apiUrl}/api/contact-messages?q=${encodeURIComponent(name)}`,
    { headers: await sessionHeaders(page, urls) },
  );
  const body = (await listed.json()) as { results: Message[] };
  return body.results[0]!;
}

/** The admin menu's Messages link, whose name carries the unread count. */
function messagesMenuLink(page: Page) {
  return page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Messages/ });
}

async function unreadInMenu(page: Page): Promise<number> {
  const name = (await messagesMenuLink(page).getAttribute("aria-label")) ?? "";
  const count = /(\d+) unread/.exec(name)?.[1];
  return count ? Number(count) : 0;
}

function card(page: Page, name: string) {
  return page.getByRole("article", { name: new RegExp(name) });
}

test.describe("contact messages", () => {
  const sent: Message[] = [];

  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  test.afterEach(async ({ page, apiUrl, appUrl }) => {
    for (const message of sent.splice(0))
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/contact-messages/${message.id}`);
  });

  test("marking a message read takes it off the menu's unread count; archive, delete and Undo", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const tag = visitorName(testInfo, "Ngozi");
    const first = await sendMessage(page, { apiUrl, appUrl }, `${tag} first`);
    const second = await sendMessage(page, { apiUrl, appUrl }, `${tag} second`);
    sent.push(first, second);

    await page.goto("/admin/messages");
    const before = await unreadInMenu(page);
    expect(before).toBeGreaterThanOrEqual(2);
    await expect(messagesMenuLink(page)).toHaveAccessibleName(`Messages, ${before} unread`);

    // The search box finds this test's two messages, unread ones marked in words.
    await page.getByRole("searchbox", { name: "Search messages" }).fill(tag);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("article")).toHaveCount(2);
    await expect(card(page, first.name)).toContainText("Unread");
    await expect(card(page, second.name)).toContainText("Unread");

    await card(page, first.name)
      .getByRole("button", { name: `Mark as read: message from ${first.name}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Marked as read." })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(card(page, first.name)).not.toContainText("Unread");
    await expect(
      card(page, first.name).getByRole("button", { name: /^Mark as unread/ }),
    ).toBeVisible();
    await expect(messagesMenuLink(page)).toHaveAccessibleName(
      before - 1 > 0 ? `Messages, ${before - 1} unread` : "Messages",
    );

    // Archive: out of the Inbox, into Archived.
    await card(page, second.name)
      .getByRole("button", { name: /^Archive/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Archived." })).toBeVisible();
    await expect(card(page, second.name)).toHaveCount(0);
    await expect(card(page, first.name)).toBeVisible();
    await page
      .getByRole("navigation", { name: "Folders" })
      .getByRole("link", { name: "Archived" })
      .click();
    await expect(page).toHaveURL("/admin/messages?state=archived");
    await page.getByRole("searchbox", { name: "Search messages" }).fill(tag);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/state=archived/);
    await expect(card(page, second.name)).toContainText("Archived");
    await expect(card(page, first.name)).toHaveCount(0);

    // Delete moves it to the trash; Undo brings it back here.
    await card(page, second.name)
      .getByRole("button", { name: /^Delete/ })
      .click();
    const flash = page.getByRole("status").filter({ hasText: "Moved to Trash" });
    await expect(flash).toBeVisible();
    await expect(card(page, second.name)).toHaveCount(0);
    await flash.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Restored" })).toBeVisible();
    await expect(page).toHaveURL(/state=archived/);
    await expect(card(page, second.name)).toBeVisible();
  });

  test("the dashboard shows the newest messages, unread ones marked, and the recent activity", async ({
    page,
    apiUrl,
    appUrl,
  }, testInfo) => {
    const message = await sendMessage(page, { apiUrl, appUrl }, visitorName(testInfo, "Tobi"));
    sent.push(message);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const recent = page.getByRole("region", { name: "Recent Messages" });
    const item = recent.getByRole("listitem").filter({ hasText: message.name });
    await expect(item).toContainText("Unread");
    await expect(recent.getByRole("link", { name: "All messages" })).toHaveAttribute(
      "href",
      "/admin/messages",
    );
    const activity = page.getByRole("region", { name: "Recent Activity" });
    await expect(activity.getByRole("listitem").first()).toBeVisible();
    await activity.getByRole("link", { name: "All activity" }).click();
    await expect(page).toHaveURL("/admin/activity");
  });
});
