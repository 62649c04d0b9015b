import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAs, postForm } from "../support/admin-calls.ts";
import { createEntry } from "../support/entries-factory.ts";
import { createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { TestResponse } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

let counter = 0;
const uniqueEmail = () => `control-${Date.now()}-${++counter}@example.org`;
let ipCounter = 0;
const nextIp = () => `192.0.2.${++ipCounter}`;

const refused = (field: string) => `The ${field} field must not contain control characters.`;

/** A 422 whose only errors are the control-character message under each of `fields`. */
function expectRefused(response: TestResponse, ...fields: string[]) {
  expect(response.status).toBe(422);
  expect(response.body.errors).toEqual(
    Object.fromEntries(fields.map((field) => [field.replaceAll(" ", "_"), [refused(field)]])),
  );
}

describe("control characters in text fields", () => {
  it("POST /register refuses NUL, BEL, a newline and DEL in names and emails, per field", async () => {
    const client = api.client();
    await client.csrf();
    const response = await client.post("/register", {
      firstname: "Ada\u0000",
      lastname: "Love\nlace",
      email: `ada\u007f${uniqueEmail()}`,
      password: "a-long-password",
      password_confirmation: "a-long-password",
    });
    expect(response.body).toEqual({
      message: `${refused("firstname")} (and 2 more errors)`,
      errors: {
        firstname: [refused("firstname")],
        lastname: [refused("lastname")],
        email: [refused("email")],
      },
    });
    expect(response.status).toBe(422);
    const bell = await client.post("/register", {
      firstname: "Ada",
      lastname: "Lo\u0007velace",
      email: uniqueEmail(),
      password: "a-long-password",
      password_confirmation: "a-long-password",
    });
    expectRefused(bell, "lastname");
  });

  it("PUT /user/profile-information refuses them in the names", async () => {
    const user = await createUser(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.put("/user/profile-information", {
      firstname: "Gr\u0000ace",
      lastname: "Hop\tper",
      email: user.email,
    });
    expectRefused(response, "firstname", "lastname");
    const row = await api.database.db
      .selectFrom("users")
      .select(["firstname", "lastname"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstname: user.firstname, lastname: user.lastname });
  });

  it("POST /api/contact refuses them in the one-line fields and keeps line breaks in the message", async () => {
    const visitor = api.client();
    await visitor.csrf();
    const headers = { "X-Forwarded-For": nextIp() };
    const bad = await visitor.post(
      "/api/contact",
      {
        name: "Nia\u0000Visitor",
        telephone: "0123\n4567",
        email: "nia@example.org",
        message: "Hello\u0000there",
      },
      { headers },
    );
    expectRefused(bad, "name", "telephone", "message");

    const message = "First line\r\nSecond line\n\tIndented line";
    const good = await visitor.post(
      "/api/contact",
      { name: "Nia Visitor", telephone: "", email: "nia@example.org", message },
      { headers },
    );
    expect(good.status).toBe(201);
    const admin = await clientAs(api, "admin");
    const list = await admin.get("/api/contact-messages");
    expect(list.body.results[0].message).toBe(message);
  });

  it("POST /api/contact refuses them in a multipart form too", async () => {
    const visitor = api.client();
    await visitor.csrf();
    const response = await visitor.request("POST", "/api/contact", {
      headers: { "X-Forwarded-For": nextIp() },
      form: (() => {
        const form = new FormData();
        form.append("name", "Nia\u0000");
        form.append("email", "nia@example.org");
        form.append("message", "Hello");
        return form;
      })(),
    });
    expectRefused(response, "name");
  });

  it("admin names and titles: widgets, galleries, testimonials, users and entries", async () => {
    const admin = await clientAs(api, "admin");
    expectRefused(await admin.post("/api/widgets", { name: "home\u0000" }), "name");
    expectRefused(await admin.post("/api/galleries", { name: "Summer\u0000" }), "name");
    expectRefused(
      await admin.post("/api/testimonials", { name: "Dee\u001b[31m", score: 5 }),
      "name",
    );
    expectRefused(
      await admin.post("/api/users", {
        firstname: "New\u0000",
        lastname: "User",
        email: uniqueEmail(),
        role: "user",
        password: DEFAULT_PASSWORD,
        password_confirmation: DEFAULT_PASSWORD,
      }),
      "firstname",
    );
    const user = await createUser(api.database.db);
    expectRefused(
      await admin.patch(`/api/users/${user.id}`, { lastname: "Member\u0000" }),
      "lastname",
    );
    expectRefused(await admin.post("/api/projects", { title: "Water\u0000" }), "title");
    expectRefused(await admin.post("/api/blog", { title: "News\u0085" }), "title");
  });

  it("entry saves refuse them in one-line fields and keep line breaks in the article and preview", async () => {
    const admin = await clientAs(api, "admin");
    const entry = await createEntry(api.database.db, "project");
    const bad = await postForm(admin, `/api/projects/${entry.id}`, {
      title: "Clean\u0000water",
      slug: "clean\nwater",
      article: "<p>One</p>\u0000",
      preview_text: "Short\u0008",
    });
    expectRefused(bad, "title", "slug", "article", "preview text");

    const article = "<p>One</p>\n<p>Two</p>";
    const preview = "Line one\r\nLine two";
    const good = await postForm(admin, `/api/projects/${entry.id}`, {
      title: "Clean water",
      article,
      preview_text: preview,
    });
    expect(good.status).toBe(200);
    expect(good.body.preview_text).toBe(preview);
  });

  it("widget, gallery picture, testimonial and settings texts follow the same rule", async () => {
    const admin = await clientAs(api, "admin");
    const widget = await admin.post("/api/widgets", { name: `control-${++counter}` });
    expect(widget.status).toBe(201);
    expectRefused(
      await postForm(admin, `/api/widgets/${widget.body.id}`, {
        html: "<p>Hi</p>\u0000",
        alt: "A\nB",
      }),
      "html",
      "alt",
    );
    const saved = await admin.post(`/api/widgets/${widget.body.id}`, {
      html: "<p>Hi</p>\n<p>There</p>",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.html).toBe("<p>Hi</p>\n<p>There</p>");

    expectRefused(
      await admin.post("/api/testimonials", { name: "Dee", score: 5, review: "<p>Good\u0000</p>" }),
      "review",
    );
    const review = "<p>Good</p>\n<p>Very good</p>";
    const testimonial = await admin.post("/api/testimonials", { name: "Dee", score: 5, review });
    expect(testimonial.status).toBe(201);
    expect(testimonial.body.review).toBe(review);

    const settings = await admin.put("/api/settings", {
      name: "Foundation\u0000",
      address: "1 High Street\u0007",
      phone: "0123\t4567",
      social: { facebook: "https://facebook.com/x\u0000" },
    });
    expect(settings.status).toBe(422);
    expect(settings.body.errors).toEqual({
      name: [refused("name")],
      phone: [refused("phone")],
      address: [refused("address")],
      "social.facebook": [refused("social.facebook")],
    });
    const address = await admin.put("/api/settings", { address: "1 High Street\r\nSmallville" });
    expect(address.status).toBe(200);
    expect(address.body.address).toBe("1 High Street\r\nSmallville");
  });

  it("a name or slug in the path with a control character names nothing (404, not a server error)", async () => {
    const visitor = api.client();
    for (const path of ["/api/widgets/home%00", "/api/projects/water%00", "/api/blog/news%07"]) {
      const response = await visitor.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
  });
});
