import { lazy, Suspense, useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorList } from "./form-fields.tsx";
import type { LexicalRichTextEditorProps } from "./rich-text-editor-lexical.tsx";

// Lexical is loaded only once an admin page runs JavaScript; until then the textarea works alone.
// If its file cannot be fetched (a page left open across a deployment), the textarea stays.
const LexicalRichTextEditor = lazy(() =>
  import("./rich-text-editor-lexical.tsx").catch(() => ({ default: HtmlTextareaInstead })),
);

type RichTextEditorProps = {
  /** The form field the HTML is submitted under. */
  name: string;
  label: string;
  /** HTML; read once (give the editor a `key` to start it again with other content). */
  defaultValue: string;
  id?: string;
  errors?: readonly string[];
  /** A line under the label, e.g. how to place images. */
  hint?: string;
};

/**
 * A rich-text field. On the server and without JavaScript it is a textarea of HTML; after
 * hydration a Lexical editor takes its place and keeps the HTML in a hidden field of the same
 * name, so the surrounding form submits it either way.
 */
export function RichTextEditor({
  name,
  label,
  defaultValue,
  id,
  errors = [],
  hint,
}: RichTextEditorProps) {
  const generatedId = useId();
  const fieldId = id ?? `rich-text${generatedId}`;
  const labelId = `${fieldId}-label`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-errors`;
  const hydrated = useHydrated();
  const [html, setHtml] = useState(defaultValue);
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ");
  const textarea = (
    <HtmlTextarea
      id={fieldId}
      name={name}
      value={html}
      onChange={setHtml}
      invalid={invalid}
      describedBy={describedBy || undefined}
    />
  );

  return (
    <div>
      <label id={labelId} htmlFor={fieldId} className="block font-medium text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {hydrated ? (
        <Suspense fallback={textarea}>
          <LexicalRichTextEditor
            fieldId={fieldId}
            labelId={labelId}
            describedBy={describedBy || undefined}
            invalid={invalid}
            initialHtml={html}
            onChange={setHtml}
          />
          <input type="hidden" name={name} value={html} />
        </Suspense>
      ) : (
        textarea
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function HtmlTextarea({
  id,
  name,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (html: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  return (
    <textarea
      id={id}
      name={name}
      rows={12}
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="mt-1.5 block w-full rounded-lg border border-muted/70 bg-white px-3.5 py-2.5 font-mono text-sm text-ink shadow-xs hover:border-brand-800 focus:border-brand-600 focus:ring-3 focus:ring-brand-600/20 focus:outline-none focus-visible:outline-none aria-invalid:border-red-600"
    />
  );
}

/** Stands in for the editor when its code failed to load; the hidden field carries the HTML. */
function HtmlTextareaInstead({
  fieldId,
  describedBy,
  invalid,
  initialHtml,
  onChange,
}: LexicalRichTextEditorProps) {
  const [html, setHtml] = useState(initialHtml);
  return (
    <HtmlTextarea
      id={fieldId}
      value={html}
      onChange={(value) => {
        setHtml(value);
        onChange(value);
      }}
      invalid={invalid}
      describedBy={describedBy}
    />
  );
}
