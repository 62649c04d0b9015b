import type { MouseEvent } from "react";

/**
 * The click handler of an article or a text widget that may hold galleries placed with
 * `[[gallery=N]]` (the API renders them as a `ul.gallery-grid` of links to the full images): a
 * photo opens in the lightbox, whose code loads on first use. Before hydration, without
 * JavaScript, or with a modifier key (a new tab), the link leads to the image itself. (On Home,
 * whose text blocks are widgets, this `import()` brings Vite's preload helper, about 0.7 kB.)
 */
export function openGalleryPhoto(event: MouseEvent<HTMLElement>): void {
  const link = (event.target as Element).closest?.<HTMLAnchorElement>("a.gallery-photo");
  if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  import("./gallery-lightbox.ts").then(
    ({ openGalleryLightbox }) => openGalleryLightbox(link),
    () => location.assign(link.href),
  );
}
