// Shared by the editor and the preview that stands in for it while it loads, so the one turns
// into the other without a jump.

/** The frame around toolbar and text. */
export const FRAME_CLASS =
  "mt-1.5 rounded-lg border border-muted/70 bg-white shadow-xs focus-within:border-brand-600 focus-within:ring-3 focus-within:ring-brand-600/20 has-aria-invalid:border-red-600";

/** The toolbar's strip. */
export const TOOLBAR_CLASS =
  "flex flex-wrap items-center gap-x-1 gap-y-1 rounded-t-lg border-b border-muted/30 bg-sand/60 p-1.5";

/** The text itself: the typography of `.rich-text-content` (app.css). */
export const CONTENT_CLASS =
  "rich-text-content min-h-72 rounded-b-lg px-4 py-3 focus:outline-none focus-visible:outline-none";
