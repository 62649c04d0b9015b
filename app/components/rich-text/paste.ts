import {
  $getRoot,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_CRITICAL,
  PASTE_COMMAND,
  type LexicalEditor,
  type PasteCommandType,
} from "lexical";
import { $selectAsShown } from "./shown-selection.ts";

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
          // Where the page shows the caret: a click just before may not have reached Lexical.
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
