export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  storedAt: number;
};

export type RenderCacheOptions = {
  /** How long a page is served without rendering again. */
  freshMs: number;
  /** How much longer a page may be served while one background render replaces it. */
  staleMs: number;
  maxEntries: number;
  now?: () => number;
};

/**
 * A short-lived in-memory cache of rendered pages for visitors without cookies (DESIGN §6):
 * fresh entries are served as they are; stale ones are served while a single background render
 * replaces them; older ones are gone. The oldest entries make way past `maxEntries`.
 */
export class RenderCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #refreshing = new Set<string>();
  readonly #options: Required<RenderCacheOptions>;

  constructor(options: RenderCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  lookup(key: string): { page: CachedPage; stale: boolean } | null {
    const page = this.#entries.get(key);
    if (!page) return null;
    const age = this.#options.now() - page.storedAt;
    if (age <= this.#options.freshMs) return { page, stale: false };
    if (age <= this.#options.freshMs + this.#options.staleMs) return { page, stale: true };
    this.#entries.delete(key);
    return null;
  }

  store(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#entries.set(key, page);
    while (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** Forgets every page (after an admin's change, which may have removed a picture they show). */
  clear(): void {
    this.#entries.clear();
  }

  /** Runs `render` for `key` unless a refresh of it is already running; a null page is not kept. */
  refreshInBackground(key: string, render: () => Promise<CachedPage | null>): void {
    if (this.#refreshing.has(key)) return;
    this.#refreshing.add(key);
    render()
      .then((page) => {
        if (page) this.store(key, page);
        else this.#entries.delete(key);
      })
      .catch(() => this.#entries.delete(key))
      .finally(() => this.#refreshing.delete(key));
  }
}

const SECRET_PATHS = ["/reset-password/", "/email/verify/"];
const SECRET_PARAMETERS = new Set(["email", "token", "signature"]);

/**
 * Whether a URL carries something only its visitor should see: a reset token, a signed
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
