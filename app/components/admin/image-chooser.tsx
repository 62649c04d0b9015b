import { useState, type ChangeEvent } from "react";
import { useFirstFocus } from "../app-form.tsx";
import { ErrorList } from "../form-fields.tsx";
import { responsiveImage } from "../../lib/images.ts";

type ImageChooserProps = {
  /** The file input's id; its hint and errors are described by `{id}-hint` and `{id}-error`. */
  id: string;
  /** The form field the file is posted under. */
  name: string;
  label?: string;
  currentUrl: string | null;
  errors: readonly string[];
  /** The hint when there is no picture yet ("Choose the item's picture."). */
  emptyHint: string;
};

/**
 * A picture of an item: the current one (at most 240 px high, spec §9), and a preview of a
 * newly chosen file before it is saved. Without JavaScript it is a plain file input under the
 * current picture. Inside an `AppForm`: focused when it is the form's first invalid field.
 */
export function ImageChooser({
  id,
  name,
  label = "Image",
  currentUrl,
  errors,
  emptyHint,
}: ImageChooserProps) {
  const autoFocus = useFirstFocus(name);
  const [chosen, setChosen] = useState<{ url: string; unreadable: boolean } | null>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (chosen) URL.revokeObjectURL(chosen.url);
    setChosen(file ? { url: URL.createObjectURL(file), unreadable: false } : null);
  };
  const shown = chosen ? (chosen.unreadable ? null : chosen.url) : currentUrl;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink">
        {label}
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-muted">
        {currentUrl ? "Choose a file to replace the picture." : emptyHint}
      </p>
      {shown ? (
        <img
          // A new element for a chosen file: the saved picture's srcset must not outlive it.
          key={shown}
          {...responsiveImage(shown, "24rem")}
          alt={chosen ? "Preview of the chosen image" : "The current image"}
          // A chosen file the browser cannot draw: no broken picture, a word instead.
          onError={() => setChosen((file) => (file ? { ...file, unreadable: true } : null))}
          className="mt-2 max-h-60 w-auto rounded-lg ring-1 ring-brand-100"
        />
      ) : null}
      {chosen?.unreadable ? (
        <p className="mt-2 text-sm text-muted">
          The chosen file cannot be shown here: it may not be a picture.
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept="image/*"
        onChange={onChange}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autoFocus}
        aria-describedby={errors.length > 0 ? `${hintId} ${errorId}` : hintId}
        aria-invalid={errors.length > 0 || undefined}
        className="mt-2 block w-full text-base file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
