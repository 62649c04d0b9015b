import type { Locator, Page } from "@playwright/test";
import {
  adminApiDelete,
  adminApiPost,
  signInAsAdmin,
  uniqueTitle,
  GONE_TO_TRASH,
  restoreInAnotherTab,
} from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

type Urls = { apiUrl: string; appUrl: string };
type Created = { id: number; name: string; score: number; review: string | null };

function addDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Add Testimonial" });
}

function editDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Edit Testimonial" });
}

/** A star of the Score field: its radio ("3 stars"). */
function star(dialog: Locator, label: string): Locator {
  return dialog.getByRole("radio", { name: label, exact: true });
}

/** Chooses a score as a person would: clicking the star with JavaScript, the radio without. */
async function chooseStars(dialog: Locator, label: string, javaScriptEnabled: boolean) {
  const radio = star(dialog, label);
  if (javaScriptEnabled) {
    // The star the radio is drawn as (its label).
    await dialog
      .locator("label")
      .filter({ has: dialog.page().getByRole("radio", { name: label, exact: true }) })
      .click();
  } else {
    await radio.check();
  }
  await expect(radio).toBeChecked();
}

/** Replaces the review: typed into the editor with JavaScript, as HTML into the textarea without. */
async function typeReview(page: Page, dialog: Locator, text: string, javaScriptEnabled: boolean) {
  const review = dialog.getByRole("textbox", { name: "Review" });
  if (javaScriptEnabled) {
    await expect(dialog.getByRole("button", { name: "Bold" })).toBeVisible();
    await review.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(text);
  } else {
    await review.fill(`<p>${text}</p>`);
  }
}

async function expectReview(dialog: Locator, text: string, javaScriptEnabled: boolean) {
  const review = dialog.getByRole("textbox", { name: "Review" });
  if (javaScriptEnabled) await expect(review).toContainText(text);
  else await expect(review).toHaveValue(new RegExp(text));
}

/** Removes every testimonial a test made under `name`, whether or not the test got that far. */
async function deleteTestimonialsNamed(page: Page, urls: Urls, name: string) {
  const response = await page.request.get(`${urls.apiUrl}/api/testimonials?limit=100`);
  const { results } = (await response.json()) as { results: Created[] };
  for (const testimonial of results.filter((candidate) => candidate.name === name)) {
    await adminApiDelete(page, urls, `/api/testimonials/${testimonial.id}`);
  }
}

