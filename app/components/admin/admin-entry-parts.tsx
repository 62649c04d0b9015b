import type { ReactNode } from "react";
import { Link } from "react-router";

/** "Go Back" on the left, the screen's own buttons on the right. */
export function AdminToolbar({ backTo, children }: { backTo: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <Link to={backTo} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        ← Go Back
      </Link>
      {children ? <div className="flex flex-wrap gap-3">{children}</div> : null}
    </div>
  );
}

/** A card's picture, or a quiet placeholder when the item has none yet. */
export function EntryThumbnail({ url, alt = "" }: { url: string | null; alt?: string }) {
  return url ? (
    <img
      src={url}
      alt={alt}
      width={480}
      height={320}
      loading="lazy"
      decoding="async"
      className="aspect-[3/2] w-full bg-sand object-cover"
    />
  ) : (
    <div
      aria-hidden="true"
      className="grid aspect-[3/2] w-full place-items-center bg-[linear-gradient(135deg,#d5e9e7,#f3ece1)] text-brand-700/60"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="1.8" />
        <path d="m4 17 5-5 4 4 3-3 4 4" />
      </svg>
    </div>
  );
}

/** Marks an item whose publish date is still ahead: visitors do not see it until then. */
export function ScheduledBadge({ scheduled }: { scheduled: boolean }) {
  if (!scheduled) return null;
  return (
    <p className="w-fit rounded-full bg-donate-500/15 px-3 py-0.5 text-sm font-semibold text-donate-700">
      Scheduled
    </p>
  );
}
