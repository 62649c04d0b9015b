import { expect, test } from "./fixtures.ts";

test("pages carry the security headers", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

test("a cross-site form post is refused", async ({ request }) => {
  const response = await request.post("/logout", {
    headers: { Origin: "https://attacker.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test("a same-site logout post goes Home", async ({ request, appUrl }) => {
  const response = await request.post("/logout", { headers: { Origin: appUrl }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
});

test("hashed assets are cached for a year and compressed", async ({ request, page }) => {
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet!, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
});

test("uploaded images are streamed from the API with long-lived caching", async ({
  page,
  request,
}) => {
  await page.goto("/founders");
  const source = await page.locator('[data-widget="Founder1Image"] img').getAttribute("src");
  expect(source).toMatch(/^\/storage\//);
  const response = await request.get(source!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
});

test("the web tier answers /healthz", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
});

test("public pages for visitors without cookies are shared briefly, never with cookies", async ({
  playwright,
  appUrl,
}) => {
  const visitor = await playwright.request.newContext({ baseURL: appUrl });
  await visitor.get("/legal/terms");
  const shared = await visitor.get("/legal/terms");
  expect(shared.status()).toBe(200);
  expect(shared.headers()["x-render-cache"]).toBe("hit");
  expect(shared.headers()["cache-control"]).toBe("public, max-age=5, stale-while-revalidate=30");
  expect(shared.headers()["set-cookie"]).toBeUndefined();
  await visitor.dispose();

  const member = await playwright.request.newContext({
    baseURL: appUrl,
    extraHTTPHeaders: { Cookie: "almoner_session=someone" },
  });
  const personal = await member.get("/legal/terms");
  expect(personal.status()).toBe(200);
  expect(personal.headers()["x-render-cache"]).toBeUndefined();
  expect(personal.headers()["cache-control"]).toBe("private, no-store");
  await member.dispose();
});
