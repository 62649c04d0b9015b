/** The site's own locale: dates for a visitor whose browser names no language we can format. */
export const SITE_LOCALE = "en-GB";

/** At most this many languages of an `Accept-Language` header are considered. */
const MAX_LANGUAGES = 12;

/**
 * The visitor's locale for dates: the first language of `Accept-Language` (by preference) that
 * Intl can format, as Intl resolves it ("en-XX" → "en"), so the few distinct values key the
 * render cache; else the site's.
 */
export function resolveLocale(acceptLanguage: string | null | undefined): string {
  for (const tag of preferredLanguages(acceptLanguage ?? "")) {
    const locale = formattableLocale(tag);
    if (locale) return locale;
  }
  return SITE_LOCALE;
}

function preferredLanguages(header: string): string[] {
  return header
    .split(",")
    .slice(0, MAX_LANGUAGES)
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const quality = parameters
        .map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, quality }) => tag !== "" && tag !== "*" && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

function formattableLocale(tag: string): string | null {
  try {
    const { baseName } = new Intl.Locale(tag);
    if (Intl.DateTimeFormat.supportedLocalesOf([baseName]).length === 0) return null;
    return new Intl.DateTimeFormat(baseName).resolvedOptions().locale;
  } catch {
    return null;
  }
}

const DATE_FORMAT: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "long",
  year: "numeric",
  // The date the API stored, whatever the clock of the server or the browser says.
  timeZone: "UTC",
};

/** One formatter per locale: building one is far dearer than formatting with it. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatOf(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, DATE_FORMAT);
    } catch {
      format = dateFormatOf(SITE_LOCALE);
    }
    // Locales come from resolveLocale, a handful of values; the bound is for any other caller.
    if (dateFormats.size < 100) dateFormats.set(locale, format);
  }
  return format;
}

/** "17 November 2026" (en-GB), "November 17, 2026" (en-US); the same text on server and browser. */
export function formatDate(date: Date, locale: string): string {
  if (Number.isNaN(date.getTime())) return "Invalid Date"; // what toLocaleDateString says; format throws
  return dateFormatOf(locale).format(date);
}
