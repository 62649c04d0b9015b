import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { newMember, registerThroughApi } from "./account-support.ts";
import {
  adminApiDelete,
  adminApiPost,
  adminApiUpload,
  photoFile,
  signInAsAdmin,
  uniqueTitle,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

/**
 * axe finds nothing, of any impact, on every screen of the route table: public, account and
 * admin, each modal and confirmation open (they are states of the URL).
 */

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/founders",
  "/donate",
  "/contact",
  "/projects",
  "/blog",
  "/opportunities",
  "/projects/clean-water-healthy-homes",
  "/blog/first-borehole-in-the-valley",
  "/opportunities/volunteer-reading-mentor",
  "/legal/terms",
  "/login",
  "/register",
  "/forgot-password",
  "/blog?page=40",
  "/two-factor-challenge",
  "/two-factor-challenge?recovery=1",
  "/reset-password/not-a-real-token?email=someone%40example.org",
  "/set-password/not-a-real-token?email=someone%40example.org",
  "/no-such-page",
];

const ACCOUNT_PAGES = [
  "/account",
  "/account/profile",
  "/account/password",
  "/account/2fa",
  "/verify-email",
  "/confirm-password",
];

type Created = { id: number };

/** Widget names are letters, digits, `-` and `_`. */
function widgetName(label: string, projectName: string) {
  return uniqueTitle(label, projectName).replace(/[^A-Za-z0-9_-]/g, "_");
}

/**
 * With JavaScript, axe looks at the page as a person meets it once it has settled: React has
 * hydrated it, an open dialog is modal, and the rich-text editors and upload zones that load
 * after hydration have taken the place of their plain fields.
 */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    if (!main || !Object.keys(main).some((key) => key.startsWith("__react"))) return false;
    if ([...document.querySelectorAll("dialog")].some((dialog) => !dialog.matches(":modal")))
      return false;
    // The plain fields (a textarea of HTML, a multipart form) stand in until the code has loaded.
    const plainEditors = document.querySelectorAll("textarea.font-mono:not([aria-labelledby])");
    const plainUploads = document.querySelectorAll("form input[type=file][multiple]");
    const pondsStarting = [...document.querySelectorAll(".upload-zone")].filter(
      (zone) => !zone.querySelector(".filepond--root"),
    );
    // FilePond fades its drop label in from its first frame, writing the opacity on the element;
    // axe would measure the half-transparent text.
    const labelsFading = [
      ...document.querySelectorAll<HTMLElement>(".filepond--drop-label"),
    ].filter((label) => label.style.opacity !== "1");
    return (
      plainEditors.length + plainUploads.length + pondsStarting.length + labelsFading.length === 0
    );
  });
}

/**
 * axe runs in the page. Without JavaScript it cannot, so the same page is checked in a context
 * where scripts may run but the app's own never load: the server's HTML, as a visitor without
 * JavaScript gets it.
 */
async function expectNoViolations(page: Page, path: string, javaScriptEnabled: boolean) {
  let checked = page;
  if (!javaScriptEnabled) {
    const context = await page
      .context()
      .browser()!
      .newContext({
        javaScriptEnabled: true,
        viewport: page.viewportSize(),
        storageState: await page.context().storageState(),
      });
    await context.route(/\.m?js(\?.*)?$/, (route) => route.abort());
    checked = await context.newPage();
  }
  try {
    const response = await checked.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    if (path.startsWith("/admin")) expect(response?.status(), path).toBe(200);
    // A modal or confirmation the URL asks for is open: axe checks it, not the page without it.
    if (/[?&](add|edit|photo|confirm)=/.test(path)) {
      await expect(checked.locator("dialog[open]").last(), path).toBeVisible();
    }
    if (javaScriptEnabled) await settled(checked);
    const { violations } = await new AxeBuilder({ page: checked }).analyze();
    const found = violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
    expect(found, `${path} at ${checked.viewportSize()?.width} px`).toEqual([]);
  } finally {
    if (checked !== page) await checked.context().close();
  }
}

/**
 * The admin screens at both widths with JavaScript (how admins use them); without it, which issue
 * 11 does not ask for, at the desktop width only, to keep the run short.
 */
