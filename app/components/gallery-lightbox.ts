// Loaded only when a visitor opens a photo of a gallery placed in a text (see gallery-grid.ts).
import { openPhotoLightbox } from "./photo-lightbox.ts";

let opening = false;

/**
 * Opens the lightbox on the photo of `link`, with the other photos of its gallery around it in
 * their order; focus goes back to the link when it closes.
 */
export async function openGalleryLightbox(link: HTMLAnchorElement): Promise<void> {
  const grid = link.closest(".gallery-grid");
  if (!grid || opening) return;
  const links = [...grid.querySelectorAll<HTMLAnchorElement>("a.gallery-photo")];
  opening = true;
  try {
    await openPhotoLightbox({
      photos: links.map((photo) => {
        const thumbnail = photo.querySelector("img");
        return { src: photo.href, alt: thumbnail?.alt ?? "", width: null, height: null, thumbnail };
      }),
      index: Math.max(links.indexOf(link), 0),
      label: grid.getAttribute("aria-label") || "Photos",
      onClose: () => link.focus({ preventScroll: true }),
    });
  } catch (error) {
    console.error("The lightbox could not open:", error);
    location.assign(link.href);
  } finally {
    opening = false;
  }
}
