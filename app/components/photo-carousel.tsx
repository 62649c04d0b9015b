import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type MouseEvent,
} from "react";
import type { EntryImage } from "../lib/api-types.ts";
import { responsiveImage } from "../lib/images.ts";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "./carousel-icons.tsx";
import type { Carousel } from "./photo-carousel-embla.ts";

/**
 * How many photos show side by side, by viewport width: 1, then 2 from 600 px, 3 from 900 px and 4
 * from 1100 px, but never more than there are photos, so a row of two is not half empty. Plain CSS,
 * so the server's HTML (and the row without JavaScript) already has the final layout.
 */
const LAYOUTS = [
  { slide: "basis-full", sizes: "(min-width: 48rem) 48rem, 100vw", frame: "max-w-3xl" },
  {
    slide: "basis-full min-[600px]:basis-1/2",
    sizes: "(min-width: 1280px) 608px, (min-width: 600px) 50vw, 100vw",
    frame: "max-w-7xl",
  },
  {
    slide: "basis-full min-[600px]:basis-1/2 min-[900px]:basis-1/3",
    sizes: "(min-width: 1280px) 405px, (min-width: 900px) 34vw, (min-width: 600px) 50vw, 100vw",
    frame: "max-w-7xl",
  },
  {
    slide: "basis-full min-[600px]:basis-1/2 min-[900px]:basis-1/3 min-[1100px]:basis-1/4",
    sizes:
      "(min-width: 1280px) 304px, (min-width: 1100px) 25vw, (min-width: 900px) 34vw, (min-width: 600px) 50vw, 100vw",
    frame: "max-w-7xl",
  },
] as const;

/** Slides crop their photo to 3:2; width and height keep that box before the stylesheet applies. */
const SLIDE_IMAGE_BOX = { width: 1200, height: 800 } as const;

/**
 * The photos of a project, post or opportunity. Without JavaScript (and until Embla has loaded,
 * after hydration) a scroll-snapped row of links to the full images; then an Embla carousel that
 * loops, with previous/next buttons and a pause button, autoplaying every 5 s except while
 * hovered, focused from the keyboard, paused, or under `prefers-reduced-motion`. A photo opens in
 * a PhotoSwipe lightbox, loaded on first use.
 */
