import { SettingsSchema, type SiteSettings } from "./api-types.ts";
import type { WebConfig } from "./config.server.ts";
import { getShared } from "./shared-data.server.ts";
import { logFallback } from "./api.server.ts";

/**
 * The organisation's details from `GET /api/settings` (the same for everyone, so shared between
 * requests); the environment fills what it lacks (a Laravel API answers 404).
 */
export async function loadSiteSettings(
  config: WebConfig,
  deadline?: AbortSignal,
): Promise<SiteSettings> {
  const defaults = config.siteDefaults;
  try {
    const result = await getShared(
      config,
      "/api/settings",
      (api) => api.get("/api/settings", { schema: SettingsSchema }),
      deadline,
    );
    if (!result.ok) return defaults;
    const body = result.body;
    return {
      name: body.name || defaults.name,
      phone: body.phone || defaults.phone,
      whatsapp: body.whatsapp || defaults.whatsapp,
      email: body.email || defaults.email,
      address: body.address || defaults.address,
      donateUrl: body.donate_url || defaults.donateUrl,
      social: {
        facebook: body.social?.facebook || defaults.social.facebook,
        instagram: body.social?.instagram || defaults.social.instagram,
        twitter: body.social?.twitter || defaults.social.twitter,
      },
      editable: true,
    };
  } catch (error) {
    logFallback("Site settings", error);
    return defaults;
  }
}
