import type { ReactNode } from "react";
import type { Widget } from "../lib/api-types.ts";
import { responsiveImage } from "../lib/images.ts";
import { useRootData } from "../lib/root-data.ts";
import { DonateLink } from "./donate-link.tsx";
import { EditWidgetLink } from "./widget-block.tsx";

/** Past this many characters a title is set smaller, so the banner grows less. */
const LONG_TITLE = 60;

/**
 * The banner at the top of a content page, with its title and a donate button: 350 px high
 * (spec), growing as a long title wraps, so every line of it stays in view at any width.
 */
export function HeaderImage({
  title,
  subtitle,
  image,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  image?: Widget | null;
}) {
  const donateUrl = useRootData()?.settings.donateUrl ?? "/donate";
  const picture = responsiveImage(image?.type === "IMAGE" ? image.image_url : null, "100vw");
  return (
    <section
      aria-labelledby="page-title"
      className="relative isolate flex min-h-[350px] flex-col overflow-hidden bg-brand-800"
      data-header-image=""
    >
      {picture ? (
        <img
          {...picture}
          alt=""
          className="absolute inset-0 -z-10 h-full w-full object-cover"
          fetchPriority="high"
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_20%_20%,#2a8a84_0,transparent_45%),radial-gradient(circle_at_85%_70%,#d97a2b_0,transparent_40%),linear-gradient(135deg,#103f43,#155459)]"
        />
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-t from-brand-900/90 via-brand-900/55 to-brand-900/30"
      />
      {/* The top padding keeps a tall title clear of the admin's pencil. */}
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col items-start justify-end gap-4 px-4 pb-10 pt-20 sm:px-6 lg:px-8">
        <h1
          id="page-title"
          className={`max-w-3xl font-semibold text-white [overflow-wrap:anywhere] [text-shadow:0_2px_12px_rgb(0_0_0/0.35)] ${
            typeof title === "string" && title.length > LONG_TITLE
              ? "text-3xl sm:text-4xl"
              : "text-4xl sm:text-5xl"
          }`}
        >
          {title}
        </h1>
        {subtitle ? <p className="text-lg text-brand-50">{subtitle}</p> : null}
        <DonateLink href={donateUrl} />
      </div>
      {image && image.id > 0 ? (
        <EditWidgetLink widget={image} className="absolute right-4 top-6 sm:right-6 lg:right-8" />
      ) : null}
    </section>
  );
}
