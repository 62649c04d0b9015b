import type { Page } from "@playwright/test";
import { newMember, registerThroughApi, type Member } from "./account-support.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { expect, signInThroughApi, test } from "./fixtures.ts";

/** What a newcomer stumbled on in the built screens (issue 7), each with JavaScript on and off. */

const POST = "/blog/first-borehole-in-the-valley";

async function fillRegistration(page: Page, member: Member, repeat = member.password) {
  await page.getByLabel("Firstname").fill(member.firstname);
  await page.getByLabel("Lastname").fill(member.lastname);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Repeat Password").fill(repeat);
  await page.getByRole("button", { name: "Register" }).click();
}

/** The messages listed under a field, in order. */
async function errorsUnder(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  return page.locator(`#${await field.getAttribute("aria-describedby")} li`);
}

test.describe("Register", () => {
  test("shows every field's errors at once", async ({ page, javaScriptEnabled }, testInfo) => {
    await page.goto("/register");
    await fillRegistration(
      page,
      { ...newMember(testInfo), email: "grace.example.org", password: "short" },
      "different",
    );

    await expect(await errorsUnder(page, "Email")).toHaveText([
      "The email field must be a valid email address.",
    ]);
    await expect(await errorsUnder(page, "Password")).toHaveText([
      "The password field must be at least 8 characters.",
      "The password field confirmation does not match.",
    ]);
    await expect(page).toHaveURL("/register");

    if (javaScriptEnabled) {
      // The browser's checks follow the visitor as a field is corrected.
      await page.getByLabel("Email").fill("grace@example.org");
      await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    }
  });

  test("a missing name is listed with the other errors", async ({ page }, testInfo) => {
    await page.goto("/register");
    await fillRegistration(page, { ...newMember(testInfo), firstname: "", password: "short" });
    await expect(await errorsUnder(page, "Firstname")).toHaveText([
      "The firstname field is required.",
    ]);
    await expect(await errorsUnder(page, "Password")).toHaveText([
      "The password field must be at least 8 characters.",
    ]);
  });

  test("welcomes the new member on Home, once", async ({ page }, testInfo) => {
    const member = newMember(testInfo);
    await page.goto("/register");
    await fillRegistration(page, member);

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status")).toHaveText(
      `Welcome, ${member.firstname}. We have sent a link to ${member.email} to confirm your address.`,
    );
    await page.reload();
    await expect(page.locator('[data-widget="HomeText"]')).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
  });
});

test.describe("the header's signed-in state", () => {
  const accountLink = (page: Page, member: { firstname: string; lastname: string }) =>
    page
      .getByRole("banner")
      .getByRole("link", { name: `Your account: ${member.firstname} ${member.lastname}` });

  test.describe("at 1280 px", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("a member's name leads to their account", async ({ page, apiUrl, appUrl }, testInfo) => {
      const member = newMember(testInfo);
      await registerThroughApi(page, { apiUrl, appUrl }, member);
      for (const path of ["/", "/about", POST]) {
        await page.goto(path);
        await expect(accountLink(page, member)).toBeVisible();
        await expect(accountLink(page, member)).toContainText(member.firstname);
      }
      await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toHaveCount(0);
      await accountLink(page, member).click();
      await expect(page).toHaveURL("/account");
    });

    test("an admin also gets Admin", async ({ page, apiUrl, appUrl }) => {
      await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
      await page.goto("/about");
      const admin = page.getByRole("banner").getByRole("link", { name: "Admin", exact: true });
      await expect(admin).toBeVisible();
      await admin.click();
      await expect(page).toHaveURL("/admin");
    });

    test("a visitor sees none of it", async ({ page }) => {
      await page.goto("/");
      await expect(
        page.getByRole("banner").getByRole("link", { name: /Your account/ }),
      ).toHaveCount(0);
    });
  });

  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a badge leads to the account; the menu names the member and has Admin for admins", async ({
      page,
      apiUrl,
      appUrl,
    }) => {
      await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
      await page.goto("/about");
      const badge = page.getByRole("banner").getByRole("link", { name: /^Your account: / });
      await expect(badge).toBeVisible();
      const logo = page.getByRole("banner").getByRole("link", { name: "Almoner Foundation" });
      const menu = page.locator("[data-mobile-menu] > summary");
      for (const control of [logo, badge, menu]) {
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }

      await menu.click();
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav.getByText(/^Signed in as \S/)).toBeVisible();
      await expect(mobileNav.getByRole("link", { name: "Your Account" })).toHaveAttribute(
        "href",
        "/account",
      );
      await mobileNav.getByRole("link", { name: "Admin", exact: true }).click();
      await expect(page).toHaveURL("/admin");

      await badge.click();
      await expect(page).toHaveURL("/account");
    });
  });
});

