import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures.ts";
import { waitForMailContaining } from "./mail.ts";

/** The seeded organisation's address, where contact messages go when CONTACT_TO is not set. */
const FOUNDATION_EMAIL = "hello@almoner.example.org";

test.describe("Contact Us By Email", () => {
  test("a visitor sends a message; the form clears and the foundation gets it by mail", async ({
    page,
    javaScriptEnabled,
  }) => {
    const token = `note-${randomBytes(4).toString("hex")}`;
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact Us By Email" });
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Telephone").fill("+44 20 7946 0000");
    await form.getByLabel("Email").fill("grace@example.org");
    await form.getByLabel("Message").fill(`I would like to volunteer. ${token}`);
    await form.getByRole("button", { name: "Send Message" }).click();

    const sent = page.getByRole("status").filter({ hasText: "Your message was sent successfully" });
    await expect(sent).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
    if (javaScriptEnabled) {
      // The banner goes after 3 seconds (spec §9).
      await expect(sent).toBeHidden({ timeout: 6000 });
    }

    const mail = await waitForMailContaining(FOUNDATION_EMAIL, token);
    expect(mail.text).toContain("Grace Hopper");
    expect(mail.text).toContain("grace@example.org");
  });

  test("an invalid message shows the first error per field and keeps what was typed", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact Us By Email" });
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Email").fill("grace@example.org");
    // Spaces pass the browser's required check; once trimmed the message is empty.
    await form.getByLabel("Message").fill("   ");
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(form.getByText("The message field is required.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Grace Hopper");
    await expect(form.getByLabel("Email")).toHaveValue("grace@example.org");
    await expect(page.getByRole("status").filter({ hasText: "sent successfully" })).toHaveCount(0);
  });

  test("the honeypot is out of sight and out of the accessibility tree", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact Us By Email" });
    await expect(form.getByRole("textbox")).toHaveCount(4);
    await expect(page.getByLabel("Please leave this field empty")).not.toBeInViewport();
  });
});
