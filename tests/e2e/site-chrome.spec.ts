import { expect, test } from "./fixtures.ts";

const DESKTOP_TOP_LINKS = [
  { name: "Home", path: "/", startAt: "/about" },
  { name: "Donate", path: "/donate", startAt: "/" },
  { name: "Contact Us", path: "/contact", startAt: "/" },
];

const DESKTOP_DROPDOWNS = [
  { menu: "Our Mission", name: "About The Foundation", path: "/about" },
  { menu: "Our Mission", name: "About Our Founder", path: "/founders" },
  { menu: "Our Mission", name: "Our Focus", path: "/projects" },
  { menu: "Get Involved", name: "Opportunities", path: "/opportunities" },
  { menu: "Get Involved", name: "News and Updates", path: "/blog" },
];

const MOBILE_ENTRIES = [
  { name: "Home", path: "/" },
  { name: "Our Focus", path: "/projects" },
  { name: "News & Updates", path: "/blog" },
  { name: "About Us", path: "/about" },
  { name: "Our Founder", path: "/founders" },
  { name: "Opportunities", path: "/opportunities" },
  { name: "Donate", path: "/donate" },
  { name: "Contact Us", path: "/contact" },
];

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const link of DESKTOP_TOP_LINKS) {
    test(`${link.name} reaches ${link.path}`, async ({ page }) => {
      await page.goto(link.startAt);
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(link.path);
      await expect(nav.getByRole("link", { name: link.name, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  }

  for (const entry of DESKTOP_DROPDOWNS) {
    test(`${entry.menu} › ${entry.name} reaches ${entry.path}`, async ({ page }) => {
      await page.goto(entry.path === "/about" ? "/donate" : "/about");
      const nav = page.getByRole("navigation", { name: "Main" });
      const link = nav.getByRole("link", { name: entry.name, exact: true });
      await expect(link).toBeHidden();
      await nav.locator("summary", { hasText: entry.menu }).click();
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(entry.path);
      await expect(nav.locator("details[open]")).toHaveCount(0);
    });
  }

  test("a dropdown opens from the keyboard", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Get Involved" }).focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Opportunities", exact: true })).toBeVisible();
  });

  test("the three social links have accessible names", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const network of ["Facebook", "Instagram", "Twitter"]) {
      await expect(nav.getByRole("link", { name: network, exact: true })).toHaveAttribute(
        "href",
        /^https?:\/\//,
      );
    }
  });
});

test.describe("mobile navigation at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the desktop navigation gives way to a menu toggle", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.locator("[data-mobile-menu] > summary")).toBeVisible();
  });

  for (const entry of MOBILE_ENTRIES) {
    test(`the menu's ${entry.name} navigates and closes the menu`, async ({ page }) => {
      await page.goto(entry.path === "/" ? "/about" : "/");
      const menu = page.locator("[data-mobile-menu]");
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeHidden();
      await menu.locator("summary").click();
      await expect(mobileNav).toBeVisible();
      await mobileNav.getByRole("link", { name: entry.name, exact: true }).click();
      await expect(page).toHaveURL(entry.path);
      await expect(mobileNav).toBeHidden();
      await expect(menu).not.toHaveAttribute("open");
    });
  }
});

test.describe("footer", () => {
  test("Terms and Privacy open the legal pages", async ({ page }) => {
    for (const [name, path] of [
      ["Terms", "/legal/terms"],
      ["Privacy", "/legal/privacy"],
    ] as const) {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
    }
  });

  test("Account sends a visitor to Login and remembers the way back", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Account", exact: true }).click();
    await expect(page).toHaveURL("/login?redirectTo=%2Faccount");
  });

  test("shows the organisation's contact details", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
    await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
  });
});
