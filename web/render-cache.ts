import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import { LRUCache } from "lru-cache";

export type Encoding = "br" | "gzip" | "identity";

export const SHARED_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";

/**
 * A rendered page kept for visitors without cookies, compressed once when it is stored so that
 * answering it is a plain write of bytes.
 */
export type StoredPage = {
  status: number;
  /** Every header of an answer but its encoding, length and entity tag. */
  headers: OutgoingHttpHeaders;
  bodies: Record<Encoding, Buffer>;
  /** One strong tag per encoding (each is a different representation); none on a 404. */
  etags: Record<Encoding, string> | null;
  /** The size of the three bodies: what the page costs the cache. */
  bytes: number;
  /** False for a body that is compressed already (a JPEG): every encoding is then the one body. */
  encoded: boolean;
};

/** A render for the cache: the page to store, or null when it is not one anyone may get. */
export type Render = () => Promise<StoredPage | null>;

export type RenderCacheOptions = {
  /** How long a page is served without rendering again. */
  freshMs: number;
  /** How much longer a page may be served while one background render replaces it. */
  staleMs: number;
  maxEntries: number;
  /** The most the stored bodies may hold together; a page over a sixteenth of it is not kept. */
  maxBytes: number;
  now?: () => number;
};

const NOT_SHAREABLE = new Error("The page is not one to share.");

/**
 * The rendered pages for visitors without cookies (DESIGN §6), on lru-cache: a page lives
 * `freshMs + staleMs` (its `ttl`), and is stale in its last `staleMs`. lru-cache's `fetch` shares
 * one render between the visitors missing a page at once, serves the stale page while one
 * background render replaces it (`forceRefresh` with `allowStale`), drops the page when that
 * render fails or is not shareable, and evicts the least recently used past `maxEntries` or
 * `maxBytes`. `clear()` aborts the renders under way: they still answer their visitors
 * (`ignoreFetchAbort`) but are not stored, since they may show what the change removed.
 */
export class RenderCache {
  readonly #pages: LRUCache<string, StoredPage, Render>;
  readonly #staleMs: number;

  constructor(options: RenderCacheOptions) {
    this.#staleMs = options.staleMs;
    this.#pages = new LRUCache<string, StoredPage, Render>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      maxEntrySize: options.maxBytes / 16,
      sizeCalculation: (page) => page.bytes,
      ttl: options.freshMs + options.staleMs,
      ttlResolution: 0,
      perf: options.now && { now: options.now },
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context: render }) =>
        (await render()) ?? Promise.reject(NOT_SHAREABLE),
    });
  }

  /** What the stored bodies hold now. */
  get bytes(): number {
    return this.#pages.calculatedSize;
  }

  lookup(key: string): { page: StoredPage; stale: boolean } | null {
    const page = this.#pages.get(key, { allowStale: false });
    if (!page) return null;
    return { page, stale: this.#pages.getRemainingTTL(key) < this.#staleMs };
  }

  /** Keeps `page`; one over a sixteenth of `maxBytes` is not kept, and drops the older copy. */
  store(key: string, page: StoredPage): void {
    this.#pages.delete(key);
    this.#pages.set(key, page);
  }

  /** Forgets every page (after an admin's change, which may have removed a picture they show). */
  clear(): void {
    this.#pages.clear();
  }

  /**
   * The page `render` gives for `key` (null: not shareable), stored when it is one; callers for
   * the same key meanwhile share it instead of rendering too.
   */
  renderOnce(key: string, render: Render): Promise<StoredPage | null> {
    return this.#pages.forceFetch(key, { context: render, allowStale: false }).catch((error) => {
      if (error === NOT_SHAREABLE) return null;
      throw error;
    });
  }

  /** A stale page's replacement, unless a render of `key` is already running (then null). */
  refreshInBackground(key: string, render: Render): Promise<void> | null {
    if (this.#isRendering(key)) return null;
    return this.#pages.fetch(key, { context: render, forceRefresh: true, allowStale: false }).then(
      () => undefined,
      () => undefined,
    );
  }

  #isRendering(key: string): boolean {
    const status: LRUCache.Status<string, StoredPage, Render> = {};
    this.#pages.get(key, { status });
    return status.get === "fetching" || status.get === "stale-fetching";
  }
}

/** A page anyone may get: a 200 or 404 that sets no cookie and does not ask to stay private. */
export function isShareable(status: number, headers: Headers): boolean {
  const cacheControl = headers.get("Cache-Control") ?? "";
  return (
    (status === 200 || status === 404) &&
    !headers.has("Set-Cookie") &&
    !/private|no-store/i.test(cacheControl)
  );
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of an HTML page, so that a page shared by
 * many visitors needs no nonce: a nonce served to everyone would be no secret.
 */
export function inlineScriptHashes(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    sources.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  }
  return [...sources];
}

/**
 * The script sources a shared response's policy names: an HTML page's inline scripts by hash.
 * Any other document the cache keeps (the sitemap, robots.txt, the news feed) runs no script,
 * and text in it that looks like one (an escaped post title, say) must not be allowed to.
 */