function rowOf(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

test.describe("the admin screen of testimonials", () => {
  test.beforeEach(async ({ page, apiUrl, appUrl }) => {
    await signInAsAdmin(page, { apiUrl, appUrl });
  });

  test("an admin adds a testimonial, choosing the stars by pointer and by keyboard", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const name = uniqueTitle("Grace", testInfo.project.name);
    try {
      await page.goto("/admin/testimonials");
      await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin");
      await page.getByRole("link", { name: "Add Testimonial" }).click();
      const dialog = addDialog(page);
      await expect(dialog).toBeVisible();
      if (javaScriptEnabled) await expect(dialog.getByLabel("Name")).toBeFocused();
      // The rating control starts at its maximum (spec §3).
      await expect(star(dialog, "5 stars")).toBeChecked();

      await dialog.getByLabel("Name").fill(name);
      await chooseStars(dialog, "2 stars", javaScriptEnabled);
      // The arrow keys move through the stars and choose as they go, as with any radios.
      await star(dialog, "2 stars").focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(star(dialog, "4 stars")).toBeChecked();
      await expect(star(dialog, "4 stars")).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await expect(star(dialog, "3 stars")).toBeChecked();
      await typeReview(
        page,
        dialog,
        "The homework club gave my daughter confidence",
        javaScriptEnabled,
      );
      await dialog.getByRole("button", { name: "Add Testimonial" }).click();

      await expect(page).toHaveURL("/admin/testimonials");
      const confirmation = page
        .getByRole("status")
        .filter({ hasText: "Testimonial Added Successfully" });
      await expect(confirmation).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const row = rowOf(page, name);
      await expect(row.getByRole("img", { name: "3 out of 5 stars" })).toBeVisible();
      await expect(row.getByRole("link", { name: `Edit ${name}` })).toBeVisible();
      // With JavaScript the confirmation goes after 3 seconds (spec §4); without, it stays.
      if (javaScriptEnabled) await expect(confirmation).toBeHidden();

      const saved = (await (
        await page.request.get(`${apiUrl}/api/testimonials?limit=100`)
      ).json()) as { results: Created[] };
      const created = saved.results.find((testimonial) => testimonial.name === name);
      expect(created?.score).toBe(3);
      expect(created?.review).toContain("The homework club gave my daughter confidence");
    } finally {
      await deleteTestimonialsNamed(page, { apiUrl, appUrl }, name);
    }
  });

  test("an empty name is refused under its field and nothing typed is lost", async ({
    page,
    apiUrl,
    appUrl,
    javaScriptEnabled,
  }, testInfo) => {
    const name = uniqueTitle("Refused", testInfo.project.name);
    try {
      await page.goto("/admin/testimonials?add=1");
      const dialog = addDialog(page);
      // Spaces pass the browser's required check; the name is still empty once trimmed.
      await dialog.getByLabel("Name").fill("   ");
      await chooseStars(dialog, "2 stars", javaScriptEnabled);
      await typeReview(page, dialog, "Words that must not be lost", javaScriptEnabled);
      await dialog.getByRole("button", { name: "Add Testimonial" }).click();

      await expect(addDialog(page).getByText("The name field is required.")).toBeVisible();
      await expect(addDialog(page).getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
      await expect(star(addDialog(page), "2 stars")).toBeChecked();
      await expectReview(addDialog(page), "Words that must not be lost", javaScriptEnabled);

      // Corrected, it saves, the review with it.
      await addDialog(page).getByLabel("Name").fill(name);
      await addDialog(page).getByRole("button", { name: "Add Testimonial" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Testimonial Added Successfully" }),
      ).toBeVisible();
      await expect(rowOf(page, name).getByRole("img", { name: "2 out of 5 stars" })).toBeVisible();
    } finally {
      await deleteTestimonialsNamed(page, { apiUrl, appUrl }, name);
    }
  });

  test.describe("an existing testimonial", () => {
    let testimonial: Created;

    test.beforeEach(async ({ page, apiUrl, appUrl }, testInfo) => {
      testimonial = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/testimonials", {
        name: uniqueTitle("Joseph", testInfo.project.name),
        score: 2,
        review: "<p>Good, but the queue was long.</p>",
      });
    });

    test.afterEach(async ({ page, apiUrl, appUrl }) => {
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/testimonials/${testimonial.id}`);
    });

    test("Edit opens it; Save Changes keeps a new score and review", async ({
      page,
      apiUrl,
      javaScriptEnabled,
    }) => {
      await page.goto("/admin/testimonials");
      await page.getByRole("link", { name: `Edit ${testimonial.name}` }).click();
      const dialog = editDialog(page);
      await expect(dialog.getByLabel("Name")).toHaveValue(testimonial.name);
      await expect(star(dialog, "2 stars")).toBeChecked();
      await expectReview(dialog, "Good, but the queue was long.", javaScriptEnabled);

      await chooseStars(dialog, "5 stars", javaScriptEnabled);
      await typeReview(page, dialog, "Now there is no queue at all", javaScriptEnabled);
      await dialog.getByRole("button", { name: "Save Changes" }).click();

      await expect(page).toHaveURL("/admin/testimonials");
      await expect(
        page.getByRole("status").filter({ hasText: "Testimonial Changes Saved" }),
      ).toBeVisible();
      await expect(
        rowOf(page, testimonial.name).getByRole("img", { name: "5 out of 5 stars" }),
      ).toBeVisible();
      const saved = (await (
        await page.request.get(`${apiUrl}/api/testimonials/${testimonial.id}`)
      ).json()) as Created;
      expect(saved.review).toContain("Now there is no queue at all");
      expect(saved.review).not.toContain("queue was long");
    });

    test("a stale tab's save, after a colleague moved it to the trash, keeps what was typed; restored, it saves", async ({
      page,
      apiUrl,
      appUrl,
      javaScriptEnabled,
    }) => {
      await page.goto(`/admin/testimonials?edit=${testimonial.id}`);
      const dialog = editDialog(page);
      const history = dialog.getByRole("link", { name: "History" });
      const deleteLink = dialog.getByRole("link", { name: "Delete" });
      await expect(history).toBeVisible();
      await expect(deleteLink).toBeVisible();
      await chooseStars(dialog, "4 stars", javaScriptEnabled);
      await typeReview(page, dialog, "Written before the delete", javaScriptEnabled);
      await adminApiDelete(page, { apiUrl, appUrl }, `/api/testimonials/${testimonial.id}`);

      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByText(GONE_TO_TRASH)).toBeVisible();
      await expect(history).toHaveCount(0);
      await expect(deleteLink).toHaveCount(0);
      await expect(dialog.getByLabel("Name")).toHaveValue(testimonial.name);
      await expect(star(dialog, "4 stars")).toBeChecked();
      await expectReview(dialog, "Written before the delete", javaScriptEnabled);

      await restoreInAnotherTab(page, testimonial.name);

      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Testimonial Changes Saved" }),
      ).toBeVisible();
      const saved = (await (
        await page.request.get(`${apiUrl}/api/testimonials/${testimonial.id}`)
      ).json()) as Created;
      expect(saved.score).toBe(4);
      expect(saved.review).toContain("Written before the delete");
    });

    test("Delete asks first; Cancel keeps it, Confirm deletes it", async ({
      page,
      apiUrl,
      javaScriptEnabled,
    }) => {
      await page.goto("/admin/testimonials");
      await page.getByRole("link", { name: `Edit ${testimonial.name}` }).click();
      await editDialog(page).getByRole("link", { name: "Delete" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Please Confirm?" });
      await expect(confirm).toContainText("Are you sure you want to do this?");
      if (javaScriptEnabled) {
        await expect(confirm.getByRole("link", { name: "Cancel" })).toBeFocused();
      }
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(editDialog(page).getByLabel("Name")).toHaveValue(testimonial.name);
      if (javaScriptEnabled) {
        await expect(editDialog(page).getByRole("link", { name: "Delete" })).toBeFocused();
      }
      expect(
        (await page.request.get(`${apiUrl}/api/testimonials/${testimonial.id}`)).status(),
      ).toBe(200);

      await editDialog(page).getByRole("link", { name: "Delete" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
      await expect(page).toHaveURL("/admin/testimonials");
      await expect(page.getByRole("status").filter({ hasText: "Moved to Trash" })).toBeVisible();
      await expect(page.getByRole("link", { name: `Edit ${testimonial.name}` })).toHaveCount(0);
      expect(
        (await page.request.get(`${apiUrl}/api/testimonials/${testimonial.id}`)).status(),
      ).toBe(404);
    });
  });

  test("an edit link to a testimonial that is not there is the 404 page", async ({ page }) => {
    for (const id of ["abc", "999999999"]) {
      const response = await page.goto(`/admin/testimonials?edit=${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Error 404 / Page Not Found")).toBeVisible();
    }
  });

  test("a page past the last one shows the last", async ({ page }) => {
    await page.goto("/admin/testimonials?page=500");
    await expect(page).toHaveURL(/\/admin\/testimonials(\?page=\d+)?$/);
    expect(new URL(page.url()).searchParams.get("page")).not.toBe("500");
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Testimonials" })).toBeVisible();
  });
});

test("the newest testimonials are on the home page, for the admin and for a visitor", async ({
  page,
  browser,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}, testInfo) => {
  await signInAsAdmin(page, { apiUrl, appUrl });
  const testimonial = await adminApiPost<Created>(page, { apiUrl, appUrl }, "/api/testimonials", {
    name: uniqueTitle("Miriam", testInfo.project.name),
    score: 4,
    review: "<p>The clinic visits kept my <strong>whole family</strong> well.</p>",
  });
  const visitorContext = await browser.newContext({ javaScriptEnabled });
  try {
    const expectOnHome = async (home: Page, timeout?: number) => {
      const section = home.getByRole("region", { name: "What people say" });
      const quote = section.getByRole("listitem").filter({ hasText: testimonial.name });
      await expect(quote.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible({ timeout });
      await expect(quote.locator("strong", { hasText: "whole family" })).toBeVisible({ timeout });
      await expect(quote).toContainText("The clinic visits kept my whole family well.", {
        timeout,
      });
    };

    // Signed in, Home is rendered afresh.
    await page.goto("/");
    await expectOnHome(page);

    // A visitor without cookies may get a copy from the render cache a few seconds old.
    const visitor = await visitorContext.newPage();
    await expect(async () => {
      await visitor.goto(appUrl);
      await expectOnHome(visitor, 1000);
    }).toPass({ timeout: 20_000 });
  } finally {
    await visitorContext.close();
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/testimonials/${testimonial.id}`);
  }
});
