import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $createLinkNode, $isLinkNode, $toggleLink, LinkNode } from "@lexical/link";
import {
  $createListNode,
  $isListItemNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
  REMOVE_LIST_COMMAND,
} from "@lexical/list";
import { LexicalComposer, type InitialConfigType } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import {
  $createHeadingNode,
  $createQuoteNode,
  $isHeadingNode,
  $isQuoteNode,
  HeadingNode,
  QuoteNode,
  type HeadingTagType,
} from "@lexical/rich-text";
import {
  $forEachSelectedTextNode,
  $getSelectionStyleValueForProperty,
  $patchStyleText,
  $setBlocksType,
} from "@lexical/selection";
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  $setSelection,
  COMMAND_PRIORITY_CRITICAL,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  PASTE_COMMAND,
  TextNode,
  type BaseSelection,
  type DOMConversionMap,
  type DOMConversionOutput,
  type ElementFormatType,
  type LexicalEditor,
  type LexicalNode,
  type PasteCommandType,
} from "lexical";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from "react";
import { cleanEditorHtml, isSafeLinkUrl } from "./rich-text-html.ts";

export type LexicalRichTextEditorProps = {
  /** The id of the editable area (the label's `for`). */
  fieldId: string;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  initialHtml: string;
  /** Called with clean HTML after every change of content. */
  onChange: (html: string) => void;
};

type BlockType = "paragraph" | "h1" | "h2" | "h3" | "h4" | "quote" | "bullet" | "number";

type ToolbarState = {
  block: BlockType;
  alignment: ElementFormatType;
  formats: Record<"bold" | "italic" | "underline" | "strikethrough", boolean>;
  colour: string;
  inLink: boolean;
};

const INITIAL_TOOLBAR_STATE: ToolbarState = {
  block: "paragraph",
  alignment: "",
  formats: { bold: false, italic: false, underline: false, strikethrough: false },
  colour: "",
  inLink: false,
};

const FORMAT_OPTIONS: { value: "paragraph" | HeadingTagType; label: string }[] = [
  { value: "paragraph", label: "Normal" },
  { value: "h1", label: "Heading 1" },
  { value: "h2", label: "Heading 2" },
  { value: "h3", label: "Heading 3" },
  { value: "h4", label: "Heading 4" },
];

const TEXT_FORMAT_BUTTONS: {
  format: "bold" | "italic" | "underline" | "strikethrough";
  label: string;
  shortcut?: string;
  icon: ReactNode;
}[] = [
  { format: "bold", label: "Bold", shortcut: "B", icon: <BoldIcon /> },
  { format: "italic", label: "Italic", shortcut: "I", icon: <ItalicIcon /> },
  { format: "underline", label: "Underline", shortcut: "U", icon: <UnderlineIcon /> },
  { format: "strikethrough", label: "Strikethrough", icon: <StrikethroughIcon /> },
];

const ALIGNMENT_BUTTONS: { alignment: ElementFormatType; label: string; icon: ReactNode }[] = [
  { alignment: "left", label: "Align left", icon: <AlignLeftIcon /> },
  { alignment: "center", label: "Align center", icon: <AlignCenterIcon /> },
  { alignment: "right", label: "Align right", icon: <AlignRightIcon /> },
  { alignment: "justify", label: "Justify", icon: <AlignJustifyIcon /> },
];

const THEME: InitialConfigType["theme"] = {
  text: {
    bold: "font-bold",
    italic: "italic",
    underline: "underline",
    strikethrough: "line-through",
    underlineStrikethrough: "[text-decoration-line:underline_line-through]",
  },
};