export function PhotoCarousel({
  images,
  label = "Photos",
}: {
  images: EntryImage[];
  label?: string;
}) {
  const headingId = useId();
  const slidesId = useId();
  const layout = LAYOUTS[Math.min(Math.max(images.length, 1), LAYOUTS.length) - 1]!;
  const slidesRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const carousel = useCarousel(viewport);
  const embla = carousel?.embla;

  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const paused = choice === null ? reducedMotion : choice === "pause";
  const [hovered, setHovered] = useState(false);
  const [keyboardFocused, setKeyboardFocused] = useState(false);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const [scrollable, setScrollable] = useState(false);
  // Both stay true while it loops; Embla stops looping when too few photos overflow the row.
  const [canGoBack, setCanGoBack] = useState(false);
  const [canGoOn, setCanGoOn] = useState(false);
  const [rotating, setRotating] = useState(false);
  const shouldRotate = scrollable && !paused && !hovered && !keyboardFocused && !lightboxOpen;

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setScrollable(embla.scrollSnapList().length > 1);
      setCanGoBack(embla.canScrollPrev());
      setCanGoOn(embla.canScrollNext());
    };
    const started = () => setRotating(true);
    const stopped = () => setRotating(false);
    // The row may have been scrolled by hand before hydration; Embla moves it by transform.
    embla.rootNode().scrollLeft = 0;
    update();
    embla.on("reInit", update).on("select", update);
    embla.on("autoplay:play", started).on("autoplay:stop", stopped);
    return () => {
      embla.off("reInit", update).off("select", update);
      embla.off("autoplay:play", started).off("autoplay:stop", stopped);
    };
  }, [embla]);

  useEffect(() => {
    if (!carousel) return;
    const { embla, autoplay } = carousel;
    const sync = () => (shouldRotate ? autoplay.play() : autoplay.stop());
    sync();
    // Resizing re-creates the autoplay timer, and a swipe stops it: both pick up where we were.
    embla.on("reInit", sync).on("pointerUp", sync);
    return () => {
      embla.off("reInit", sync).off("pointerUp", sync);
    };
  }, [carousel, shouldRotate]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).matches(":focus-visible")) setKeyboardFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setKeyboardFocused(false);
    }
  };

  const opening = useRef(false);
  async function openLightbox(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return; // a new tab or window gets the image itself
    }
    event.preventDefault();
    if (opening.current) return;
    opening.current = true;
    const link = event.currentTarget;
    const thumbnails = slidesRef.current?.querySelectorAll("img");
    setLightboxOpen(true);
    try {
      const { openPhotoLightbox } = await import("./photo-lightbox.ts");
      await openPhotoLightbox({
        photos: images.map((image, imageIndex) => ({
          src: image.image_url,
          alt: image.alt ?? "",
          width: image.width,
          height: image.height,
          thumbnail: thumbnails?.[imageIndex] ?? null,
        })),
        index,
        label,
        onClose: () => {
          setLightboxOpen(false);
          link.focus({ preventScroll: true });
        },
      });
    } catch (error) {
      console.error("The lightbox could not open:", error);
      setLightboxOpen(false);
      window.location.assign(link.href);
    } finally {
      opening.current = false;
    }
  }

  if (images.length === 0) return null;
  const jump = reducedMotion;
  const buttonClass =
    "grid size-11 place-items-center rounded-full bg-white text-xl text-brand-800 shadow-sm ring-1 ring-brand-100 transition-colors hover:bg-brand-50 disabled:opacity-40";

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      className={`mx-auto w-full ${layout.frame}`}
      data-photo-carousel=""
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-3xl font-semibold">
            {label}
          </h2>
          {images.length > 1 ? (
            <p className="mt-1 text-sm text-muted">{images.length} photos</p>
          ) : null}
        </div>
        {scrollable ? (
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass}
              aria-label={paused ? "Play slideshow" : "Pause slideshow"}
              title={paused ? "Play slideshow" : "Pause slideshow"}
              onClick={() => setChoice(paused ? "play" : "pause")}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
            <button
              type="button"
              className={buttonClass}
              aria-label="Previous photo"
              title="Previous photo"
              aria-controls={slidesId}
              disabled={!canGoBack}
              onClick={() => embla?.scrollPrev(jump)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={buttonClass}
              aria-label="Next photo"
              title="Next photo"
              aria-controls={slidesId}
              disabled={!canGoOn}
              onClick={() => embla?.scrollNext(jump)}
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <div
        ref={setViewport}
        className={
          embla ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto overscroll-x-contain"
        }
      >
        <div
          ref={slidesRef}
          id={slidesId}
          className="-ml-4 flex touch-pan-y touch-pinch-zoom"
          aria-live={rotating ? "off" : "polite"}
        >
          {images.map((image, index) => (
            <div
              key={image.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${images.length}`}
              className={`min-w-0 shrink-0 grow-0 snap-start pl-4 ${layout.slide}`}
            >
              <a
                href={image.image_url}
                onClick={(event) => void openLightbox(event, index)}
                onPointerEnter={preloadLightbox}
                onFocus={preloadLightbox}
                className="block overflow-hidden rounded-xl bg-brand-50 focus-visible:outline-offset-[-3px]"
              >
                <img
                  {...responsiveImage(image.image_url, layout.sizes)}
                  alt={image.alt || `Photo ${index + 1} of ${images.length}`}
                  width={image.width ?? SLIDE_IMAGE_BOX.width}
                  height={image.height ?? SLIDE_IMAGE_BOX.height}
                  // The first row shows at once; later photos load as they come near.
                  loading={index < LAYOUTS.length ? undefined : "lazy"}
                  decoding="async"
                  draggable={false}
                  className="aspect-[3/2] w-full object-cover motion-safe:transition-transform motion-safe:duration-300 motion-safe:hover:scale-[1.03]"
                />
              </a>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * Embla on `viewport`, once its code has loaded: fetched after hydration and only by a page that
 * shows photos. Until then (or if it cannot load) the row stays the scroll-snapped one.
 */
function useCarousel(viewport: HTMLElement | null): Carousel | null {
  const [carousel, setCarousel] = useState<Carousel | null>(null);
  useEffect(() => {
    if (!viewport) return;
    let started: Carousel | null = null;
    let cancelled = false;
    import("./photo-carousel-embla.ts").then(
      ({ startCarousel }) => {
        if (cancelled) return;
        started = startCarousel(viewport);
        setCarousel(started);
      },
      (error: unknown) => console.error("The carousel could not start:", error),
    );
    return () => {
      cancelled = true;
      started?.embla.destroy();
      setCarousel(null);
    };
  }, [viewport]);
  return carousel;
}

function preloadLightbox() {
  void import("./photo-lightbox.ts");
}

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia("(prefers-reduced-motion: reduce)");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The visitor's wish for less motion; the server cannot know it, so it assumes none. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    () => false,
  );
}
