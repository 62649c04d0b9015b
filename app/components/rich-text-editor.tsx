import { useEffect, useId, useRef, useState, type ClipboardEvent, type ComponentType } from "react";
import { ErrorList } from "./form-fields.tsx";
import type { LexicalRichTextEditorProps } from "./rich-text/lexical-editor.tsx";
import { CONTENT_CLASS, FRAME_CLASS, TOOLBAR_CLASS } from "./rich-text/looks.ts";
import { previewHtml } from "./rich-text/preview-html.ts";
import { cleanEditorHtml } from "./rich-text-html.ts";
import { keepTypedText } from "../lib/typed-before-hydration.ts";

type Editor = ComponentType<LexicalRichTextEditorProps>;

let editorModule: Promise<Editor> | null = null;
/** Set once the code has arrived, which is always after the page's hydration. */
let loadedEditor: Editor | null = null;

/** Lexical's code, fetched once the first rich-text field of a page is live. */
function loadEditor(): Promise<Editor> {
  editorModule ??= import("./rich-text/lexical-editor.tsx").then(
    (module) => (loadedEditor = module.default),
  );
  // A failed fetch (a page left open across a deployment) may be tried again by the next field.
  editorModule.catch(() => (editorModule = null));
  return editorModule;
}

/** Where scripts run the preview shows; where they do not (or the browser cannot tell), the textarea. */
const WITH_SCRIPTS_ONLY = "hidden [@media(scripting:enabled)]:block";
const WITHOUT_SCRIPTS_ONLY = "[@media(scripting:enabled)]:hidden";

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
 * A rich-text field. Without JavaScript it is a textarea of HTML. With JavaScript the page first
 * shows the content formatted, as the editor will (not its HTML), already editable; then the
 * Lexical editor takes over from whatever the field holds by then, typing included, and keeps
 * the HTML in a hidden field of the same name, so the surrounding form submits it either way.
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
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ");

  const [preview] = useState(() => previewHtml(defaultValue));
  const [html, setHtml] = useState(defaultValue);
  const [stage, setStage] = useState<"server" | "live" | "failed">("server");
  // A field that appears later (a modal opened on the page) starts as the editor at once.
  const [editor, setEditor] = useState<{ Editor: Editor; takeFocus: boolean } | null>(() =>
    loadedEditor ? { Editor: loadedEditor, takeFocus: false } : null,
  );
  const previewRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const typed = typedBeforeHydration(previewRef.current, preview, textareaRef.current);
    if (typed !== null) setHtml(typed);
    setStage("live");
    let mounted = true;
    loadEditor().then(
      (Editor) => {
        if (!mounted) return;
        const typing = document.activeElement === previewRef.current;
        setEditor((current) => current ?? { Editor, takeFocus: typing });
      },
      () => {
        if (mounted) setStage("failed");
      },
    );
    return () => {
      mounted = false;
    };
    // Once, when the page comes alive: the server's value is read at first render only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  let field;
  if (editor) {
    field = (
      <>
        <editor.Editor
          fieldId={fieldId}
          labelId={labelId}
          describedBy={describedBy || undefined}
          invalid={invalid}
          initialHtml={html}
          takeFocus={editor.takeFocus}
          onChange={setHtml}
        />
        <input type="hidden" name={name} value={html} />
      </>
    );
  } else if (stage === "failed") {
    // The editor's code could not be fetched: its HTML, as without JavaScript.
    field = (
      <textarea
        id={fieldId}
        name={name}
        rows={12}
        spellCheck={false}
        value={html}
        onChange={(event) => setHtml(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className={TEXTAREA_CLASS}
      />
    );
  } else {
    field = (
      <>
        <div className={`${FRAME_CLASS} ${WITH_SCRIPTS_ONLY}`}>
          <p className={`${TOOLBAR_CLASS} min-h-12 px-3 text-sm text-muted`}>Loading the editor…</p>
          <div
            ref={previewRef}
            id={`${fieldId}-preview`}
            role="textbox"
            aria-multiline="true"
            aria-labelledby={labelId}
            aria-describedby={describedBy || undefined}
            aria-invalid={invalid || undefined}
            // Typing before the editor arrives is kept: the editor starts from this text.
            contentEditable
            suppressContentEditableWarning
            tabIndex={0}
            onInput={(event) => setHtml(cleanEditorHtml(event.currentTarget.innerHTML))}
            onPaste={pastePlainText}
            className={CONTENT_CLASS}
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </div>
        <textarea
          ref={(element) => {
            keepTypedText(element);
            textareaRef.current = element;
          }}
          id={fieldId}
          // Once live, the hidden field below carries the value (the preview's typing too).
          name={stage === "server" ? name : undefined}
          rows={12}
          spellCheck={false}
          defaultValue={defaultValue}
          onChange={(event) => setHtml(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          className={`${TEXTAREA_CLASS} ${WITHOUT_SCRIPTS_ONLY}`}
        />
        {stage === "live" ? <input type="hidden" name={name} value={html} /> : null}
      </>
    );
  }

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
      {field}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

const TEXTAREA_CLASS =
  "mt-1.5 block w-full rounded-lg border border-muted/70 bg-white px-3.5 py-2.5 font-mono text-sm text-ink shadow-xs hover:border-brand-800 focus:border-brand-600 focus:ring-3 focus:ring-brand-600/20 focus:outline-none focus-visible:outline-none aria-invalid:border-red-600";

/** In the preview too, pasting is as plain text (spec §2.5); `insertText` fires its input event. */
function pastePlainText(event: ClipboardEvent<HTMLDivElement>) {
  event.preventDefault();
  const text = event.clipboardData.getData("text/plain");
  if (text) document.execCommand("insertText", false, text);
}

/**
 * What was typed into the field before the page's JavaScript ran, or null: the preview's text as
 * HTML when it differs from what the server sent, else the textarea's (a browser that shows it
 * with scripts on) when it changed.
 */
function typedBeforeHydration(
  preview: HTMLElement | null,
  sentPreview: string,
  textarea: HTMLTextAreaElement | null,
): string | null {
  if (preview) {
    const sent = document.createElement("template");
    sent.innerHTML = sentPreview;
    if (preview.innerHTML !== sent.innerHTML) return cleanEditorHtml(preview.innerHTML);
  }
  if (textarea && textarea.value !== textarea.defaultValue) return textarea.value;
  return null;
}
