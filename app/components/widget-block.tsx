import { Link, useLoaderData, useLocation } from "react-router";
import type { Widget, WidgetMap } from "../lib/api-types.ts";
import { useCurrentUser } from "../lib/root-data.ts";
import { responsiveImage } from "../lib/images.ts";
import { openGalleryPhoto } from "./gallery-grid.ts";
import { PencilIcon } from "./icons.tsx";

/**
 * A named content block from the route's loader data (`{ widgets }`): TEXT as the HTML the API
 * sanitized on save, IMAGE as an image. A widget the API does not have renders nothing.
 */
export function WidgetBlock({ name, className = "" }: { name: string; className?: string }) {
  const loaderData = useLoaderData() as { widgets?: WidgetMap } | undefined;
  const widget = loaderData?.widgets?.[name];
  if (!widget) return null;
  if (widget.type === "IMAGE") {
    if (!widget.image_url) return null;
    return (
      <figure data-widget={name} className={["relative", className].filter(Boolean).join(" ")}>
        <img
          {...responsiveImage(widget.image_url, "(min-width: 768px) 50vw, 100vw")}
          alt={widget.alt ?? ""}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-2xl object-cover shadow-md"
        />
        <EditWidgetLink widget={widget} />
      </figure>
    );
  }
  if (!widget.html) return null;
  return (
    <div data-widget={name} className={["relative", className].filter(Boolean).join(" ")}>
      {/* Clicks on a gallery's photos (`[[gallery=N]]`) bubble here from the API's HTML. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        className="widget-html"
        onClick={openGalleryPhoto}
        dangerouslySetInnerHTML={{ __html: widget.html }}
      />
      <EditWidgetLink widget={widget} />
    </div>
  );
}

/**
 * The admin's shortcut from a content block to its edit screen, which leads back to this page
 * (`?returnTo=`); nobody else sees it.
 */
export function EditWidgetLink({
  widget,
  className = "absolute -top-3 right-0",
}: {
  widget: Widget;
  className?: string;
}) {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  if (user?.role !== "admin") return null;
  const returnTo = new URLSearchParams({ returnTo: pathname + search });
  return (
    <Link
      to={`/admin/widgets/${widget.id}?${returnTo}`}
      aria-label={`Edit ${widget.name}`}
      title={`Edit ${widget.name}`}
      className={`${className} z-10 grid size-10 place-items-center rounded-full bg-white text-brand-700 shadow-md ring-1 ring-brand-100 hover:bg-brand-50`}
    >
      <PencilIcon className="size-5" />
    </Link>
  );
}
