// Unit tests of the web tier's render cache (web/render-cache.ts). They live in the api project
// because that is the project vitest runs for unit tests; they need no API. The clock is injected.
import { createHash, randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  inlineScriptHashes,
  isShareable,
  matchesEntityTag,
  preferredEncoding,
  RenderCache,
  scriptSourcesOf,
  type StoredPage,
  storedPage,
} from "../../web/render-cache.ts";

const FRESH_MS = 5_000;
const STALE_MS = 30_000;
/** lru-cache counts ages from a time above 0. */
const START = 1_000_000;

function cacheWithClock(options: { maxBytes?: number; maxEntries?: number } = {}) {
  const clock = { now: START };
  const cache = new RenderCache({
    freshMs: FRESH_MS,
    staleMs: STALE_MS,
    maxEntries: options.maxEntries ?? 500,
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
    now: () => clock.now,
  });
  return { cache, clock };
}

/** A page of about `size` bytes per encoding: random bytes do not compress. */
function pageOf(size: number, html = ""): Promise<StoredPage> {
  const body = Buffer.concat([Buffer.from(html), randomBytes(size)]);
  return storedPage(200, { "content-type": "text/html; charset=utf-8" }, body);
}

describe("lookups by age", () => {
  it("serves a page as fresh for freshMs, then as stale for staleMs, then forgets it", async () => {
    const { cache, clock } = cacheWithClock();
    const page = await pageOf(100);
    cache.store("/ en-GB", page);

    clock.now = START + FRESH_MS;
    expect(cache.lookup("/ en-GB")).toEqual({ page, stale: false });
    clock.now = START + FRESH_MS + 1;
    expect(cache.lookup("/ en-GB")).toEqual({ page, stale: true });
    clock.now = START + FRESH_MS + STALE_MS;
    expect(cache.lookup("/ en-GB")).toEqual({ page, stale: true });
    clock.now = START + FRESH_MS + STALE_MS + 1;
    expect(cache.lookup("/ en-GB")).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  it("keeps each key apart", async () => {
    const { cache } = cacheWithClock();
    const english = await pageOf(100);
    cache.store("/ en-GB", english);
    expect(cache.lookup("/ fr-FR")).toBeNull();
    expect(cache.lookup("/ en-GB")?.page).toBe(english);
  });
});

describe("stale-while-revalidate", () => {
  it("runs one background render at a time for a key and keeps what it renders", async () => {
    const { cache, clock } = cacheWithClock();
    cache.store("/projects en-GB", await pageOf(100));
    clock.now = START + FRESH_MS + 1;
    expect(cache.lookup("/projects en-GB")?.stale).toBe(true);

    const renewed = await pageOf(100);
    let renders = 0;
    let finishRender: (page: StoredPage) => void = () => {};
    const render = () => {
      renders += 1;
      return new Promise<StoredPage>((resolve) => (finishRender = resolve));
    };
    const refresh = cache.refreshInBackground("/projects en-GB", render);
    expect(refresh).not.toBeNull();
    // A second visitor gets the stale page while the first refresh runs; no second render.
    expect(cache.lookup("/projects en-GB")?.stale).toBe(true);
    expect(cache.refreshInBackground("/projects en-GB", render)).toBeNull();
    expect(renders).toBe(1);

    finishRender(renewed);
    await refresh;
    expect(cache.lookup("/projects en-GB")).toEqual({ page: renewed, stale: false });
    // Once it is done, a later refresh may run again.
    const next = cache.refreshInBackground("/projects en-GB", render);
    expect(renders).toBe(2);
    finishRender(renewed);
    await next;
  });

  it("drops the page when the background render is not shareable or fails", async () => {
    const { cache, clock } = cacheWithClock();
    cache.store("/a en-GB", await pageOf(100));
    cache.store("/b en-GB", await pageOf(100));
    clock.now = START + FRESH_MS + 1;

    await cache.refreshInBackground("/a en-GB", () => Promise.resolve(null));
    await cache.refreshInBackground("/b en-GB", () => Promise.reject(new Error("API down")));
    expect(cache.lookup("/a en-GB")).toBeNull();
    expect(cache.lookup("/b en-GB")).toBeNull();
    expect(cache.bytes).toBe(0);
  });
});

describe("visitors missing the same page at once", () => {
  it("share one render, and the page it gives is stored", async () => {
    const { cache } = cacheWithClock();
    const page = await pageOf(100);
    let renders = 0;
    let finishRender: (page: StoredPage) => void = () => {};
    const render = () => {
      renders += 1;
      return new Promise<StoredPage>((resolve) => (finishRender = resolve));
    };
    const first = cache.renderOnce("/ en-GB", render);
    const second = cache.renderOnce("/ en-GB", render);
    expect(cache.refreshInBackground("/ en-GB", render)).toBeNull();
    expect(renders).toBe(1);

    finishRender(page);
    expect(await first).toBe(page);
    expect(await second).toBe(page);
    expect(cache.lookup("/ en-GB")).toEqual({ page, stale: false });
  });

  it("do not store a page whose render began before the cache was cleared", async () => {
    const { cache } = cacheWithClock();
    const before = await pageOf(100);
    let finishRender: (page: StoredPage) => void = () => {};
    const rendering = cache.renderOnce(
      "/about en-GB",
      () => new Promise<StoredPage>((resolve) => (finishRender = resolve)),
    );
    cache.clear();
    // The next visitor renders afresh instead of waiting for the render from before the change.
    const after = await pageOf(100);
    expect(await cache.renderOnce("/about en-GB", () => Promise.resolve(after))).toBe(after);

    finishRender(before);
    expect(await rendering).toBe(before);
    expect(cache.lookup("/about en-GB")?.page).toBe(after);
  });

  it("each see a failed render fail, and nothing is kept", async () => {
    const { cache } = cacheWithClock();
    const failure = new Error("API down");
    const first = cache.renderOnce("/blog en-GB", () => Promise.reject(failure));
    const second = cache.renderOnce("/blog en-GB", () => Promise.resolve(null));
    await expect(first).rejects.toBe(failure);
    await expect(second).rejects.toBe(failure);
    expect(cache.lookup("/blog en-GB")).toBeNull();
  });
});

describe("bounds", () => {
  it("evicts the least recently used pages once the bodies pass maxBytes", async () => {
    const first = await pageOf(1_000);
    // Room for 16 such pages (their sizes may differ by a few bytes of framing), not 17.
    const maxBytes = (first.bytes + 50) * 16;
    const { cache } = cacheWithClock({ maxBytes });
    const keys = Array.from({ length: 16 }, (_, index) => `/page/${index} en-GB`);
    for (const key of keys) cache.store(key, key === keys[0] ? first : await pageOf(1_000));
    expect(cache.bytes).toBeGreaterThan(first.bytes * 15);
    // /page/0 is the oldest stored but was just read: /page/1 is the one to go first.
    expect(cache.lookup(keys[0]!)).not.toBeNull();

    cache.store("/page/new en-GB", await pageOf(1_000));
    expect(cache.lookup(keys[0]!)).not.toBeNull();
    expect(cache.lookup(keys[1]!)).toBeNull();
    expect(cache.lookup("/page/new en-GB")).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
  });

  it("does not keep a page larger than a sixteenth of maxBytes", async () => {
    const small = await pageOf(1_000);
    const { cache } = cacheWithClock({ maxBytes: small.bytes * 16 });
    cache.store("/big en-GB", small);
    cache.store("/big en-GB", await pageOf(1_200));
    // Nor the older copy of it: the render that replaced it said what the page is now.
    expect(cache.lookup("/big en-GB")).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  it("keeps at most maxEntries pages", async () => {
    const { cache } = cacheWithClock({ maxEntries: 2 });
    cache.store("/1 en-GB", await pageOf(10));
    cache.store("/2 en-GB", await pageOf(10));
    cache.store("/3 en-GB", await pageOf(10));
    expect(cache.lookup("/1 en-GB")).toBeNull();
    expect(cache.lookup("/2 en-GB")).not.toBeNull();
    expect(cache.lookup("/3 en-GB")).not.toBeNull();
  });

  it("counts a page stored again for the same key once", async () => {
    const { cache } = cacheWithClock();
    const page = await pageOf(100);
    cache.store("/ en-GB", page);
    cache.store("/ en-GB", page);
    expect(cache.bytes).toBe(page.bytes);
    cache.clear();
    expect(cache.bytes).toBe(0);
    expect(cache.lookup("/ en-GB")).toBeNull();
  });
});

describe("what may be shared", () => {
  it("keeps 200 and 404 pages that set no cookie and are not private", () => {
    expect(isShareable(200, new Headers({ "Content-Type": "text/html" }))).toBe(true);
    expect(isShareable(404, new Headers())).toBe(true);
    expect(isShareable(200, new Headers({ "Cache-Control": "public, max-age=60" }))).toBe(true);
    const feed = { "Content-Type": "application/rss+xml", "Cache-Control": "public, max-age=5" };
    expect(isShareable(200, new Headers(feed))).toBe(true);
  });

  it("never keeps a page that sets a cookie, asks to stay private or is not a 200 or 404", () => {
    expect(isShareable(200, new Headers({ "Set-Cookie": "flash=; Max-Age=0" }))).toBe(false);
    expect(isShareable(200, new Headers({ "Cache-Control": "private" }))).toBe(false);
    expect(isShareable(200, new Headers({ "Cache-Control": "no-store" }))).toBe(false);
    expect(isShareable(200, new Headers({ "Cache-Control": "max-age=0, Private" }))).toBe(false);
    for (const status of [201, 204, 302, 303, 400, 403, 500, 503]) {
      expect(isShareable(status, new Headers()), String(status)).toBe(false);
    }
  });
});

describe("stored bodies", () => {
  it("holds identity, gzip and brotli bodies of the same bytes, with a tag for each", async () => {
    const html = `<!DOCTYPE html><html><body>${"<p>Clean water</p>".repeat(200)}</body></html>`;
    const page = await storedPage(
      200,
      { "content-type": "text/html", vary: "Accept-Language" },
      Buffer.from(html),
    );
    expect(page.bodies.identity.toString()).toBe(html);
    expect(gunzipSync(page.bodies.gzip).toString()).toBe(html);
    expect(brotliDecompressSync(page.bodies.br).toString()).toBe(html);
    expect(page.bodies.br.byteLength).toBeLessThan(html.length / 4);
    expect(page.bytes).toBe(
      page.bodies.identity.byteLength + page.bodies.gzip.byteLength + page.bodies.br.byteLength,
    );
    expect(page.headers.vary).toBe("Accept-Language, Accept-Encoding");
    const tags = Object.values(page.etags ?? {});
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
  });

  it.each([
    [
      "application/xml; charset=utf-8",
      '<?xml version="1.0"?><urlset><url><loc>x</loc></url></urlset>',
    ],
    ["application/rss+xml; charset=utf-8", '<?xml version="1.0"?><rss version="2.0"></rss>'],
    ["text/plain; charset=utf-8", "User-agent: *\nDisallow: /admin\n"],
  ])(
    "keeps a %s document with its own type, in every encoding, with its tags",
    async (type, text) => {
      const body = text.repeat(50);
      const page = await storedPage(200, { "content-type": type }, Buffer.from(body));
      expect(page.headers["content-type"]).toBe(type);
      expect(page.headers.vary).toBe("Accept-Encoding");
      expect(gunzipSync(page.bodies.gzip).toString()).toBe(body);
      expect(brotliDecompressSync(page.bodies.br).toString()).toBe(body);
      expect(new Set(Object.values(page.etags ?? {})).size).toBe(3);
    },
  );

  it("keeps a picture once, as it is: gzip or brotli would only cost time and memory", async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#155459" },
    })
      .jpeg()
      .toBuffer();
    const page = await storedPage(200, { "content-type": "image/jpeg" }, jpeg);
    expect(page.encoded).toBe(false);
    expect(page.bytes).toBe(jpeg.byteLength);
    expect(page.headers.vary).toBeUndefined();
    for (const body of Object.values(page.bodies)) expect(body.equals(jpeg)).toBe(true);
    expect(new Set(Object.values(page.etags ?? {})).size).toBe(1);
  });

  it("gives a 404 no entity tag (a 304 answers a 200 only)", async () => {
    const page = await storedPage(404, {}, Buffer.from("Not found"));
    expect(page.etags).toBeNull();
  });
});

describe("content negotiation", () => {
  it("prefers brotli, then gzip, then no encoding", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("br, gzip")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("")).toBe("identity");
    expect(preferredEncoding("*")).toBe("br");
  });

  it("honours the quality of each, q=0 refusing one", () => {
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(preferredEncoding("*;q=0, identity")).toBe("identity");
    expect(preferredEncoding("gzip;q=0.5, identity")).toBe("identity");
    expect(preferredEncoding("GZIP ; Q=1")).toBe("gzip");
    expect(preferredEncoding("br;q=0.000, gzip")).toBe("gzip");
  });

  it("matches If-None-Match with the weak comparison", () => {
    expect(matchesEntityTag('"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEntityTag('W/"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEntityTag('"x", "abc-br"', '"abc-br"')).toBe(true);
    expect(matchesEntityTag("*", '"abc-br"')).toBe(true);
    expect(matchesEntityTag('"abc-gzip"', '"abc-br"')).toBe(false);
    expect(matchesEntityTag(undefined, '"abc-br"')).toBe(false);
  });
});

describe("a policy for pages shared by visitors", () => {
  const contextScript = 'window.__reactRouterContext = {"url":"/projects","x":"\\u003c/script>"};';
  const moduleScript = 'import * as route0 from "/assets/root-abc.js";\nwindow.__ready = true;';
  const html = [
    "<!DOCTYPE html><html><head>",
    '<link rel="modulepreload" href="/assets/entry.client-abc.js"/>',
    '<script src="/assets/external.js"></script>',
    "</head><body><main>Projects</main>",
    `<script>${contextScript}</script>`,
    `<script type="module" async="">${moduleScript}</script>`,
    `<SCRIPT>${contextScript}</SCRIPT >`,
    "</body></html>",
  ].join("");

  function sha256Source(text: string): string {
    return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
  }

  it("names the hash of every inline script once, and no script loaded by src", () => {
    const sources = inlineScriptHashes(html);
    expect(sources).toEqual([sha256Source(contextScript), sha256Source(moduleScript)]);
    expect(sources).not.toContain(sha256Source(""));
  });

  it("names nothing for a page without inline scripts", () => {
    expect(inlineScriptHashes("<p>Hello</p>")).toEqual([]);
  });

  it("names scripts of HTML pages only: a sitemap or a feed runs none, whatever its text", () => {
    const body = Buffer.from(html);
    expect(scriptSourcesOf("text/html; charset=utf-8", body)).toEqual(inlineScriptHashes(html));
    expect(scriptSourcesOf("TEXT/HTML", body)).toEqual(inlineScriptHashes(html));
    for (const type of ["application/xml", "application/rss+xml", "text/plain", null]) {
      expect(scriptSourcesOf(type, body), String(type)).toEqual([]);
    }
  });

  it("hashes the characters as UTF-8, as a browser does", () => {
    const text = 'document.title = "Café — 10 €";';
    expect(inlineScriptHashes(`<script>${text}</script>`)).toEqual([sha256Source(text)]);
  });
});
