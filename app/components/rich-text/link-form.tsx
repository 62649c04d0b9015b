import { $createLinkNode, $isLinkNode, $toggleLink } from "@lexical/link";
import { $findMatchingParent } from "@lexical/utils";
import {
  $createTextNode,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type LexicalEditor,
} from "lexical";
import { useId, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { linkAddress } from "../rich-text-html.ts";
import { $linkAround } from "./toolbar-state.ts";

export const LINK_ADDRESS_ERROR =
  "Enter a web address (https://…), an e-mail address, or a page of this site starting with /";

/**
 * The link control's form, under the toolbar: the address (a web or mail address, or a page of
 * this site such as /projects/clean-water) and whether it opens a new tab.
 */
export function LinkForm({
  editor,
  onClose,
  onDone,
}: {
  editor: LexicalEditor;
  onClose: () => void;
  onDone: () => void;
}) {
  const id = useId();
  // The selection the link is for: focus moves into this form and the editor keeps no caret.
  const [saved] = useState(() =>
    editor.read(() => {
      const selection = $getSelection();
      const link = $isRangeSelection(selection) ? $linkAround(selection) : null;
      return {
        selection: selection?.clone() ?? null,
        url: link?.getURL() ?? "",
        newTab: link?.getTarget() === "_blank",
      };
    }),
  );
  const [url, setUrl] = useState(saved.url);
  const [newTab, setNewTab] = useState(saved.newTab);
  const [error, setError] = useState<string | null>(null);

  function apply() {
    const address = linkAddress(url);
    if (address === null) {
      setError(LINK_ADDRESS_ERROR);
      return;
    }
    editor.update(() => {
      if (saved.selection) $setSelection(saved.selection.clone());
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const attributes = { target: newTab ? "_blank" : null, rel: null };
      if (selection.isCollapsed() && !$linkAround(selection)) {
        const link = $createLinkNode(address, attributes);
        link.append($createTextNode(address));
        selection.insertNodes([link]);
      } else {
        $toggleLink(address, attributes);
      }
      $caretAfterLink();
    });
    onDone();
  }

  function onKeyDown(event: ReactKeyboardEvent) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      // Inside the page's form: Enter applies the link instead of submitting the page.
      event.preventDefault();
      apply();
    }
  }

  return (
    // Not a <form>: the editor already sits inside the page's form. Escape anywhere in it
    // closes it, as in a dialog; its controls are native ones.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="group"
      aria-label="Link"
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-end gap-x-3 gap-y-2 border-b border-muted/30 bg-brand-50 px-3 py-2.5"
    >
      <div className="min-w-0 flex-1 basis-60">
        <label htmlFor={`${id}-url`} className="block text-sm font-medium text-ink">
          Link address
        </label>
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          autoComplete="off"
          // The form opened because the visitor asked for it: the address is what comes next.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          placeholder="https:// or /page-of-this-site"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 block w-full rounded-md border border-muted/70 bg-white px-2.5 py-1.5 text-base text-ink focus:border-brand-600 focus:ring-3 focus:ring-brand-600/20 focus:outline-none aria-invalid:border-red-600"
        />
      </div>
      <div className="flex items-center gap-2 pb-1.5">
        <input
          id={`${id}-new-tab`}
          type="checkbox"
          checked={newTab}
          onChange={(event) => setNewTab(event.target.checked)}
          className="size-4 accent-brand-700"
        />
        <label htmlFor={`${id}-new-tab`} className="text-sm text-ink">
          Open in a new tab
        </label>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={apply}
          className="rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Apply
        </button>
        <button
          type="button"
          onClick={onClose}
          className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-100 hover:bg-brand-50"
        >
          Cancel
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Leaves the caret just after the link the selection ends in, outside it: the linked words are
 * no longer selected, so what is typed or pasted next goes after them instead of replacing them.
 */
function $caretAfterLink() {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  const end = selection.isBackward() ? selection.anchor : selection.focus;
  const node = end.getNode();
  const link = $isLinkNode(node) ? node : $findMatchingParent(node, $isLinkNode);
  if ($isLinkNode(link)) {
    link.selectNext(0, 0);
    return;
  }
  const { key, offset, type } = end;
  selection.anchor.set(key, offset, type);
  selection.focus.set(key, offset, type);
}
