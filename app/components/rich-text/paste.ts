import {
  $createRangeSelectionFromDom,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  COMMAND_PRIORITY_CRITICAL,
  getDOMSelection,
  PASTE_COMMAND,
  type LexicalEditor,
  type PasteCommandType,
} from "lexical";

// Spec §2.5: "pasting is always as plain text".

/**
 * Ctrl+V (and the browser's Paste) puts only the clipboard's plain text in, at the caret or over
 * the selection the page shows. Registered above Lexical's own rich paste, which never runs.
 */
export function registerPlainTextPaste(editor: LexicalEditor): () => void {
  return editor.registerCommand(
    PASTE_COMMAND,
    (event: PasteCommandType) => {
      const text = plainTextOf(event);
      event.preventDefault();
      if (text) {
        editor.update(() => {
          $selectAsShown(editor);
          $insertPlainText(text);
        });
      }
      return true;
    },
    COMMAND_PRIORITY_CRITICAL,
  );
}

/**
 * The toolbar's "Paste as text": the clipboard's text at the caret (at the end when the editor
 * has none). False when the browser would not let the page read the clipboard.
 */
export async function pasteClipboardText(editor: LexicalEditor): Promise<boolean> {
  let text: string;
  try {
    if (!navigator.clipboard?.readText) return false;
    text = await navigator.clipboard.readText();
  } catch {
    return false;
  }
  editor.update(() => {
    if (!$isRangeSelection($getSelection())) $getRoot().selectEnd();
    $insertPlainText(text);
  });
  editor.focus();
  return true;
}

/**
 * Lexical takes a paste's place from the selection it last recorded, which follows the page's
 * own with the browser's next `selectionchange`: a paste right after a click into other text
 * would land where the caret was before (over words just linked, say). The page's selection is
 * where the person means.
 */
function $selectAsShown(editor: LexicalEditor) {
  const root = editor.getRootElement();
  const shown = getDOMSelection(root?.ownerDocument.defaultView ?? null);
  if (!root || !shown?.anchorNode || !root.contains(shown.anchorNode)) return;
  const selection = $createRangeSelectionFromDom(shown, editor);
  if (selection) $setSelection(selection);
}

/** Clipboard text in: every line break starts a new paragraph. */
function $insertPlainText(text: string) {
  const lines = text.replace(/\r\n?/g, "\n").split(/\n+/);
  lines.forEach((line, index) => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    if (index > 0) selection.insertParagraph();
    if (line) $getSelection()?.insertText(line);
  });
}

function plainTextOf(event: PasteCommandType): string {
  if (event instanceof ClipboardEvent) return event.clipboardData?.getData("text/plain") ?? "";
  if (event instanceof InputEvent) return event.dataTransfer?.getData("text/plain") ?? "";
  return "";
}
