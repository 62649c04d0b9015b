import {
  $createRangeSelectionFromDom,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  $setSelection,
  COMMAND_PRIORITY_CRITICAL,
  getDOMSelection,
  isSelectionWithinEditor,
  KEY_DOWN_COMMAND,
  type LexicalEditor,
} from "lexical";

/*
 * The browser moves the caret itself for a click, End, Ctrl+End, the arrows, and tells the page
 * with a `selectionchange` event that it dispatches later. Lexical acts on the selection it last
 * recorded from that event, so until it arrives Lexical's caret lags the one the page shows. What
 * Lexical takes from the browser's `beforeinput` (typed letters) reads the page's caret; what it
 * handles itself on a key press (Enter, Backspace, Delete, Tab, Ctrl+B…) and a paste did not: on
 * a busy machine, Enter pressed right after Ctrl+End split the paragraph where the caret had been
 * before, sending its last words into the new paragraph.
 */

/**
 * Makes the selection the page shows Lexical's own when it lies in this editor and starts or
 * ends elsewhere; a selection already there is kept, with a format chosen for the next letters.
 */
export function $selectAsShown(editor: LexicalEditor): void {
  const root = editor.getRootElement();
  const shown = getDOMSelection(root?.ownerDocument.defaultView ?? null);
  if (!root || !shown?.anchorNode || !shown.focusNode) return;
  if (!isSelectionWithinEditor(editor, shown.anchorNode, shown.focusNode)) return;
  const recorded = $getSelection();
  // Only a caret or a range of text follows the page (never a selected picture, say).
  if (recorded !== null && !$isRangeSelection(recorded)) return;
  const selection = $createRangeSelectionFromDom(shown, editor);
  if (!selection) return;
  if (recorded?.anchor.is(selection.anchor) && recorded.focus.is(selection.focus)) return;
  // As Lexical's own `selectionchange` does: the next letters take the format where it starts.
  const start = selection.anchor.getNode();
  if ($isTextNode(start)) {
    selection.setFormat(start.getFormat());
    selection.setStyle(start.getStyle());
  } else if ($isElementNode(start)) {
    selection.setFormat(start.getTextFormat());
    selection.setStyle(start.getTextStyle());
  }
  $setSelection(selection);
}

/**
 * Every key Lexical handles acts where the page's caret is: before any of its own handlers, a
 * key press takes the page's selection if Lexical's has not caught up with it yet.
 */
export function registerKeysWhereShown(editor: LexicalEditor): () => void {
  return editor.registerCommand(
    KEY_DOWN_COMMAND,
    () => {
      $selectAsShown(editor);
      // The key itself is left to Lexical's handlers and the browser.
      return false;
    },
    COMMAND_PRIORITY_CRITICAL,
  );
}
