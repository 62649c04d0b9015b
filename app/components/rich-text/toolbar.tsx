import { $toggleLink } from "@lexical/link";
import {
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from "@lexical/list";
import { $createHeadingNode, $createQuoteNode, type HeadingTagType } from "@lexical/rich-text";
import { $forEachSelectedTextNode, $patchStyleText, $setBlocksType } from "@lexical/selection";
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  type ElementFormatType,
  type LexicalEditor,
} from "lexical";
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode, Ref } from "react";
import { TOOLBAR_CLASS } from "./looks.ts";
import { pasteClipboardText } from "./paste.ts";
import {
  AlignCenterIcon,
  AlignJustifyIcon,
  AlignLeftIcon,
  AlignRightIcon,
  BoldIcon,
  BulletsIcon,
  DefaultColourIcon,
  ItalicIcon,
  LinkIcon,
  NumbersIcon,
  PasteIcon,
  QuoteIcon,
  RemoveFormatIcon,
  SourceIcon,
  StrikethroughIcon,
  UnderlineIcon,
  UnlinkIcon,
} from "./toolbar-icons.tsx";
import {
  isHeadingOrParagraph,
  sameAlignment,
  toHexColour,
  useToolbarState,
} from "./toolbar-state.ts";

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

const CLIPBOARD_REFUSED =
  "This browser did not let the editor read the clipboard. Press Ctrl+V (⌘V on a Mac) in the text instead: pasted text always arrives as plain text.";

/**
 * The editor's toolbar (spec §2.5: paste as text, format, colour, bold, italic, underline,
 * strikethrough, remove format, alignment, bullets, numbers, blockquote, link, unlink, source
 * code). In source mode only the Source code button stays usable.
 */
export function Toolbar({
  editor,
  controls,
  richMode,
  linkFormOpen,
  linkButtonRef,
  onToggleLinkForm,
  onToggleSource,
  noticeId,
  onNotice,
}: {
  editor: LexicalEditor;
  /** The id of what the toolbar acts on: the editable text, or the source textarea. */
  controls: string;
  richMode: boolean;
  linkFormOpen: boolean;
  linkButtonRef: Ref<HTMLButtonElement>;
  onToggleLinkForm: () => void;
  onToggleSource: () => void;
  /** The notice the toolbar shows under itself, when there is one. */
  noticeId: string | undefined;
  onNotice: (notice: string | null) => void;
}) {
  const toolbar = useToolbarState(editor);

  async function pasteAsText() {
    onNotice(null);
    if (!(await pasteClipboardText(editor))) onNotice(CLIPBOARD_REFUSED);
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

  const disabled = !richMode;
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={moveFocusWithArrows}
      className={TOOLBAR_CLASS}
    >
      <ToolGroup>
        <ToolButton
          label="Paste as text"
          onClick={pasteAsText}
          disabled={disabled}
          describedBy={noticeId}
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
        <ToolButton label="Default text colour" onClick={() => setColour(null)} disabled={disabled}>
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
          onClick={onToggleLinkForm}
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
        <ToolButton label="Source code" pressed={!richMode} onClick={onToggleSource}>
          <SourceIcon />
        </ToolButton>
      </ToolGroup>
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
  ref?: Ref<HTMLButtonElement>;
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