async function expectScreensClean(page: Page, paths: string[], javaScriptEnabled: boolean) {
  for (const width of javaScriptEnabled ? [1280, 390] : [1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) await expectNoViolations(page, path, javaScriptEnabled);
  }
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no axe violations`, async ({ page, javaScriptEnabled }) => {
        await expectNoViolations(page, path, javaScriptEnabled);
      });
    }

    test("the account pages have no axe violations", async ({
      page,
      apiUrl,
      appUrl,
      javaScriptEnabled,
    }, testInfo) => {
      test.setTimeout(120_000);
      await registerThroughApi(page, { apiUrl, appUrl }, newMember(testInfo));
      for (const path of ["/", ...ACCOUNT_PAGES]) {
        await expectNoViolations(page, path, javaScriptEnabled);
      }
    });
  });
}

test.describe("the admin screens", () => {
  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    // Several screens each, every one with its page load, hydration and axe run.
    test.setTimeout(120_000);
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  test("dashboard, users, settings and messages have no axe violations", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const user = await adminApiPost<Created>(page, urls, "/api/users", {
      firstname: "Grace",
      lastname: uniqueTitle("Hopper", testInfo.project.name),
      email: `${newMember(testInfo, "axe").email}`,
      role: "user",
      password: "axe-password-123",
      password_confirmation: "axe-password-123",
    });
    try {
      await expectScreensClean(
        page,
        [
          "/admin",
          "/admin/users",
          "/admin/users?add=1",
          `/admin/users/${user.id}`,
          `/admin/users/${user.id}?confirm=delete`,
          "/admin/settings",
          "/admin/messages",
          "/admin/trash",
          "/admin/activity",
          "/admin/settings/history",
        ],
        javaScriptEnabled,
      );
    } finally {
      await adminApiDelete(page, urls, `/api/users/${user.id}`);
    }
  });

  test("the widget screens have no axe violations", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    // Widgets cannot be deleted; these keep their unique names.
    const text = await adminApiPost<Created>(page, urls, "/api/widgets", {
      name: widgetName("axe-text", testInfo.project.name),
      type: "TEXT",
    });
    await adminApiPost(page, urls, `/api/widgets/${text.id}`, {
      html: "<p>Clean water for <strong>every</strong> village.</p>",
    });
    const image = await adminApiPost<Created>(page, urls, "/api/widgets", {
      name: widgetName("axe-image", testInfo.project.name),
      type: "IMAGE",
    });
    await adminApiUpload(page, urls, `/api/widgets/${image.id}`, {
      alt: "A borehole pump",
      file: await photoFile("pump.jpg", "#3a7"),
    });
    // A page's widget: its place, the name read-only (record 035).
    const about = (await (
      await page.request.get(`${apiUrl}/api/widgets/AboutText1`)
    ).json()) as Created;
    await expectScreensClean(
      page,
      [
        "/admin/widgets",
        "/admin/widgets?add=1",
        "/admin/widgets?q=about+page",
        `/admin/widgets/${text.id}`,
        `/admin/widgets/${image.id}`,
        `/admin/widgets/${about.id}?returnTo=%2Fabout`,
      ],
      javaScriptEnabled,
    );
  });

  test("the gallery screens have no axe violations", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const gallery = await adminApiPost<Created>(page, urls, "/api/galleries", {
      name: uniqueTitle("axe gallery", testInfo.project.name),
    });
    try {
      const photo = await adminApiUpload<Created>(page, urls, "/api/galleriesimages", {
        gallery_id: String(gallery.id),
        file: await photoFile("first.jpg", "#c33"),
      });
      await adminApiUpload(page, urls, "/api/galleriesimages", {
        gallery_id: String(gallery.id),
        file: await photoFile("second.jpg", "#33c"),
      });
      await expectScreensClean(
        page,
        [
          "/admin/galleries",
          "/admin/galleries?add=1",
          `/admin/galleries/${gallery.id}`,
          `/admin/galleries/${gallery.id}?photo=${photo.id}`,
          `/admin/galleries/${gallery.id}?confirm=delete`,
        ],
        javaScriptEnabled,
      );
    } finally {
      await adminApiDelete(page, urls, `/api/galleries/${gallery.id}`);
    }
  });

  test("the testimonial screens have no axe violations", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const testimonial = await adminApiPost<Created>(page, urls, "/api/testimonials", {
      name: uniqueTitle("Amina", testInfo.project.name),
      score: 4,
      review: "<p>The reading mentors changed <em>everything</em> for my son.</p>",
    });
    try {
      await expectScreensClean(
        page,
        [
          "/admin/testimonials",
          "/admin/testimonials?add=1",
          `/admin/testimonials?edit=${testimonial.id}`,
          `/admin/testimonials?edit=${testimonial.id}&confirm=delete`,
        ],
        javaScriptEnabled,
      );
    } finally {
      await adminApiDelete(page, urls, `/api/testimonials/${testimonial.id}`);
    }
  });

  for (const [kind, entryField] of [
    ["projects", "project_id"],
    ["blog", "blog_id"],
    ["opportunities", "project_id"],
  ] as const) {
    test(`the ${kind} screens have no axe violations`, async ({
      page,
      apiUrl,
      appUrl,
      javaScriptEnabled,
    }, testInfo) => {
      const urls = { apiUrl, appUrl };
      const entry = await adminApiPost<Created>(page, urls, `/api/${kind}`, {
        title: uniqueTitle("axe entry", testInfo.project.name),
      });
      try {
        await adminApiUpload(page, urls, `/api/${kind}/${entry.id}`, {
          article: "<h2>What we did</h2><p>We dug a well.</p><ul><li>Water</li></ul>",
          image: await photoFile("header.jpg", "#596"),
        });
        for (const colour of ["#a52", "#25a"]) {
          await adminApiUpload(page, urls, `/api/${kind}images`, {
            [entryField]: String(entry.id),
            file: await photoFile(`${colour.slice(1)}.jpg`, colour),
          });
        }
        await expectScreensClean(
          page,
          [
            `/admin/${kind}`,
            `/admin/${kind}?add=1`,
            `/admin/${kind}/${entry.id}`,
            `/admin/${kind}/${entry.id}?confirm=delete`,
            `/admin/${kind}/${entry.id}/history`,
            `/admin/${kind}/${entry.id}/history?version=1`,
          ],
          javaScriptEnabled,
        );
      } finally {
        await adminApiDelete(page, urls, `/api/${kind}/${entry.id}`);
      }
    });
  }

  test("a draft's preview and a filtered entry list have no axe violations", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const urls = { apiUrl, appUrl };
    const entry = await adminApiPost<Created>(page, urls, "/api/blog", {
      title: uniqueTitle("axe draft", testInfo.project.name),
      status: "draft",
    });
    try {
      await expectScreensClean(
        page,
        [`/admin/blog/${entry.id}/preview`, "/admin/blog?status=draft&q=axe"],
        javaScriptEnabled,
      );
    } finally {
      await adminApiDelete(page, urls, `/api/blog/${entry.id}`);
    }
  });
});
