/**
 * Text typed into a textarea before the page's JavaScript ran, kept through hydration.
 *
 * React 19 hydrates a textarea the server rendered with text by writing that text back into it
 * (react-dom's `initTextarea` sets `value` to its `textContent`), so what a person typed while
 * the page loaded was lost; inputs keep theirs (React leaves their value alone when hydrating).
 * From the moment the page's code loads (before hydration), the latest text of every textarea a
 * person changed is noted; each textarea's ref puts it back as React attaches it.
 */

const typed = new WeakMap<HTMLTextAreaElement, string>();

function note(textarea: HTMLTextAreaElement) {
  if (textarea.value !== textarea.defaultValue) typed.set(textarea, textarea.value);
}

if (typeof document !== "undefined") {
  for (const textarea of document.querySelectorAll("textarea")) note(textarea);
  document.addEventListener(
    "input",
    (event) => {
      if (event.target instanceof HTMLTextAreaElement) note(event.target);
    },
    { capture: true },
  );
}

/** A textarea's ref: gives it back the text typed before hydration, if any. */
export function keepTypedText(textarea: HTMLTextAreaElement | null): void {
  if (!textarea) return;
  const text = typed.get(textarea);
  typed.delete(textarea);
  if (text !== undefined && textarea.value !== text) textarea.value = text;
}