export function scriptSourcesOf(contentType: string | null, body: Buffer): string[] {
  if (!/^\s*text\/html\b/i.test(contentType ?? "")) return [];
  return inlineScriptHashes(body.toString("utf8"));
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A body in one encoding, compressed whole off the event loop (the app renders pages whole,
 * record 027). A page stored for many visitors gets brotli's quality 5, nearly as good as 11 at
 * a small part of its cost; one compressed per answer (a signed-in page) gets 4, which took a
 * quarter of 5's time on a 45 kB file (0.16 ms against 0.59) for a tenth more bytes. A 256 kB
 * window holds a page (the default 4 MB is per response).
 */
export function compress(
  body: Buffer,
  encoding: "br" | "gzip",
  use: "stored" | "answer",
): Promise<Buffer> {
  if (encoding === "gzip") return gzipped(body);
  const params = {
    [zlib.BROTLI_PARAM_QUALITY]: use === "stored" ? 5 : 4,
    [zlib.BROTLI_PARAM_LGWIN]: 18,
    [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  };
  return brotli(body, { params });
}

/**
 * A page ready to be stored: its headers (the shared `Cache-Control` and `Vary: Accept-Encoding`
 * added) and its body in each encoding, compressed once here rather than per answer.
 */
export async function storedPage(
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
): Promise<StoredPage> {
  const tag = createHash("sha256").update(body).digest("base64url").slice(0, 32);
  if (isCompressedAlready(headers["content-type"])) {
    const etag = `"${tag}"`;
    return {
      status,
      headers,
      bodies: { identity: body, gzip: body, br: body },
      etags: status === 200 ? { identity: etag, gzip: etag, br: etag } : null,
      bytes: body.byteLength,
      encoded: false,
    };
  }
  const [br, gzip] = await Promise.all([
    compress(body, "br", "stored"),
    compress(body, "gzip", "stored"),
  ]);
  const bodies = { identity: body, gzip, br };
  const vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : "Accept-Encoding";
  return {
    status,
    headers: { ...headers, vary },
    bodies,
    etags:
      status === 200 ? { identity: `"${tag}"`, gzip: `"${tag}-gzip"`, br: `"${tag}-br"` } : null,
    bytes: body.byteLength + gzip.byteLength + br.byteLength,
    encoded: true,
  };
}

/** Pictures other than SVG (the social cards, the logo) gain nothing from gzip or brotli. */
function isCompressedAlready(contentType: OutgoingHttpHeaders[string]): boolean {
  return /^\s*image\/(?!svg)/i.test(String(contentType ?? ""));
}

/**
 * The acceptable encoding of the highest quality, brotli before gzip before none on a tie
 * (codings are case-insensitive, RFC 9110 §8.4.1).
 */
const encodings = new Negotiator<Encoding>({
  supportedValues: ["br", "gzip", "identity"],
  cache: new LRUCache<string, string>({ max: 100 }),
});

export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  return (acceptEncoding && encodings.negotiate(acceptEncoding.toLowerCase())) || "identity";
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Headers that belong to one answer, not to the stored page; it gets its own. */
const PER_ANSWER_HEADERS = new Set([
  "cache-control",
  "content-length",
  "content-encoding",
  "etag",
  "transfer-encoding",
]);

/** A rendered page to keep with all its headers, the security ones too: a hit only writes them. */
export function pageToStore(
  status: number,
  headers: Headers,
  body: Buffer,
  securityHeaders: OutgoingHttpHeaders,
): Promise<StoredPage> {
  const stored: OutgoingHttpHeaders = { ...securityHeaders, "cache-control": SHARED_CACHE_CONTROL };
  for (const [name, value] of headers) {
    if (!PER_ANSWER_HEADERS.has(name)) stored[name] = value;
  }
  return storedPage(status, stored, body);
}

/**
 * A stored page as it is, in the encoding the client prefers; `If-None-Match` naming it gets a
 * 304. The headers go to `writeHead` as one object, never through `setHeader`: Node then writes
 * them without copying each into the response first. Returns the status sent.
 */
export function sendStoredPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: StoredPage,
  outcome: "hit" | "miss",
  requestId: string,
): number {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const etag = page.etags?.[encoding];
  const headers: OutgoingHttpHeaders = {
    "x-request-id": requestId,
    ...page.headers,
    "x-render-cache": outcome,
  };
  if (etag !== undefined) {
    headers.etag = etag;
    if (matchesEntityTag(req.headers["if-none-match"], etag)) {
      res.writeHead(304, headers).end();
      return 304;
    }
  }
  const body = page.bodies[encoding];
  if (encoding !== "identity" && page.encoded) headers["content-encoding"] = encoding;
  headers["content-length"] = body.byteLength;
  res.writeHead(page.status, headers).end(req.method === "HEAD" ? undefined : body);
  return page.status;
}
