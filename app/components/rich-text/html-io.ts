import { $generateHtmlFromNodes, $generateNodesFromDOM } from "@lexical/html";
import { $createListNode, $isListItemNode } from "@lexical/list";
import {
  $createParagraphNode,
  $getRoot,
  $isElementNode,
  $isTextNode,
  TextNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type LexicalEditor,
  type LexicalNode,
} from "lexical";
import { cleanEditorHtml } from "../rich-text-html.ts";

// HTML in and out of the editor: what it loads, and the clean HTML it hands to the form.

/** The editor's content as clean HTML; "" when nothing is written. */
export function $currentHtml(editor: LexicalEditor): string {
  const root = $getRoot();
  if (root.getTextContent().trim() === "" && root.getChildren().every(isEmptyParagraph)) return "";
  return cleanEditorHtml($generateHtmlFromNodes(editor, null));
}

function isEmptyParagraph(node: LexicalNode): boolean {
  return node.getType() === "paragraph" && $isElementNode(node) && node.isEmpty();
}

/** Replaces the editor's content with this HTML. */
export function $loadHtml(editor: LexicalEditor, html: string) {
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
export function textImportKeepingColours(): DOMConversionMap {
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
