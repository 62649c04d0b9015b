import { IMAGE_VARIANT_WIDTHS, variantKey } from "../media/images.ts";
import { publicStorageUrl } from "../media/storage.ts";
import { galleryPlaceholder } from "./gallery-codes.ts";
import { excerpt, plainText } from "./rich-text.ts";

/** The widths (in % of the article column) an editor may give an embedded image. */
export const ARTICLE_IMAGE_WIDTHS = [100, 80, 66, 50, 33] as const;

export type ArticleImage = {
  id: number;
  path: string;
  alt: string;
  width: number | null;
  height: number | null;
};

const SHORT_CODE = /\[\[([^[\]]*)\]\]/g;
const IMAGE_CODE = new RegExp(`^image(${ARTICLE_IMAGE_WIDTHS.join("|")})=(\\d+)$`);

/**
 * The article as the public pages show it: each `[[imageW=ID]]` naming one of the entry's own
 * images becomes a figure at W% of the column, each `[[gallery=N]]` the placeholder the gallery
 * is put in at read time (gallery-embeds.ts), any other `[[…]]` token disappears. `article`
 * must already be sanitized; only its text is rewritten, never an attribute. A figure may not
 * sit inside a paragraph or heading, so the block around it is split (and its empty halves
 * dropped); a paragraph that held nothing but a dropped token goes too.
 */
export function renderArticleHtml(article: string, images: ArticleImage[]): string {
  const byId = new Map(images.map((image) => [image.id, image]));
  const figureFor = (code: string): Node | null => {
    const gallery = galleryPlaceholder(code);
    if (gallery) return { kind: "figure", html: gallery };
    const match = IMAGE_CODE.exec(code);
    const image = match ? byId.get(Number(match[2])) : undefined;
    return image ? { kind: "figure", html: figure(image, Number(match![1])) } : null;
  };
  const tree = parse(article);
  replaceShortCodes(tree, figureFor);
  return lift(tree).map(serialize).join("");
}

/**
 * A text widget's HTML with each `[[gallery=N]]` turned into its placeholder, moved out of the
 * paragraph around it as an article's figures are; other `[[…]]` text is left as it is.
 */
export function placeGalleryCodes(html: string): string {
  const tree = parse(html);
  replaceShortCodes(tree, (code) => {
    const gallery = galleryPlaceholder(code);
    return gallery ? { kind: "figure", html: gallery } : { kind: "text", text: `[[${code}]]` };
  });
  return lift(tree).map(serialize).join("");
}

/** The first ~200 characters of the article's text, without its short codes. */
export function articlePreview(article: string): string {
  return excerpt(plainText(article.replace(SHORT_CODE, " ")));
}

function figure(image: ArticleImage, width: number): string {
  const url = (key: string) => escapeAttribute(publicStorageUrl(key));
  const seen = new Set<number>();
  const sources: string[] = [];
  for (const variant of IMAGE_VARIANT_WIDTHS) {
    // A narrow original's variants keep its width: name each real width once.
    const actual = image.width === null ? variant : Math.min(variant, image.width);
    if (seen.has(actual)) continue;
    seen.add(actual);
    sources.push(`${url(variantKey(image.path, variant))} ${actual}w`);
  }
  const size =
    image.width !== null && image.height !== null
      ? ` width="${image.width}" height="${image.height}"`
      : "";
  return (
    `<figure class="article-image article-image-${width}">` +
    `<img src="${url(image.path)}" srcset="${sources.join(", ")}"` +
    ` sizes="(min-width: 48rem) calc(48rem * ${width} / 100), ${width}vw"` +
    ` alt="${escapeAttribute(image.alt)}" loading="lazy" decoding="async"${size}>` +
    `</figure>`
  );
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

// A small tree of sanitized HTML: its tags are balanced and `<`/`>` never occur inside text or
// attribute values, so a tag is exactly a `<…>` run.
type Element = {
  kind: "element";
  name: string;
  attributes: string;
  children: Node[];
  /** Whether a short code stood somewhere inside it. */
  hadShortCode?: boolean;
};
type Node = Element | { kind: "text"; text: string } | { kind: "figure"; html: string };

const VOID = new Set(["br"]);
/** Elements that may hold only phrasing content: a figure inside one is moved out of it. */
const PHRASING_ONLY = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "span",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "a",
]);

function parse(html: string): Element {
  const root: Element = { kind: "element", name: "", attributes: "", children: [] };
  const open: Element[] = [root];
  for (const token of html.split(/(<[^>]*>)/)) {
    if (!token) continue;
    const parent = open[open.length - 1]!;
    const tag = /^<(\/?)([a-z0-9]+)([^>]*?)\s*\/?>$/i.exec(token);
    if (!tag) {
      parent.children.push({ kind: "text", text: token });
      continue;
    }
    const [, closing, rawName, attributes] = tag;
    const name = rawName!.toLowerCase();
    if (closing) {
      const index = open.findLastIndex((element) => element.name === name);
      if (index > 0) open.length = index;
      continue;
    }
    const element: Element = { kind: "element", name, attributes: attributes ?? "", children: [] };
    parent.children.push(element);
    if (!VOID.has(name)) open.push(element);
  }
  return root;
}

function replaceShortCodes(element: Element, figureFor: (code: string) => Node | null): void {
  element.children = element.children.flatMap((child): Node[] => {
    if (child.kind === "element") {
      replaceShortCodes(child, figureFor);
      element.hadShortCode ||= child.hadShortCode;
      return [child];
    }
    if (child.kind !== "text") return [child];
    const pieces: Node[] = [];
    let last = 0;
    for (const match of child.text.matchAll(SHORT_CODE)) {
      element.hadShortCode = true;
      pieces.push({ kind: "text", text: child.text.slice(last, match.index) });
      const replacement = figureFor(match[1]!);
      if (replacement) pieces.push(replacement);
      last = match.index + match[0].length;
    }
    pieces.push({ kind: "text", text: child.text.slice(last) });
    return pieces.filter((piece) => piece.kind !== "text" || piece.text !== "");
  });
}

/**
 * The element with every figure lifted out of the phrasing elements around it: such an element
 * becomes a copy holding what came before the figure, the figure, and a copy holding what came
 * after it (blank copies are dropped). A paragraph left blank by a dropped token goes too.
 */
function lift(element: Element): Node[] {
  const children = element.children.flatMap((child) =>
    child.kind === "element" ? lift(child) : [child],
  );
  if (!PHRASING_ONLY.has(element.name)) return [{ ...element, children }];
  if (!children.some((child) => child.kind === "figure"))
    return element.hadShortCode && isBlank(children) ? [] : [{ ...element, children }];
  const out: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    if (!isBlank(run)) out.push({ ...element, children: run });
    run = [];
  };
  for (const child of children) {
    if (child.kind !== "figure") {
      run.push(child);
      continue;
    }
    flush();
    out.push(child);
  }
  flush();
  return out;
}

function isBlank(nodes: Node[]): boolean {
  return nodes.every((node) =>
    node.kind === "text"
      ? node.text.replace(/&nbsp;|\s/g, "") === ""
      : node.kind === "element" && (node.name === "br" || isBlank(node.children)),
  );
}

function serialize(node: Node): string {
  if (node.kind === "text") return node.text;
  if (node.kind === "figure") return node.html;
  const inner = node.children.map(serialize).join("");
  if (node.name === "") return inner;
  if (VOID.has(node.name)) return `<${node.name}${node.attributes} />`;
  return `<${node.name}${node.attributes}>${inner}</${node.name}>`;
}
