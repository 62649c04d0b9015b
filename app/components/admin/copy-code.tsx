import { Fragment, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * A short code staff paste into a text (`[[gallery=3]]`), selectable at one click, with a Copy
 * button once JavaScript runs (without it there is nothing a button could do). `label` names
 * the code for screen readers: "Copy the short code of photo 2".
 */
export function CopyCode({ code, label }: { code: string; label: string }) {
  const live = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    // In a narrow card the button goes under the code, which may break after its "=".
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
      <code className="rounded bg-sand px-1.5 py-0.5 text-sm break-words select-all">
        {code.split("=").map((part, index) => (
          <Fragment key={index}>
            {index > 0 ? (
              <>
                =<wbr />
              </>
            ) : null}
            {part}
          </Fragment>
        ))}
      </code>
      {live ? (
        <button
          type="button"
          aria-label={label}
          className="rounded-full px-2 py-1 text-sm font-semibold text-brand-700 ring-1 ring-brand-100 hover:bg-brand-50"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      ) : null}
      <span role="status" className="sr-only">
        {copied ? `Copied ${code}` : ""}
      </span>
    </span>
  );
}
