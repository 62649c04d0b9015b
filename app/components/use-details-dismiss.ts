import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * Enhances a `<details>` menu when JavaScript runs: it closes after a navigation, on a click
 * elsewhere and on Escape (focus then returns to its summary). Without JavaScript the full page
 * load that follows a choice closes it.
 */
export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement | null>): void {
  const location = useLocation();
  const shownLocationKey = useRef(location.key);

  // Only a navigation closes it: a menu opened before hydration finished stays open.
  useEffect(() => {
    if (shownLocationKey.current === location.key) return;
    shownLocationKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);

  useEffect(() => {
    function closeOnOutsidePointer(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) {
        details.open = false;
      }
    }
    function closeOnEscape(event: KeyboardEvent) {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    }
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsidePointer);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [ref]);
}

/** Closes the enclosing `<details>` as soon as one of its links is chosen. */
export function closeDetailsOnLinkClick(event: React.MouseEvent<HTMLElement>): void {
  const target = event.target as HTMLElement;
  if (target.closest("a")) {
    const details = event.currentTarget.closest("details");
    if (details) details.open = false;
  }
}
