import type { getSettings } from "../domain/settings.ts";

type Settings = Awaited<ReturnType<typeof getSettings>>;

export function presentSettings(settings: Settings) {
  return {
    name: settings.name,
    phone: settings.phone,
    whatsapp: settings.whatsapp,
    email: settings.email,
    address: settings.address,
    donate_url: settings.donate_url,
    social: {
      facebook: settings.social.facebook,
      instagram: settings.social.instagram,
      twitter: settings.social.twitter,
    },
  };
}

/** The settings as an admin reads them: with their version, which the form sends back. */
export function presentSettingsForAdmin(settings: Settings, version: number) {
  return { ...presentSettings(settings), version };
}
