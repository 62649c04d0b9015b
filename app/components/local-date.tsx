import { useHydrated } from "remix-utils/use-hydrated";

/**
 * A date in the viewer's local format. The server renders a neutral form (day month year,
 * UTC); once JavaScript runs the browser shows its own locale.
 */
export function LocalDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <time>{iso}</time>;
  const text = hydrated
    ? date.toLocaleDateString()
    : date.toLocaleDateString("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
  return <time dateTime={iso}>{text}</time>;
}
