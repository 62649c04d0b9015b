import { useHydrated } from "remix-utils/use-hydrated";
import { SITE_LOCALE } from "../lib/locale.ts";
import { useRootData } from "../lib/root-data.ts";

/**
 * A moment in the viewer's locale: the server writes it in UTC (it cannot know the viewer's
 * clock), the browser rewrites it in its own time zone once it runs.
 */
export function LocalDateTime({
  iso,
  dateOnly = false,
}: {
  iso: string | null;
  dateOnly?: boolean;
}) {
  const locale = useRootData()?.locale ?? SITE_LOCALE;
  const timeZone = useHydrated() ? undefined : "UTC";
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <time>{iso}</time>;
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    ...(dateOnly ? {} : { timeStyle: "short" }),
    timeZone,
  }).format(date);
  const zone = timeZone && !dateOnly ? ` ${timeZone}` : "";
  return <time dateTime={iso}>{text + zone}</time>;
}
