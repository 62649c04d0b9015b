import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

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
  storedAt: number;
};

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

/**
 * A short-lived in-memory cache of rendered pages for visitors without cookies (DESIGN §6):
 * fresh entries are served as they are; stale ones are served while a single background render
 * replaces them; older ones are gone. The least recently used pages make way past `maxEntries`
 * or `maxBytes`.
 */
export class RenderCache {
  readonly #entries = new Map<string, StoredPage>();
  /** Renders under way, by key: visitors missing the same page at once share one. */
  readonly #rendering = new Map<string, Promise<StoredPage | null>>();
  readonly #options: Required<RenderCacheOptions>;
  #bytes = 0;
  /** Counts `clear()`s: a render that began before one may show what the change removed. */
  #generation = 0;

  constructor(options: RenderCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  /** What the stored bodies hold now. */
  get bytes(): number {
    return this.#bytes;
  }

  lookup(key: string): { page: StoredPage; stale: boolean } | null {
    const page = this.#entries.get(key);
    if (!page) return null;
    const age = this.#options.now() - page.storedAt;
    if (age > this.#options.freshMs + this.#options.staleMs) {
      this.#forget(key);
      return null;
    }
    this.#entries.delete(key);
    this.#entries.set(key, page);
    return { page, stale: age > this.#options.freshMs };
  }

  store(key: string, page: StoredPage): void {
    this.#forget(key);
    if (page.bytes > this.#options.maxBytes / 16) return;
    this.#entries.set(key, page);
    this.#bytes += page.bytes;
    while (this.#entries.size > this.#options.maxEntries || this.#bytes > this.#options.maxBytes) {
      const leastRecentlyUsed = this.#entries.keys().next().value;
      if (leastRecentlyUsed === undefined) break;
      this.#forget(leastRecentlyUsed);
    }
  }

  /** Forgets every page (after an admin's change, which may have removed a picture they show). */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#generation += 1;
    this.#rendering.clear();
  }

  /**
   * The page `render` gives for `key`, stored when it is one (null: not shareable, and any stored
   * page for the key is dropped). While it runs, callers for the same key share it instead of
   * rendering too; one that began before a `clear()` is not stored.
   */
  renderOnce(key: string, render: () => Promise<StoredPage | null>): Promise<StoredPage | null> {
    const running = this.#rendering.get(key);
    if (running) return running;
    const generation = this.#generation;
    const rendering = render()
      .then((page) => {
        if (generation !== this.#generation) return page;
        if (page) this.store(key, page);
        else this.#forget(key);
        return page;
      })
      .catch((error: unknown) => {
        if (generation === this.#generation) this.#forget(key);
        throw error;
      })
      .finally(() => {
        if (this.#rendering.get(key) === rendering) this.#rendering.delete(key);
      });
    this.#rendering.set(key, rendering);
    return rendering;
  }

  /**
   * A stale page's replacement, unless a render of `key` is already running (then null): what
   * `renderOnce` does, its failure dropping the stored page rather than reaching anyone.
   */
  refreshInBackground(key: string, render: () => Promise<StoredPage | null>): Promise<void> | null {
    if (this.#rendering.has(key)) return null;
    return this.renderOnce(key, render).then(
      () => undefined,
      () => undefined,
    );
  }

  #forget(key: string): void {
    const page = this.#entries.get(key);
    if (!page) return;
    this.#entries.delete(key);
    this.#bytes -= page.bytes;
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

const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

/**
 * A page ready to be stored: its headers (the shared `Cache-Control` and `Vary: Accept-Encoding`
 * added) and its body in each encoding, compressed once here rather than per answer.
 */
export async function storedPage(
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  storedAt: number,
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
      storedAt,
    };
  }
  const [br, gzipped] = await Promise.all([
    compressWithBrotli(body, {
      params: {
        // Quality 5 compresses nearly as well as 11 at a small part of its cost; it runs per store.
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    compressWithGzip(body),
  ]);
  const bodies = { identity: body, gzip: gzipped, br };
  const vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : "Accept-Encoding";
  return {
    status,
    headers: { ...headers, vary },
    bodies,
    etags:
      status === 200 ? { identity: `"${tag}"`, gzip: `"${tag}-gzip"`, br: `"${tag}-br"` } : null,
    bytes: body.byteLength + gzipped.byteLength + br.byteLength,
    encoded: true,
    storedAt,
  };
}

/** Pictures other than SVG (the social cards, the logo) gain nothing from gzip or brotli. */
function isCompressedAlready(contentType: OutgoingHttpHeaders[string]): boolean {
  return /^\s*image\/(?!svg)/i.test(String(contentType ?? ""));
}

/** Browsers send a handful of distinct `Accept-Encoding` headers; parsing one costs microseconds. */
const encodingByHeader = new Map<string, Encoding>();
const MAX_REMEMBERED_ENCODING_HEADERS = 100;

/**
 * The encoding to answer with for an `Accept-Encoding` header: the acceptable one with the
 * highest quality, brotli before gzip before none on a tie; `q=0` refuses one.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = encodingByHeader.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = encodingFor(acceptEncoding);
    if (encodingByHeader.size >= MAX_REMEMBERED_ENCODING_HEADERS) encodingByHeader.clear();
    encodingByHeader.set(acceptEncoding, encoding);
  }
  return encoding;
}

function encodingFor(acceptEncoding: string): Encoding {
  let br: number | undefined;
  let gzipped: number | undefined;
  let identity: number | undefined;
  let anyOther: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    let quality = 1;
    for (const parameter of parameters) {
      const value = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1];
      if (value !== undefined) quality = Number(value) || 0;
    }
    switch (name.trim().toLowerCase()) {
      case "br":
        br = quality;
        break;
      case "gzip":
      case "x-gzip":
        gzipped = quality;
        break;
      case "identity":
        identity = quality;
        break;
      case "*":
        anyOther = quality;
    }
  }
  const qualities: [Encoding, number][] = [
    ["br", br ?? anyOther ?? 0],
    ["gzip", gzipped ?? anyOther ?? 0],
    // Unnamed, no encoding is still acceptable, but as the last choice.
    ["identity", identity ?? anyOther ?? Number.MIN_VALUE],
  ];
  let chosen: Encoding = "identity";
  let best = 0;
  for (const [encoding, quality] of qualities) {
    if (quality > best) [chosen, best] = [encoding, quality];
  }
  return chosen;
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

const SECRET_PATHS = ["/reset-password/", "/set-password/", "/email/verify/"];
const SECRET_PARAMETERS = new Set(["email", "token", "signature"]);

/**
 * Whether a URL carries something only its visitor should see: a reset or invitation token, a signed
 * verification link, or an email, token or signature in the query. Such a page is never
 * stored here and never shared by a cache downstream (DESIGN §6).
 */
export function carriesSecret(url: URL): boolean {
  if (SECRET_PATHS.some((path) => url.pathname.startsWith(path))) return true;
  for (const name of url.searchParams.keys()) {
    if (SECRET_PARAMETERS.has(name.toLowerCase())) return true;
  }
  return false;
}
