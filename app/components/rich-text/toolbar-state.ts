import { $isLinkNode, type LinkNode } from "@lexical/link";
import { ListNode } from "@lexical/list";
import { $isHeadingNode, $isQuoteNode, type HeadingTagType } from "@lexical/rich-text";
import { $getSelectionStyleValueForProperty } from "@lexical/selection";
import { $findMatchingParent, $getNearestNodeOfType } from "@lexical/utils";
import {
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  type BaseSelection,
  type ElementFormatType,
  type LexicalEditor,
} from "lexical";
import { useEffect, useState } from "react";

export type BlockType = "paragraph" | "h1" | "h2" | "h3" | "h4" | "quote" | "bullet" | "number";

/** What the toolbar shows as pressed or chosen: the state of the text at the caret. */
export type ToolbarState = {
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

export function useToolbarState(editor: LexicalEditor): ToolbarState {
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

export function isHeadingOrParagraph(
  block: BlockType,
): block is "paragraph" | "h1" | "h2" | "h3" | "h4" {
  return block === "paragraph" || block.startsWith("h");
}

export function sameAlignment(current: ElementFormatType, button: ElementFormatType): boolean {
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

export function $linkAround(selection: BaseSelection): LinkNode | null {
  if (!$isRangeSelection(selection)) return null;
  for (const point of [selection.anchor, selection.focus]) {
    const node = point.getNode();
    const link = $isLinkNode(node) ? node : $findMatchingParent(node, $isLinkNode);
    if ($isLinkNode(link)) return link;
  }
  return null;
}

/** What the colour input can show: #rrggbb (it knows no other notation). */
export function toHexColour(colour: string): string | null {
  const value = colour.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(value);
  if (rgb)
    return `#${[rgb[1], rgb[2], rgb[3]].map((channel) => Number(channel).toString(16).padStart(2, "0")).join("")}`;
  return null;
}