/** The Lexical editor that replaces the HTML textarea once the page runs JavaScript. */
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
  onChange,
}: LexicalRichTextEditorProps) {
  const [editor] = useLexicalComposerContext();
  const toolbar = useToolbarState(editor);
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
        // Pasting never brings formatting along: only the clipboard's plain text goes in.
        editor.registerCommand(
          PASTE_COMMAND,
          (event: PasteCommandType) => {
            const text = plainTextOf(event);
            event.preventDefault();
            if (text) editor.update(() => $insertPlainText(text));
            return true;
          },
          COMMAND_PRIORITY_CRITICAL,
        ),
      ),
    [editor],
  );

  async function pasteAsText() {
    setNotice(null);
    let text: string;
    try {
      if (!navigator.clipboard?.readText) throw new Error("Clipboard reading is not available");
      text = await navigator.clipboard.readText();
    } catch {
      setNotice(
        "This browser did not let the editor read the clipboard. Press Ctrl+V (⌘V on a Mac) in the text instead: pasted text always arrives as plain text.",
      );
      return;
    }
    editor.update(() => {
      if (!$isRangeSelection($getSelection())) $getRoot().selectEnd();
      $insertPlainText(text);
    });
    editor.focus();
  }

  function setBlock(value: "paragraph" | HeadingTagType) {
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      $setBlocksType(selection, () =>
        value === "paragraph" ? $createParagraphNode() : $createHeadingNode(value),
      );
    });
  }

  function setColour(colour: string | null) {
    editor.update(() => {
      const selection = $getSelection();
      if (selection) $patchStyleText(selection, { color: colour });
    });
  }

  function removeFormat() {
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      $forEachSelectedTextNode((node) => {
        node.setFormat(0);
        node.setStyle("");
      });
      selection.setFormat(0);
      selection.setStyle("");
    });
  }

  function toggleList(type: "bullet" | "number") {
    if (toolbar.block === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else if (type === "bullet") editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
    else editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
  }

  function toggleQuote() {
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      $setBlocksType(selection, () =>
        toolbar.block === "quote" ? $createParagraphNode() : $createQuoteNode(),
      );
    });
  }

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

  const disabled = !richMode;
  return (
    <div className="mt-1.5 rounded-lg border border-muted/70 bg-white shadow-xs focus-within:border-brand-600 focus-within:ring-3 focus-within:ring-brand-600/20 has-aria-invalid:border-red-600">
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={richMode ? fieldId : sourceId}
        onKeyDown={moveFocusWithArrows}
        className="flex flex-wrap items-center gap-x-1 gap-y-1 rounded-t-lg border-b border-muted/30 bg-sand/60 p-1.5"
      >
        <ToolGroup>
          <ToolButton
            label="Paste as text"
            onClick={pasteAsText}
            disabled={disabled}
            describedBy={notice ? noticeId : undefined}
          >
            <PasteIcon />
          </ToolButton>
        </ToolGroup>
        <ToolGroup>
          <select
            aria-label="Format"
            title="Format"
            value={isHeadingOrParagraph(toolbar.block) ? toolbar.block : "paragraph"}
            onChange={(event) => setBlock(event.target.value as "paragraph" | HeadingTagType)}
            disabled={disabled}
            className="h-9 rounded-md border border-muted/40 bg-white px-2 text-sm text-ink hover:border-brand-800 disabled:opacity-50"
          >
            {FORMAT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </ToolGroup>
        <ToolGroup>
          <input
            type="color"
            aria-label="Text colour"
            title="Text colour"
            value={toHexColour(toolbar.colour) ?? "#1f2a30"}
            onChange={(event) => setColour(event.target.value)}
            disabled={disabled}
            className="h-9 w-9 cursor-pointer rounded-md border border-muted/40 bg-white p-1 disabled:opacity-50"
          />
          <ToolButton
            label="Default text colour"
            onClick={() => setColour(null)}
            disabled={disabled}
          >
            <DefaultColourIcon />
          </ToolButton>
        </ToolGroup>
        <ToolGroup>
          {TEXT_FORMAT_BUTTONS.map((button) => (
            <ToolButton
              key={button.format}
              label={button.label}
              title={button.shortcut ? `${button.label} (Ctrl+${button.shortcut})` : undefined}
              pressed={toolbar.formats[button.format]}
              onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, button.format)}
              disabled={disabled}
            >
              {button.icon}
            </ToolButton>
          ))}
          <ToolButton label="Remove format" onClick={removeFormat} disabled={disabled}>
            <RemoveFormatIcon />
          </ToolButton>
        </ToolGroup>
        <ToolGroup>
          {ALIGNMENT_BUTTONS.map((button) => (
            <ToolButton
              key={button.alignment}
              label={button.label}
              pressed={sameAlignment(toolbar.alignment, button.alignment)}
              onClick={() =>
                editor.dispatchCommand(
                  FORMAT_ELEMENT_COMMAND,
                  // Left is the default: no style is written for it.
                  button.alignment === "left" ? "" : button.alignment,
                )
              }
              disabled={disabled}
            >
              {button.icon}
            </ToolButton>
          ))}
        </ToolGroup>
        <ToolGroup>
          <ToolButton
            label="Bullets"
            pressed={toolbar.block === "bullet"}
            onClick={() => toggleList("bullet")}
            disabled={disabled}
          >
            <BulletsIcon />
          </ToolButton>
          <ToolButton
            label="Numbers"
            pressed={toolbar.block === "number"}
            onClick={() => toggleList("number")}
            disabled={disabled}
          >
            <NumbersIcon />
          </ToolButton>
          <ToolButton
            label="Blockquote"
            pressed={toolbar.block === "quote"}
            onClick={toggleQuote}
            disabled={disabled}
          >
            <QuoteIcon />
          </ToolButton>
        </ToolGroup>
        <ToolGroup>
          <ToolButton
            ref={linkButtonRef}
            label="Link"
            pressed={toolbar.inLink}
            expanded={linkFormOpen}
            onClick={() => setLinkFormOpen((open) => !open)}
            disabled={disabled}
          >
            <LinkIcon />
          </ToolButton>
          <ToolButton
            label="Unlink"
            onClick={() => editor.update(() => $toggleLink(null))}
            disabled={disabled || !toolbar.inLink}
          >
            <UnlinkIcon />
          </ToolButton>
        </ToolGroup>
        <ToolGroup>
          <ToolButton label="Source code" pressed={!richMode} onClick={toggleSource}>
            <SourceIcon />
          </ToolButton>
        </ToolGroup>
      </div>

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
              className="rich-text-content min-h-72 rounded-b-lg px-4 py-3 focus:outline-none focus-visible:outline-none"
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

