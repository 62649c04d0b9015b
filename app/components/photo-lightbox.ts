// Loaded only when a visitor opens a photo (see photo-carousel.tsx), with PhotoSwipe and its CSS.
import PhotoSwipe, { type SlideData } from "photoswipe";
import "photoswipe/style.css";

export type LightboxPhoto = {
  /** The full image. */
  src: string;
  alt: string;
  /** From the API when it knows them; else measured here. */
  width: number | null;
  height: number | null;
  /** The smaller picture already on the page: shown while the full one loads, and its shape. */
  thumbnail: HTMLImageElement | null;
};

type Size = { width: number; height: number };

/** How long a visitor waits for the full image's size before the lightbox opens on an estimate. */
const MEASURE_BEFORE_OPENING_MS = 1500;
const measured = new Map<string, Promise<Size | null>>();

/**
 * Opens the lightbox on `photos[index]`: arrows move, Escape closes, focus stays inside while
 * it is open. `onClose` runs once it has gone, so the caller can put focus back.
 */
export async function openPhotoLightbox({
  photos,
  index,
  label,
  onClose,
}: {
  photos: LightboxPhoto[];
  index: number;
  label: string;
  onClose: () => void;
}): Promise<void> {
  const slides: SlideData[] = photos.map((photo) => ({
    src: photo.src,
    alt: photo.alt,
    msrc: photo.thumbnail?.currentSrc || undefined,
    ...knownSize(photo),
  }));
  // PhotoSwipe lays a photo out from its size: get the first one's before opening.
  const opening = slides[index]!;
  if (!opening.width) {
    Object.assign(
      opening,
      (await Promise.race([measure(photos[index]!.src), timeout(MEASURE_BEFORE_OPENING_MS)])) ??
        (await thumbnailSize(photos[index]!.thumbnail)) ??
        estimatedSize(),
    );
  }

  const lightbox = new PhotoSwipe({
    dataSource: slides,
    index,
    bgOpacity: 0.92,
    showHideAnimationType: "fade",
    // We put focus back ourselves: on the link the photo was opened from, without scrolling.
    returnFocus: false,
    closeTitle: "Close",
    zoomTitle: "Zoom",
    arrowPrevTitle: "Previous photo",
    arrowNextTitle: "Next photo",
    indexIndicatorSep: " of ",
    errorMsg: "This photo could not be loaded.",
  });
  let open = true;
  lightbox.on("destroy", () => {
    open = false;
    onClose();
  });
  lightbox.init();
  lightbox.element?.setAttribute("aria-label", label);
  lightbox.element?.setAttribute("aria-modal", "true");

  // The other photos get their true size while the visitor looks at the first.
  slides.forEach((slide, slideIndex) => {
    if (slide.width) return;
    const photo = photos[slideIndex]!;
    Object.assign(slide, thumbnailSizeNow(photo.thumbnail) ?? estimatedSize());
    void measure(photo.src).then((size) => {
      if (!size || !open) return;
      Object.assign(slide, size);
      lightbox.refreshSlideContent(slideIndex);
    });
  });
}

function knownSize(photo: LightboxPhoto): Partial<Size> {
  if (photo.width && photo.height) return { width: photo.width, height: photo.height };
  // Without a srcset the picture on the page is the full image itself.
  const thumbnail = photo.thumbnail;
  if (thumbnail?.naturalWidth && thumbnail.currentSrc === new URL(photo.src, location.href).href) {
    return { width: thumbnail.naturalWidth, height: thumbnail.naturalHeight };
  }
  return {};
}

/** The full image's own size, once it has loaded (the browser keeps it for PhotoSwipe). */
function measure(src: string): Promise<Size | null> {
  let size = measured.get(src);
  if (!size) {
    const image = new Image();
    image.src = src;
    size = image.decode().then(
      () => ({ width: image.naturalWidth, height: image.naturalHeight }),
      () => null,
    );
    measured.set(src, size);
  }
  return size;
}

/** A smaller variant has the same shape; PhotoSwipe only zooms less far with its size. */
async function thumbnailSize(thumbnail: HTMLImageElement | null): Promise<Size | null> {
  await thumbnail?.decode().catch(() => undefined);
  return thumbnailSizeNow(thumbnail);
}

function thumbnailSizeNow(thumbnail: HTMLImageElement | null): Size | null {
  return thumbnail?.naturalWidth
    ? { width: thumbnail.naturalWidth, height: thumbnail.naturalHeight }
    : null;
}

function estimatedSize(): Size {
  return { width: 1500, height: 1000 };
}

function timeout(milliseconds: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), milliseconds));
}
