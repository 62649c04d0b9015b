import "./star-rating.css";
import { ErrorList } from "./form-fields.tsx";
import { StarIcon } from "./icons.tsx";
import { stars } from "./star-rating.tsx";

/**
 * The score of a form (spec §2.5: 30 px stars): a real radio group under a legend, each radio
 * drawn as a star, so it posts `name` without JavaScript and the arrow keys move and choose as
 * with any radios. Looks come from star-rating.css alone.
 */
export function StarRatingField({
  name,
  legend,
  defaultValue,
  errors = [],
  id,
}: {
  name: string;
  legend: string;
  /** The star checked at first (1–5); none when out of range. */
  defaultValue: number;
  errors?: readonly string[];
  /** The base of the fieldset's ids (its error list is `${id}-error`). */
  id: string;
}) {
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  return (
    <fieldset
      id={id}
      // A radio group under its legend; invalid as a whole, its message tied to it.
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      className="star-rating-field"
    >
      <legend id={`${id}-legend`} className="font-medium text-ink">
        {legend}
      </legend>
      <div className="star-choices mt-1.5 flex w-fit gap-1.5">
        {stars.map((value) => (
          <label
            key={value}
            className="star-choice relative grid cursor-pointer place-items-center p-0.5"
          >
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={value === defaultValue}
              required
              className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <StarIcon width={30} height={30} className="pointer-events-none" />
            <span className="sr-only">
              {value} {value === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
