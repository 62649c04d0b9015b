import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./accounts.ts";
import { expect, signInThroughApi, test } from "./fixtures.ts";
import { rawGet, type RawAnswer } from "./raw-http.ts";
import {
  startStandInBackend,
  startWebTier,
  type StandInBackend,
  type WebTier,
} from "./stand-in.ts";

const PROJECT = "/projects/clean-water-healthy-homes";

/**
 * Loads `path` until the document comes from the render cache (an admin's change in a test
 * running beside this one empties it), and answers that response.
 */
async function loadFromCache(page: Page, path: string) {
  let served: Awaited<ReturnType<Page["goto"]>> = null;
  await expect
    .poll(async () => {
      served = await page.goto(path);
      return served?.headers()["x-render-cache"];
    })
    .toBe("hit");
  return served!;
}

/** The inline scripts of a page as the browser parsed them, by their text. */
function inlineScriptsOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((script) => script.textContent ?? ""),
  );
}

function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

test.describe("a visitor's page from the render cache", () => {
  let problems: string[];

  test.beforeEach(async ({ page }) => {
    problems = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    // Added by the browser's tooling, outside the page's policy: it sees every violation. Zod
    // probes whether it may compile with `Function("")` and, refused, does without: that one is
    // expected under a policy without 'unsafe-eval'.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        if (event.blockedURI === "eval") return;
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
  });

  for (const path of ["/", PROJECT]) {
    test(`${path} runs its scripts under a policy naming their hashes, and hydrates`, async ({
      page,
      javaScriptEnabled,
    }) => {
      const served = await loadFromCache(page, path);
      const policy = served.headers()["content-security-policy"] ?? "";
      expect(policy).not.toContain("'nonce-");
      expect(await page.locator("script[nonce]").count()).toBe(0);
      const scripts = await inlineScriptsOf(page);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(policy).toContain(sha256Source(script));

      const link = page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Contact Us" });
      if (javaScriptEnabled) {
        // React has taken the page over: hydration is done.
        await page.waitForFunction(() =>
          Object.keys(document.querySelector("main")!).some((key) => key.startsWith("__react")),
        );
        await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
      }
      await link.click();
      await expect(page).toHaveURL("/contact");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const sameDocument = await page.evaluate(
        () => (window as { sameDocument?: boolean }).sameDocument === true,
      );
      // With JavaScript, a client-side navigation: the document the cache served is still there.
      expect(sameDocument).toBe(javaScriptEnabled);
      expect(problems).toEqual([]);
    });
  }
});