function LinkForm({
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
    const address = withScheme(url.trim());
    if (!isSafeLinkUrl(address)) {
      setError("Enter an address that starts with https://, http:// or mailto:");
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
          placeholder="https://"
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

function ToolGroup({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-0.5 border-r border-muted/25 pr-1 last:border-r-0 last:pr-0">
      {children}
    </div>
  );
}

function ToolButton({
  label,
  title,
  pressed,
  expanded,
  onClick,
  disabled,
  describedBy,
  ref,
  children,
}: {
  label: string;
  title?: string;
  pressed?: boolean;
  expanded?: boolean;
  onClick: () => void;
  disabled?: boolean;
  describedBy?: string;
  ref?: React.Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={title ?? label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-describedby={describedBy}
      // A click leaves the caret in the text; keyboard use keeps focus on the toolbar.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex size-9 items-center justify-center rounded-md text-[1.15rem] text-ink transition-colors hover:bg-white hover:text-brand-800 disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:hover:bg-brand-800"
    >
      {children}
    </button>
  );
}

/** Arrow keys also move along the toolbar's buttons (Tab still reaches each of them). */
function moveFocusWithArrows(event: ReactKeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
  if (!(event.target instanceof HTMLButtonElement)) return;
  const controls = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>("button:not(:disabled), select, input"),
  );
  const index = controls.indexOf(event.target);
  const next = controls[index + (event.key === "ArrowRight" ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

function useToolbarState(editor: LexicalEditor): ToolbarState {
  const [state, setState] = useState(INITIAL_TOOLBAR_STATE);
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        const next = editorState.read(() => $toolbarState(), { editor });
        if (next) setState((current) => (sameToolbarState(current, next) ? current : next));
      }),
    [editor],
  );
  return state;
}

function $toolbarState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const block = anchor.getKey() === "root" ? null : anchor.getTopLevelElement();
  const list = $getNearestNodeOfType(anchor, ListNode);
  const container = $isElementNode(anchor)
    ? anchor
    : $findMatchingParent(anchor, (node) => $isElementNode(node) && !node.isInline());
  return {
    block: list
      ? list.getListType() === "number"
        ? "number"
        : "bullet"
      : $isHeadingNode(block)
        ? headingBlock(block.getTag())
        : $isQuoteNode(block)
          ? "quote"
          : "paragraph",
    alignment: $isElementNode(container) ? container.getFormatType() : "",
    formats: {
      bold: selection.hasFormat("bold"),
      italic: selection.hasFormat("italic"),
      underline: selection.hasFormat("underline"),
      strikethrough: selection.hasFormat("strikethrough"),
    },
    colour: $getSelectionStyleValueForProperty(selection, "color", ""),
    inLink: $linkAround(selection) !== null,
  };
}

function headingBlock(tag: HeadingTagType): BlockType {
  return tag === "h1" || tag === "h2" || tag === "h3" || tag === "h4" ? tag : "paragraph";
}

function isHeadingOrParagraph(block: BlockType): block is "paragraph" | "h1" | "h2" | "h3" | "h4" {
  return block === "paragraph" || block.startsWith("h");
}

function sameAlignment(current: ElementFormatType, button: ElementFormatType): boolean {
  if (button === "left") return current === "" || current === "left" || current === "start";
  return current === button;
}

function sameToolbarState(a: ToolbarState, b: ToolbarState): boolean {
  return (
    a.block === b.block &&
    a.alignment === b.alignment &&
    a.colour === b.colour &&
    a.inLink === b.inLink &&
    (Object.keys(a.formats) as (keyof ToolbarState["formats"])[]).every(
      (format) => a.formats[format] === b.formats[format],
    )
  );
}

function $linkAround(selection: BaseSelection): LinkNode | null {
  if (!$isRangeSelection(selection)) return null;
  for (const point of [selection.anchor, selection.focus]) {
    const node = point.getNode();
    const link = $isLinkNode(node) ? node : $findMatchingParent(node, $isLinkNode);
    if ($isLinkNode(link)) return link;
  }
  return null;
}

/** The editor's content as clean HTML; "" when nothing is written. */
function $currentHtml(editor: LexicalEditor): string {
  const root = $getRoot();
  if (root.getTextContent().trim() === "" && root.getChildren().every(isEmptyParagraph)) return "";
  return cleanEditorHtml($generateHtmlFromNodes(editor, null));
}

function isEmptyParagraph(node: LexicalNode): boolean {
  return node.getType() === "paragraph" && $isElementNode(node) && node.isEmpty();
}

/** Replaces the editor's content with this HTML. */
function $loadHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html, "text/html");
  const nodes = $generateNodesFromDOM(editor, dom);
  const root = $getRoot();
  root.clear();
  let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of nodes) {
    if ($isListItemNode(node)) {
      root.append($createListNode("bullet").append(node));
      paragraph = null;
    } else if ($isElementNode(node) && !node.isInline()) {
      root.append(node);
      paragraph = null;
    } else {
      // Text outside any block (HTML that starts with bare text) goes into a paragraph.
      if (!paragraph) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
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

/** The elements Lexical's TextNode imports (bold, italic, spans and the like). */
const TEXT_TAGS = [
  "#text",
  "b",
  "code",
  "em",
  "i",
  "mark",
  "s",
  "span",
  "strong",
  "sub",
  "sup",
  "u",
];

/**
 * Lexical's own HTML import turns bold, italic and the like into formats but drops colours;
 * this keeps `color` and `background-color` of the elements text sits in. TextNode's importers
 * are looked up when HTML is read: Lexical gives the class its `importDOM` only once an editor
 * registers it, after this map is made.
 */
function textImportKeepingColours(): DOMConversionMap {
  const map: DOMConversionMap = {};
  for (const tag of TEXT_TAGS) {
    map[tag] = (element: HTMLElement) => {
      const conversion = TextNode.importDOM?.()?.[tag]?.(element);
      if (!conversion) return null;
      return {
        ...conversion,
        conversion: (dom: HTMLElement): DOMConversionOutput | null => {
          const output = conversion.conversion(dom);
          const colours = coloursOf(dom);
          if (!output?.forChild || output.node || !colours) return output;
          const forChild = output.forChild;
          return {
            ...output,
            forChild: (child, parent) => {
              const node = forChild(child, parent);
              if ($isTextNode(node)) node.setStyle(mergeStyle(node.getStyle(), colours));
              return node;
            },
          };
        },
      };
    };
  }
  return map;
}

function coloursOf(element: HTMLElement): string | null {
  const style = element.getAttribute?.("style");
  if (!style) return null;
  const kept = style
    .split(";")
    .map((declaration) => declaration.trim())
    .filter((declaration) => /^(background-)?color\s*:/i.test(declaration));
  return kept.length > 0 ? kept.join("; ") : null;
}

/** An inner element's colour wins over an outer one's (forChild runs inside out). */
function mergeStyle(existing: string, outer: string): string {
  if (!existing) return outer;
  const existingProperties = new Set(
    existing.split(";").map((declaration) => propertyOf(declaration)),
  );
  const added = outer
    .split(";")
    .filter((declaration) => !existingProperties.has(propertyOf(declaration)));
  return [existing, ...added].filter(Boolean).join("; ");
}

function propertyOf(declaration: string): string {
  return (declaration.split(":")[0] ?? "").trim().toLowerCase();
}

/** What the colour input can show: #rrggbb (it knows no other notation). */
function toHexColour(colour: string): string | null {
  const value = colour.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(value);
  if (rgb)
    return `#${[rgb[1], rgb[2], rgb[3]].map((channel) => Number(channel).toString(16).padStart(2, "0")).join("")}`;
  return null;
}

/** Addresses typed without a scheme: a bare e-mail address or a domain. */
function withScheme(address: string): string {
  if (/^[^\s@/:]+@[^\s@/:]+\.[a-z]{2,}$/i.test(address)) return `mailto:${address}`;
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(address)) return `https://${address}`;
  return address;
}

// Toolbar icons (24-unit grid, drawn with the stroke like the site's other icons).

function ToolIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

function PasteIcon() {
  return (
    <ToolIcon>
      <rect x="8" y="2" width="8" height="4" rx="1" />
      <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
      <path d="M9 12h6M9 16h4" />
    </ToolIcon>
  );
}

function DefaultColourIcon() {
  return (
    <ToolIcon>
      <path d="M5 19 10.5 5h3L19 19M7.5 13h9" />
      <path d="M3 3l18 18" />
    </ToolIcon>
  );
}

function BoldIcon() {
  return (
    <ToolIcon>
      <path d="M7 4h6.5a4 4 0 0 1 0 8H7zM7 12h7.5a4 4 0 0 1 0 8H7z" />
    </ToolIcon>
  );
}

function ItalicIcon() {
  return (
    <ToolIcon>
      <path d="M19 4h-9M14 20H5M15 4 9 20" />
    </ToolIcon>
  );
}

function UnderlineIcon() {
  return (
    <ToolIcon>
      <path d="M6 4v6a6 6 0 0 0 12 0V4M4 21h16" />
    </ToolIcon>
  );
}

function StrikethroughIcon() {
  return (
    <ToolIcon>
      <path d="M16 4H9a3 3 0 0 0-2.8 4M14 12a4 4 0 0 1 0 8H6M4 12h16" />
    </ToolIcon>
  );
}

function RemoveFormatIcon() {
  return (
    <ToolIcon>
      <path d="M4 7V4h16v3M9 20h6M12 4l-3.5 16" />
      <path d="m15 14 6 6M21 14l-6 6" />
    </ToolIcon>
  );
}

function AlignLeftIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M4 10h10M4 14h16M4 18h10" />
    </ToolIcon>
  );
}

function AlignCenterIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M7 10h10M4 14h16M7 18h10" />
    </ToolIcon>
  );
}

function AlignRightIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M10 10h10M4 14h16M10 18h10" />
    </ToolIcon>
  );
}

function AlignJustifyIcon() {
  return (
    <ToolIcon>
      <path d="M4 6h16M4 10h16M4 14h16M4 18h16" />
    </ToolIcon>
  );
}

function BulletsIcon() {
  return (
    <ToolIcon>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </ToolIcon>
  );
}

function NumbersIcon() {
  return (
    <ToolIcon>
      <path d="M10 6h10M10 12h10M10 18h10" />
      <path d="M4 4h1.5v5M4 9h3" strokeWidth="1.5" />
      <path d="M4 14.5a1.5 1.5 0 0 1 3 0c0 1.5-3 2.5-3 4.5h3" strokeWidth="1.5" />
    </ToolIcon>
  );
}

function QuoteIcon() {
  return (
    <ToolIcon>
      <path d="M9 7H5v5h4v1a3 3 0 0 1-3 3M19 7h-4v5h4v1a3 3 0 0 1-3 3" />
    </ToolIcon>
  );
}

function LinkIcon() {
  return (
    <ToolIcon>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
    </ToolIcon>
  );
}

function UnlinkIcon() {
  return (
    <ToolIcon>
      <path d="M16.5 12.5 19.4 9.6a4.5 4.5 0 0 0-6.4-6.4L10 6.2M7.5 11.5 4.6 14.4a4.5 4.5 0 0 0 6.4 6.4l3-3" />
      <path d="M4 4l16 16" />
    </ToolIcon>
  );
}

function SourceIcon() {
  return (
    <ToolIcon>
      <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />
    </ToolIcon>
  );
}
