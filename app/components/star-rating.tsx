import { StarIcon } from "./icons.tsx";

const STAR_COUNT = 5;
/** The values a score can take, 1 to 5, in order. */
export const stars = Array.from({ length: STAR_COUNT }, (_, index) => index + 1);

/**
 * A score shown as stars (spec §2.5: 25 px in lists): filled ones in the warm accent, the rest
 * outlined. One image to assistive technology: "4 out of 5 stars".
 */
export function StarRating({
  score,
  size = 25,
  className = "",
}: {
  score: number;
  /** Each star's width and height in pixels. */
  size?: number;
  className?: string;
}) {
  const filled = Math.max(0, Math.min(STAR_COUNT, Math.round(score)));
  return (
    <span
      role="img"
      aria-label={`${filled} out of ${STAR_COUNT} stars`}
      className={`inline-flex shrink-0 gap-0.5 text-donate-600 ${className}`}
    >
      {stars.map((star) => (
        <StarIcon
          key={star}
          width={size}
          height={size}
          fill={star <= filled ? "var(--color-donate-500)" : "none"}
        />
      ))}
    </span>
  );
}