test.describe("dates", () => {
  for (const language of ["en-US", "en-GB"]) {
    test.describe(`with Accept-Language: ${language}`, () => {
      test.use({ locale: language });

      test("are written in the visitor's locale and stay so after hydration", async ({
        page,
        javaScriptEnabled,
      }) => {
        const response = await page.goto(POST);
        const served = /<time dateTime="([^"]+)">([^<]+)<\/time>/.exec(await response!.text());
        expect(served, "the server wrote the date").not.toBeNull();
        const [, iso, text] = served!;
        const expected = new Date(iso!).toLocaleDateString(language, {
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        });
        expect(text).toBe(expected);

        const shown = page.getByText(/^Published on:/).locator("time");
        if (javaScriptEnabled) {
          // React has taken the node over: hydration is done.
          await page.waitForFunction(() =>
            Object.keys(document.querySelector("time")!).some((key) =>
              key.startsWith("__reactFiber"),
            ),
          );
        }
        await expect(shown).toHaveText(expected);

        // The list's cards too, on a client navigation as on a full load.
        await page.getByRole("link", { name: "Go Back" }).click();
        await expect(page).toHaveURL("/blog");
        await expect(page.locator("[data-entry-card] time").first()).toHaveText(/^[A-Za-z0-9 ,]+$/);
        const first = page.locator("[data-entry-card] time").first();
        const firstIso = (await first.getAttribute("datetime"))!;
        await expect(first).toHaveText(
          new Date(firstIso).toLocaleDateString(language, {
            day: "numeric",
            month: "long",
            year: "numeric",
            timeZone: "UTC",
          }),
        );
      });
    });
  }

  test("the render cache keeps one page per language", async ({ playwright, appUrl }) => {
    const visitor = async (language: string) => {
      const context = await playwright.request.newContext({
        baseURL: appUrl,
        extraHTTPHeaders: { "Accept-Language": language },
      });
      const first = await context.get(POST);
      const second = await context.get(POST);
      const body = await second.text();
      await context.dispose();
      expect(second.headers()["x-render-cache"]).toBe("hit");
      expect(second.headers()["vary"]).toMatch(/Accept-Language/i);
      expect(first.status()).toBe(200);
      return /<time dateTime="[^"]+">([^<]+)<\/time>/.exec(body)![1];
    };
    const american = await visitor("en-US,en;q=0.9");
    const british = await visitor("en-GB,en;q=0.8");
    expect(american).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(british).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    // A language nobody can format falls back to the site's (en-GB).
    expect(await visitor("tlh;q=0.9")).toBe(british);
  });
});

test.describe("a list", () => {
  test("has a pager to its second page of news", async ({ page }) => {
    await page.goto("/blog");
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/blog?page=2");
    await expect(page.locator("[data-entry-card]").first()).toBeVisible();
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
  });

  test("past its end is the 404 page with a way back to the first page", async ({ page }) => {
    for (const path of ["/blog?page=40", "/projects?page=2", "/opportunities?page=9"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Error 404 / Page Not Found",
      );
    }
    await page.goto("/blog?page=40");
    await page.getByRole("link", { name: "Go to the first page" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(page.locator("[data-entry-card]")).toHaveCount(24);
  });

  test("a page number no list could reach is a 404 too, never an error", async ({ page }) => {
    const response = await page.goto("/blog?page=99999999999999999999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Go to the first page" })).toBeVisible();
  });
});

