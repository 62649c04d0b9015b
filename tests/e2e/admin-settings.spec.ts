import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import { expect, signInThroughApi, test } from "./fixtures.ts";
import { startSite, type Site } from "./global-setup.ts";
import {
  startStandInBackend,
  startWebTier,
  type StandInBackend,
  type WebTier,
} from "./stand-in.ts";

/**
 * The settings change what every page shows and the contact form's throttle counts per address,
 * so these journeys run on a site of their own (one per project), not on the suite's shared one.
 */
let site: Site;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

async function signInAsAdmin(page: Page, urls = { appUrl: site.appUrl, apiUrl: site.apiUrl }) {
  await signInThroughApi(page, urls, E2E_ADMIN);
}

function adminMenu(page: Page) {
  return page.getByRole("navigation", { name: "Admin" });
}

test.describe("Settings", () => {
  test("an admin changes the phone number and visitors see it on the contact page", async ({
    page,
    browser,
    playwright,
  }) => {
    // A visitor's copy of the contact page sits in the render cache.
    const warm = await playwright.request.newContext({ baseURL: site.appUrl });
    await warm.get("/contact");
    expect((await warm.get("/contact")).headers()["x-render-cache"]).toBe("hit");
    await warm.dispose();

    await signInAsAdmin(page);
    await page.goto(`${site.appUrl}/admin`);
    await adminMenu(page).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    const phone = `+44 20 7946 ${String(randomBytes(2).readUInt16BE() % 10000).padStart(4, "0")}`;
    await page.getByLabel("Phone", { exact: true }).fill(phone);
    await page.getByLabel("WhatsApp").fill("+44 7700 900123");
    await page.getByLabel("Email", { exact: true }).fill("write@almoner");
    await page.getByRole("textbox", { name: "Facebook" }).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save Changes" }).click();

    // Every problem under its field (the browser lets both through; the API does not), and what
    // was typed stays.
    await expect(
      page.getByText("The email field must be a valid email address.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Facebook" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(phone);

    await page.getByLabel("Email", { exact: true }).fill("write@almoner.example.org");
    await page
      .getByRole("textbox", { name: "Facebook" })
      .fill("https://www.facebook.com/almoner.example");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
    await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(phone);

    // A visitor's cached contact page was dropped when the admin saved.
    const visitor = await browser.newPage();
    const response = await visitor.goto(`${site.appUrl}/contact`);
    expect(response?.headers()["x-render-cache"]).toBe("miss");
    const main = visitor.getByRole("main");
    await expect(main.getByRole("link", { name: phone })).toHaveAttribute(
      "href",
      `tel:${phone.replace(/[^\d+]/g, "")}`,
    );
    await expect(main.getByRole("link", { name: "+44 7700 900123" })).toHaveAttribute(
      "href",
      "https://wa.me/447700900123",
    );
    await expect(main.getByRole("link", { name: "write@almoner.example.org" })).toHaveAttribute(
      "href",
      "mailto:write@almoner.example.org",
    );
    await expect(
      visitor.getByRole("contentinfo").getByRole("link", { name: /facebook/i }),
    ).toHaveAttribute("href", "https://www.facebook.com/almoner.example");
    await visitor.close();
  });
});

test.describe("Messages", () => {
  test("an admin reads what a visitor wrote, newest first", async ({ page, browser }) => {
    const token = randomBytes(4).toString("hex");
    const visitor = await browser.newPage();
    await visitor.goto(`${site.appUrl}/contact`);
    const form = visitor.getByRole("form", { name: "Contact Us By Email" });
    await form.getByLabel("Name").fill(`Ada ${token}`);
    await form.getByLabel("Telephone").fill("+44 20 7946 0123");
    await form.getByLabel("Email").fill(`ada-${token}@example.org`);
    await form.getByLabel("Message").fill(`Could you visit our school?\nWe are in Leeds. ${token}`);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(
      visitor.getByRole("status").filter({ hasText: "Your message was sent successfully" }),
    ).toBeVisible();
    await visitor.close();

    await signInAsAdmin(page);
    await page.goto(`${site.appUrl}/admin`);
    await adminMenu(page).getByRole("link", { name: "Messages" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    const newest = page.getByRole("list", { name: "Messages" }).getByRole("article").first();
    await expect(newest.getByRole("heading", { name: `Ada ${token}` })).toBeVisible();
    await expect(newest.getByRole("link", { name: `ada-${token}@example.org` })).toHaveAttribute(
      "href",
      /^mailto:ada-[0-9a-f]+@example\.org\?subject=/,
    );
    await expect(newest.getByRole("link", { name: "+44 20 7946 0123" })).toHaveAttribute(
      "href",
      "tel:+442079460123",
    );
    await expect(newest).toContainText(`Could you visit our school?`);
    await expect(newest).toContainText(`We are in Leeds. ${token}`);
  });
});

test.describe("in front of a backend without the settings calls (Laravel)", () => {
  let backend: StandInBackend;
  let web: WebTier;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    backend = await startStandInBackend(site.apiUrl, {
      answer: (pathname) =>
        pathname === "/api/settings" || pathname.startsWith("/api/contact-messages")
          ? { status: 404, json: { message: "Not Found." } }
          : undefined,
      // The API's own site is the stateful origin; the second web tier stands in for it.
      statefulOrigin: site.appUrl,
    });
    web = await startWebTier(backend.url, {
      SITE_NAME: "Stand-in Foundation",
      SITE_PHONE: "+1 555 0100",
      SITE_EMAIL: "office@stand-in.example.org",
    });
  });

  test.afterAll(async () => {
    await web?.close();
    await backend?.close();
  });

  test("the contact page shows the environment's details; Settings and Messages are hidden", async ({
    page,
  }) => {
    await page.goto(`${web.url}/contact`);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "+1 555 0100" })).toBeVisible();
    await expect(main.getByRole("link", { name: "office@stand-in.example.org" })).toBeVisible();

    await signInAsAdmin(page, { appUrl: web.url, apiUrl: backend.url });
    await page.goto(`${web.url}/admin`);
    await expect(adminMenu(page).getByRole("link", { name: "Galleries" })).toBeVisible();
    await expect(adminMenu(page).getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(adminMenu(page).getByRole("link", { name: "Messages" })).toHaveCount(0);

    for (const path of ["/admin/settings", "/admin/messages"]) {
      const response = await page.goto(web.url + path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Page Not Found")).toBeVisible();
    }
  });
});