test.describe("a cached page's bodies", () => {
  test("brotli, gzip and identity bodies hold the same bytes, and If-None-Match gives 304", async ({
    appUrl,
  }) => {
    const url = `${appUrl}${PROJECT}`;
    let answers: Record<"br" | "gzip" | "identity", RawAnswer> | undefined;
    // The three must come from one stored page (an admin's change beside this test renews it).
    await expect
      .poll(async () => {
        await rawGet(url);
        answers = {
          br: await rawGet(url, { "Accept-Encoding": "br" }),
          gzip: await rawGet(url, { "Accept-Encoding": "gzip" }),
          identity: await rawGet(url, { "Accept-Encoding": "identity" }),
        };
        const { br, gzip, identity } = answers;
        const hits = [br, gzip, identity].every(
          (answer) => answer.headers["x-render-cache"] === "hit",
        );
        return (
          hits && String(br.headers.etag) === String(identity.headers.etag).replace(/"$/, '-br"')
        );
      })
      .toBe(true);
    const { br, gzip, identity } = answers!;

    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    for (const answer of [br, gzip, identity]) {
      expect(answer.status).toBe(200);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(answer.headers["cache-control"]).toBe("public, max-age=5, stale-while-revalidate=30");
    }
    expect(identity.body.toString("utf8")).toContain("<!DOCTYPE html>");
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(new Set([br, gzip, identity].map((answer) => answer.headers.etag)).size).toBe(3);

    const notModified = await rawGet(url, {
      "Accept-Encoding": "br",
      "If-None-Match": String(br.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.byteLength).toBe(0);
    expect(notModified.headers.etag).toBe(br.headers.etag);

    const changed = await rawGet(url, { "Accept-Encoding": "br", "If-None-Match": '"other"' });
    expect(changed.status).toBe(200);
    expect(changed.body.byteLength).toBeGreaterThan(0);

    const head = await rawGet(url, { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-render-cache"]).toBe("hit");
    expect(Number(head.headers["content-length"])).toBe(gzip.body.byteLength);
    expect(head.body.byteLength).toBe(0);
  });

  test("every answer's policy names the hashes of the scripts in its body", async ({ appUrl }) => {
    for (const path of ["/", "/projects", PROJECT, "/no-such-page"]) {
      for (let round = 0; round < 2; round += 1) {
        const answer = await rawGet(`${appUrl}${path}`);
        const policy = String(answer.headers["content-security-policy"]);
        expect(policy, path).not.toContain("'nonce-");
        const html = answer.body.toString("utf8");
        const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
        expect(scripts.length, path).toBeGreaterThan(0);
        for (const [, text] of scripts) expect(policy, path).toContain(sha256Source(text!));
      }
    }
  });
});

test.describe("the build's scripts", () => {
  test("come as the build's brotli or gzip copy, the same bytes as the file, each with its own tag", async ({
    appUrl,
  }) => {
    const home = (await rawGet(`${appUrl}/`)).body.toString("utf8");
    const script = /"(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    expect(script).toBeDefined();
    const url = `${appUrl}${script}`;
    const identity = await rawGet(url);
    const gzipped = await rawGet(url, { "Accept-Encoding": "gzip" });
    const brotli = await rawGet(url, { "Accept-Encoding": "gzip, br" });

    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gunzipSync(gzipped.body)).toEqual(identity.body);
    expect(brotliDecompressSync(brotli.body)).toEqual(identity.body);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.byteLength);
    for (const answer of [identity, gzipped, brotli]) {
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const tags = new Set([identity, gzipped, brotli].map((answer) => answer.headers.etag));
    expect(tags.size).toBe(3);

    const unchanged = await rawGet(url, {
      "Accept-Encoding": "br",
      "If-None-Match": brotli.headers.etag!,
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.byteLength).toBe(0);
  });
});

test.describe("pages never shared", () => {
  test("a signed-in visitor gets a page rendered for them, with a nonce of its own each time", async ({
    page,
    appUrl,
    apiUrl,
  }) => {
    await rawGet(`${appUrl}/`);
    await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
    const nonces = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      const response = await page.goto("/");
      const headers = response!.headers();
      expect(headers["x-render-cache"]).toBeUndefined();
      expect(headers["cache-control"]).toBe("private, no-store");
      const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
      expect(nonce).toBeDefined();
      nonces.add(nonce!);
      // An admin's own page: the pencil a visitor's cached page never shows.
      await expect(page.getByRole("link", { name: "Edit HomeText", exact: true })).toBeVisible();
    }
    expect(nonces.size).toBe(3);
  });

  test("a signed-in visitor's page comes in brotli, gzip or as it is, the same page each way", async ({
    page,
    appUrl,
    apiUrl,
  }) => {
    await signInThroughApi(page, { apiUrl, appUrl }, E2E_ADMIN);
    const cookies = await page.context().cookies(appUrl);
    const Cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
    const identity = await rawGet(`${appUrl}/`, { Cookie });
    const gzipped = await rawGet(`${appUrl}/`, { Cookie, "Accept-Encoding": "gzip" });
    const brotli = await rawGet(`${appUrl}/`, { Cookie, "Accept-Encoding": "gzip, br" });

    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.byteLength);
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.byteLength);
    // Each answer has a nonce of its own; apart from it, the three are one page.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    const page1 = withoutNonce(identity.body.toString("utf8"));
    // An admin's own page: the pencil a visitor's cached page never shows.
    expect(page1).toContain('aria-label="Edit HomeText"');
    expect(withoutNonce(gunzipSync(gzipped.body).toString("utf8"))).toBe(page1);
    expect(withoutNonce(brotliDecompressSync(brotli.body).toString("utf8"))).toBe(page1);
    for (const answer of [identity, gzipped, brotli]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
  });
});

test.describe("with a backend that sets a cookie on every answer, as Laravel does", () => {
  test.describe.configure({ mode: "default" });
  let backend: StandInBackend;
  let site: WebTier;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    backend = await startStandInBackend(process.env.E2E_API_URL!, {
      setCookie: "laravel_session=stand-in; Path=/; HttpOnly; SameSite=Lax",
    });
    site = await startWebTier(backend.url);
  });

  test.afterAll(async () => {
    await site?.close();
    await backend?.close();
  });

  test("a visitor's page carries none of its cookies, is shared, and runs its scripts", async ({
    page,
    javaScriptEnabled,
  }) => {
    // The page asks the backend only what is the same for everyone, without the visitor's
    // cookies: the session cookie it sets on those answers reaches nobody.
    const outcomes: unknown[] = [];
    for (let round = 0; round < 2; round += 1) {
      const answer = await rawGet(`${site.url}/projects`, { "Accept-Encoding": "br" });
      expect(answer.status).toBe(200);
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(answer.headers["cache-control"]).toBe("public, max-age=5, stale-while-revalidate=30");
      outcomes.push(answer.headers["x-render-cache"]);
    }
    expect(outcomes).toEqual(["miss", "hit"]);

    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(`${site.url}/projects`);
    if (javaScriptEnabled) {
      await page.waitForFunction(() =>
        Object.keys(document.querySelector("main")!).some((key) => key.startsWith("__react")),
      );
    }
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