test.describe("the area menus at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Every entry on one line (the same top), the page no wider than the screen. */
  async function expectOneRow(page: Page, name: string) {
    const entries = page.getByRole("navigation", { name }).getByRole("listitem");
    const tops = await entries.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    expect(tops.length).toBeGreaterThan(3);
    expect(new Set(tops).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }

  test("the account's short menu is two columns, all in view; the admin's scrolls sideways", async ({
    page,
    apiUrl,
    appUrl,
  }) => {
    await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
    await page.goto("/account/2fa");
    const menu = page.getByRole("navigation", { name: "Account" });
    const entries = menu.getByRole("listitem");
    await expect(entries).toHaveCount(6);
    for (const entry of await entries.all()) await expect(entry).toBeInViewport({ ratio: 1 });
    const lefts = await entries.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().left)),
    );
    expect(new Set(lefts).size).toBe(2);
    const current = menu.getByRole("link", { name: "Two Factor Auth" });
    await expect(current).toHaveAttribute("aria-current", "page");

    // The admin area's menu is too long for that: one row that scrolls.
    await page.goto("/admin");
    await expectOneRow(page, "Admin");
  });
});

test.describe("polish", () => {
  test("each page has one h1", async ({ page, apiUrl, appUrl }, testInfo) => {
    const pages = ["/", "/about", "/founders", "/donate", "/contact", "/blog", POST, "/login"];
    for (const path of [...pages, "/register", "/legal/terms"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
    }
    await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
    for (const path of ["/account", "/account/profile", "/account/password", "/account/2fa"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
    }
  });

  test("the page's title is not repeated below its header", async ({ page }) => {
    for (const [path, title, repeated] of [
      ["/about", "About The Foundation", "About the Foundation"],
      ["/founders", "About Our Founder", "Our Founder"],
      ["/legal/terms", "Terms and Conditions", "Terms of Use"],
      ["/legal/privacy", "Privacy Policy", "Privacy Policy"],
      ["/legal/cookies", "Cookie Policy", "Cookie Policy"],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
      await expect(
        page.getByRole("heading", { level: 2, name: repeated!, exact: true }),
      ).toHaveCount(0);
    }
  });

  test.describe("at 1280 px", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("a dropdown is marked current on its pages and theirs", async ({ page }) => {
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const [path, current] of [
        ["/about", "Our Mission"],
        ["/projects/clean-water-healthy-homes", "Our Mission"],
        ["/blog", "Get Involved"],
        [POST, "Get Involved"],
        ["/opportunities/volunteer-reading-mentor", "Get Involved"],
      ]) {
        await page.goto(path!);
        await expect(nav.locator("summary", { hasText: current })).toHaveAttribute(
          "aria-current",
          "true",
        );
        await expect(nav.locator('summary[aria-current="true"]')).toHaveCount(1);
      }
      await page.goto("/donate");
      await expect(nav.locator('summary[aria-current="true"]')).toHaveCount(0);
    });
  });

  for (const width of [1280, 390]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test("the focused skip link leaves the logo in view and leads to the content", async ({
        page,
      }) => {
        await page.goto("/about");
        await page.keyboard.press("Tab");
        const skip = page.getByRole("link", { name: "Skip to content" });
        await expect(skip).toBeFocused();
        await expect(skip).toBeVisible();
        const logo = page.getByRole("banner").getByRole("link", { name: "Almoner Foundation" });
        const [skipBox, logoBox] = [(await skip.boundingBox())!, (await logo.boundingBox())!];
        expect(skipBox.y + skipBox.height).toBeLessThanOrEqual(logoBox.y);
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL("/about#main");
      });
    });
  }
});

test.describe("home", () => {
  test("shows the newest three news posts and the Our Focus projects", async ({ page }) => {
    await page.goto("/");
    const news = page.getByRole("region", { name: "News and Updates" });
    await expect(news.getByRole("heading", { level: 3 })).toHaveCount(3);
    await expect(
      news.getByRole("link", { name: "Our first borehole in the valley is flowing" }),
    ).toHaveAttribute("href", POST);
    await expect(news.locator("time").first()).toBeVisible();

    const focus = page.getByRole("region", { name: "Our Focus" });
    await expect(focus.getByRole("heading", { level: 3 })).toHaveCount(6);
    await focus.getByRole("link", { name: "Clean Water, Healthy Homes" }).click();
    await expect(page).toHaveURL("/projects/clean-water-healthy-homes");

    await page.goto("/");
    await page.getByRole("link", { name: "Read all news" }).click();
    await expect(page).toHaveURL("/blog");
  });
});
