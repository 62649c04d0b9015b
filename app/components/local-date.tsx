import { formatDate, SITE_LOCALE } from "../lib/locale.ts";
import { useRootData } from "../lib/root-data.ts";

/**
 * A date in the viewer's locale: the one the server resolved from `Accept-Language` and handed
 * to the browser in the root loader's data, so the text is the same before and after hydration.
 */
export function LocalDate({ iso }: { iso: string | null }) {
  const locale = useRootData()?.locale ?? SITE_LOCALE;
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <time>{iso}</time>;
  return <time dateTime={iso}>{formatDate(date, locale)}</time>;
}
