// Loaded once a page showing photos has hydrated (see photo-carousel.tsx): Embla and its autoplay.
import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import Autoplay, { type AutoplayType } from "embla-carousel-autoplay";

const AUTOPLAY_DELAY_MS = 5000;

export type Carousel = { embla: EmblaCarouselType; autoplay: AutoplayType };

/** A looping carousel on `viewport`, whose autoplay the caller starts and stops. */
export function startCarousel(viewport: HTMLElement): Carousel {
  const autoplay = Autoplay({
    delay: AUTOPLAY_DELAY_MS,
    playOnInit: false,
    stopOnInteraction: true,
    stopOnFocusIn: false,
    stopOnMouseEnter: false,
  });
  const embla = EmblaCarousel(viewport, { loop: true, align: "start" }, [autoplay]);
  return { embla, autoplay };
}
