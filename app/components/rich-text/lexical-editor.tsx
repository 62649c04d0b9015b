import { LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { LexicalComposer, type InitialConfigType } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import { mergeRegister } from "@lexical/utils";
import { useEffect, useRef, useState } from "react";
import { $currentHtml, $loadHtml, textImportKeepingColours } from "./html-io.ts";
import { LinkForm } from "./link-form.tsx";
import { CONTENT_CLASS, FRAME_CLASS } from "./looks.ts";
import { registerPlainTextPaste } from "./paste.ts";
import { registerKeysWhereShown } from "./shown-selection.ts";
import { Toolbar } from "./toolbar.tsx";

export type LexicalRichTextEditorProps = {
  /** The id of the editable area (the label's `for`). */
  fieldId: string;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  /** The content it starts from: what the field holds when the editor arrives. */
  initialHtml: string;
  /** Takes the focus, caret at the end (the person was typing in the preview it replaces). */
  takeFocus?: boolean;
  /** Called with clean HTML after every change of content. */
  onChange: (html: string) => void;
};

const THEME: InitialConfigType["theme"] = {
  text: {
    bold: "font-bold",
    italic: "italic",
    underline: "underline",
    strikethrough: "line-through",
    underlineStrikethrough: "[text-decoration-line:underline_line-through]",
  },
};

/** The Lexical editor that takes the field's place once the page runs JavaScript. */
export default function LexicalRichTextEditor(props: LexicalRichTextEditorProps) {
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: "almoner-rich-text",
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
    theme: THEME,
    html: { import: textImportKeepingColours() },
    editorState: (editor) => $loadHtml(editor, props.initialHtml),
    // Lexical recovers from a failed update by keeping the previous state; the page stays usable.
    onError: (error) => console.error(error),
  }));

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorFrame {...props} />
    </LexicalComposer>
  );
}

function EditorFrame({
  fieldId,
  labelId,
  describedBy,
  invalid,
  takeFocus,
  onChange,
}: LexicalRichTextEditorProps) {
  const [editor] = useLexicalComposerContext();
  const [source, setSource] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [linkFormOpen, setLinkFormOpen] = useState(false);
  const linkButtonRef = useRef<HTMLButtonElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const sourceId = `${fieldId}-source`;
  const noticeId = `${fieldId}-notice`;
  const richMode = source === null;

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
          if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
          onChangeRef.current(editorState.read(() => $currentHtml(editor), { editor }));
        }),
        registerPlainTextPaste(editor),
        registerKeysWhereShown(editor),
      ),
    [editor],
  );

  useEffect(() => {
    if (takeFocus) editor.focus(undefined, { defaultSelection: "rootEnd" });
    // Only when the editor arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  function toggleSource() {
    if (source === null) {
      setSource(editor.read(() => $currentHtml(editor)));
      setLinkFormOpen(false);
      return;
    }
    const html = source;
    editor.update(() => $loadHtml(editor, html));
    setSource(null);
  }

  function changeSource(html: string) {
    setSource(html);
    onChange(html);
  }

  return (
    <div className={FRAME_CLASS}>
      <Toolbar
        editor={editor}
        controls={richMode ? fieldId : sourceId}
        richMode={richMode}
        linkFormOpen={linkFormOpen}
        linkButtonRef={linkButtonRef}
        onToggleLinkForm={() => setLinkFormOpen((open) => !open)}
        onToggleSource={toggleSource}
        noticeId={notice ? noticeId : undefined}
        onNotice={setNotice}
      />

      {linkFormOpen && richMode ? (
        <LinkForm
          editor={editor}
          onClose={() => {
            setLinkFormOpen(false);
            linkButtonRef.current?.focus();
          }}
          onDone={() => {
            setLinkFormOpen(false);
            editor.focus();
          }}
        />
      ) : null}

      {notice ? (
        <p
          id={noticeId}
          role="status"
          className="border-b border-muted/30 bg-brand-50 px-3 py-2 text-sm text-brand-900"
        >
          {notice}
        </p>
      ) : null}

      <div hidden={!richMode}>
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              id={fieldId}
              role="textbox"
              aria-multiline="true"
              aria-labelledby={labelId}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={CONTENT_CLASS}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      {richMode ? null : (
        <textarea
          id={sourceId}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          rows={12}
          spellCheck={false}
          value={source}
          onChange={(event) => changeSource(event.target.value)}
          className="block min-h-72 w-full rounded-b-lg px-4 py-3 font-mono text-sm text-ink focus:outline-none focus-visible:outline-none"
        />
      )}
      <HistoryPlugin />
      <ListPlugin />
    </div>
  );
}
