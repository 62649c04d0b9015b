import type { RouterContextProvider } from "react-router";
import { loadWebConfig } from "./config.server.ts";
import { openKeptStores } from "./kept-form-store.server.ts";
import { resolveLocale } from "./locale.ts";
import { createLoadContext, type RequestFacts } from "./request-context.server.ts";
import { forgetSharedData } from "./shared-data.server.ts";

export type HostOptions = { apiUrl: string; appUrl: string; appKey: string; deadlineMs?: number };
/** What the host knows of one request; no nonce for a page shared by visitors without cookies. */
export type HostRequestFacts = Omit<RequestFacts, "config" | "keptForms" | "keptPreviews">;

/**
 * Everything web/host.ts asks of the app, through the server build (`createHostHooks` in
 * app/entry.server.tsx), so the host and the app share one set of context objects.
 */
export type HostHooks = {
  loadContext(facts: HostRequestFacts): RouterContextProvider;
  /** What besides the URL changes a shareable page: the resolved locale of Accept-Language. */
  renderVariantOf(acceptLanguage: string): string;
  /** After an admin's successful save through this web tier. */
  forgetSharedData(): void;
  /** Whether a successful post to this path may change what visitors' pages show. */
  changesContent(pathname: string): boolean;
  /** Whether the action at this path takes files (and so a multipart body). */
  takesFiles(pathname: string): boolean;
  /** Whether the URL carries what only its visitor should see: never kept nor shared. */
  carriesSecret(url: URL): boolean;
  /** When the host closes: lets go of the stores of kept forms and previews. */
  close(): Promise<void>;
};

/**
 * The admin forms with a file input or an upload zone, as pages or as data requests; an entry's
 * preview takes its edit form as it is, picture and all (record 054).
 */
const TAKES_FILES =
  /^\/admin\/(?:(?:projects|blog|opportunities)\/[^/]+(?:\/photos|\/preview)?|widgets\/[^/]+|galleries\/[^/]+\/photos)(?:\.data)?\/?$/;
const SECRET_PATHS = ["/reset-password/", "/set-password/", "/email/verify/"];
const SECRET_PARAMETERS = new Set(["email", "token", "signature", "typed"]);

export function createHostHooks(options: HostOptions): HostHooks {
  const config = loadWebConfig(process.env, options);
  const { keptForms, keptPreviews, close } = openKeptStores(config.redisUrl);
  return {
    loadContext: (facts) => createLoadContext({ config, keptForms, keptPreviews, ...facts }),
    renderVariantOf: (acceptLanguage) => resolveLocale(acceptLanguage),
    forgetSharedData,
    // A preview saves nothing (record 054).
    changesContent: (pathname) => pathname.startsWith("/admin/") && !/\/preview\/?$/.test(pathname),
    takesFiles: (pathname) => TAKES_FILES.test(pathname),
    carriesSecret,
    close,
  };
}

/**
 * A reset token, a signed verification link, or an email, token or signature in the query:
 * such a page is never stored by the host nor shared by a cache downstream (DESIGN §6).
 */
export function carriesSecret(url: URL): boolean {
  if (SECRET_PATHS.some((path) => url.pathname.startsWith(path))) return true;
  for (const name of url.searchParams.keys()) {
    if (SECRET_PARAMETERS.has(name.toLowerCase())) return true;
  }
  return false;
}
