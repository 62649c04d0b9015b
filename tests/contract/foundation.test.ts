import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

/**
 * The foundation calls of the web tier over real HTTP, without reading the database, so the same
 * suite runs against the foundation's Laravel backend (API_URL, with APP_URL one of its stateful
 * domains and a HomeText widget on the site). Without API_URL: a fresh embedded API.
 */
let embedded: TestApi | undefined;
let baseUrl: string;
let origin: string;

beforeAll(async () => {
  if (process.env.API_URL) {
    baseUrl = process.env.API_URL;
    origin = new URL(process.env.APP_URL ?? process.env.API_URL).origin;
    return;
  }
  embedded = await startTestApi();
  baseUrl = embedded.url;
  origin = TEST_APP_URL;
  const now = new Date().toISOString();
  await embedded.database.db
    .insertInto("widgets")
    .values({
      name: "HomeText",
      type: "TEXT",
      html: "<h2>Welcome</h2>",
      image: null,
      alt: "",
      created_at: now,
      updated_at: now,
    })
    .execute();
});
afterAll(async () => {
  await embedded?.close();
});

const client = () => new HttpClient(baseUrl, { origin });

describe("contract: session and CSRF", () => {
  it("GET /sanctum/csrf-cookie answers 204 with an XSRF-TOKEN cookie", async () => {
    const browser = client();
    const response = await browser.csrf();
    expect(response.status).toBe(204);
    expect(await browser.cookie("XSRF-TOKEN")).toBeTruthy();
  });

  it("a write without the XSRF header answers 419 with a JSON message", async () => {
    const browser = client();
    await browser.csrf();
    const response = await browser.post("/logout", {}, { xsrf: false });
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("a write with a wrong XSRF header answers 419", async () => {
    const browser = client();
    await browser.csrf();
    const response = await browser.post(
      "/logout",
      {},
      { xsrf: false, headers: { "X-XSRF-TOKEN": "forged" } },
    );
    expect(response.status).toBe(419);
  });

  it("GET /api/user answers 401 with a JSON message when signed out", async () => {
    const response = await client().get("/api/user");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });
});

describe("contract: widgets", () => {
  it("GET /api/widgets/{name} answers the widget fields the web tier reads", async () => {
    const response = await client().get("/api/widgets/HomeText");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: expect.any(Number),
      type: expect.stringMatching(/^(TEXT|IMAGE)$/),
    });
    expect(response.body).toHaveProperty("html");
    expect(response.body).toHaveProperty("image_url");
    expect(response.body).toHaveProperty("alt");
  });

  it("GET /api/widgets/{unknown} answers 404 with a JSON message", async () => {
    const response = await client().get("/api/widgets/NoSuchWidgetAnywhere");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/json/);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe("contract: errors", () => {
  it("an unknown API route answers a JSON 404, not HTML", async () => {
    const response = await client().get("/api/this-route-does-not-exist");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/json/);
  });
});
