import { hkdfSync, randomBytes } from "node:crypto";
import type { SiteSettings } from "./api-types.ts";

export type WebConfig = {
  apiUrl: string;
  appUrl: string;
  siteDefaults: SiteSettings;
  /** The largest photo the upload zones let through (the API's IMAGE_MAX_BYTES, 20 MiB unless set). */
  imageMaxBytes: number;
  /** Signs the web tier's own cookies (the flash message); derived from APP_KEY. */
  cookieSecret: string;
  /** How long one request's API calls may take together (web/host.ts); 10 s unless given. */
  deadlineMs: number;
  /** REDIS_URL: forms kept over Log In wait there, for every instance (record 050). */
  redisUrl?: string;
};

const DEFAULT_IMAGE_MAX_BYTES = 20 * 1024 * 1024;

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/** The web tier's settings from the environment; `overrides` come from the host that embeds it. */
export function loadWebConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Pick<WebConfig, "apiUrl" | "appUrl" | "deadlineMs"> & { appKey: string }> = {},
): WebConfig {
  const apiUrl =
    overrides.apiUrl ??
    nonEmpty(env.API_URL) ??
    `http://127.0.0.1:${nonEmpty(env.API_PORT) ?? 8000}`;
  const appUrl =
    overrides.appUrl ?? nonEmpty(env.APP_URL) ?? `http://localhost:${nonEmpty(env.PORT) ?? 3000}`;
  return {
    apiUrl: withoutTrailingSlash(apiUrl),
    appUrl: withoutTrailingSlash(appUrl),
    imageMaxBytes: positiveInteger(env.IMAGE_MAX_BYTES) ?? DEFAULT_IMAGE_MAX_BYTES,
    cookieSecret: cookieSecretFrom(overrides.appKey ?? nonEmpty(env.APP_KEY)),
    deadlineMs: overrides.deadlineMs ?? 10_000,
    redisUrl: nonEmpty(env.REDIS_URL),
    siteDefaults: {
      name: nonEmpty(env.SITE_NAME) ?? "Almoner Foundation",
      phone: nonEmpty(env.SITE_PHONE) ?? "",
      whatsapp: nonEmpty(env.SITE_WHATSAPP) ?? "",
      email: nonEmpty(env.SITE_EMAIL) ?? "",
      address: nonEmpty(env.SITE_ADDRESS) ?? "",
      donateUrl: nonEmpty(env.SITE_DONATE_URL) ?? "/donate",
      social: {
        facebook: nonEmpty(env.SITE_FACEBOOK_URL) ?? "https://www.facebook.com/",
        instagram: nonEmpty(env.SITE_INSTAGRAM_URL) ?? "https://www.instagram.com/",
        twitter: nonEmpty(env.SITE_TWITTER_URL) ?? "https://twitter.com/",
      },
      editable: false,
    },
  };
}

function positiveInteger(value: string | undefined): number | undefined {
  const number = Number(nonEmpty(value));
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/**
 * The web tier's cookie-signing key: its own HKDF sub-key of APP_KEY (decoded as the API
 * decodes it, `base64:…` or text), so it can never be turned against the API's secrets.
 * scripts/serve.ts always passes APP_KEY (from the environment, else the one generated in
 * DATA_DIR); only an app run some other way without one signs with a key of this process.
 */
function cookieSecretFrom(appKey: string | undefined): string {
  if (appKey === undefined) return randomBytes(32).toString("hex");
  const master = appKey.startsWith("base64:")
    ? Buffer.from(appKey.slice("base64:".length), "base64")
    : Buffer.from(appKey, "utf8");
  return Buffer.from(
    hkdfSync("sha256", master, Buffer.alloc(0), "almoner:web-cookies", 32),
  ).toString("hex");
}
