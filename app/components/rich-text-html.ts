/**
 * The HTML the rich-text editor hands to the form: only what the API's sanitizer keeps
 * (DESIGN §5), written the way sanitize-html writes it back (`prop:value` styles, `<br />`,
 * only `&`, `<`, `>` and `"` escaped), so a save and a reload give back the same string.
 * `cleanEditorHtml` is browser-only (it parses with the DOM); the rest runs anywhere.
 */

export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "br",
  "strong",
  "em",
  "u",
  "s",
  "span",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
]);
/** Lexical writes bold and italic twice (`<b><strong>`); one spelling of each is kept. */
export const SAME_AS: Readonly<Record<string, string>> = {
  b: "strong",
  i: "em",
  strike: "s",
  del: "s",
};
const TEXT_FORMATS = new Set(["strong", "em", "u", "s"]);
/** Their content never becomes text. */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  "script",
  "style",
  "template",
  "iframe",
  "object",
  "head",
  "title",
]);

const ALLOWED_STYLES = new Set([
  "color",
  "background-color",
  "text-align",
  "text-decoration",
  "text-decoration-line",
  "font-weight",
  "font-style",
]);
const ALIGNMENTS = new Set(["left", "center", "right", "justify"]);
const PLAIN_VALUE = /^[a-z0-9 .%#-]+$/i;
const COLOUR_FUNCTION =
  /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/i;

const WEB_OR_MAIL = /^(?:https?:\/\/|mailto:)/i;
/** A page of this site: a path from its root (not `//host`, which leaves it) or an anchor. */
const SITE_ADDRESS = /^(?:\/(?![/\\])|#)/;

/**
 * True for the addresses a link may point at: http(s), mailto, and the site's own pages
 * (`/projects/clean-water`, `#donate`). Never `javascript:`, `data:`, `vbscript:` or a
 * protocol-relative `//host`. The API's sanitizer keeps the same ones (server/domain/rich-text.ts).
 */
export function isSafeLinkUrl(url: string): boolean {
  const address = url.trim();
  if (hasControlCharacter(address)) return false;
  return WEB_OR_MAIL.test(address) || SITE_ADDRESS.test(address);
}

/** Browsers drop tabs and line breaks inside an address (`/\t/evil.example` is `//evil.example`). */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * What the link dialog makes of what was typed: a bare e-mail address gets `mailto:`, a bare
 * domain (`www.example.org`, `example.org/page`) gets `https://`; null when it may not be a link.
 */
export function linkAddress(typed: string): string | null {
  const address = withScheme(typed.trim());
  return address !== "" && isSafeLinkUrl(address) ? address : null;
}

function withScheme(address: string): string {
  if (/^[^\s@/:]+@[^\s@/:]+\.[a-z]{2,}$/i.test(address)) return `mailto:${address}`;
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(address)) return `https://${address}`;
  return address;
}

/**
 * Rewrites editor output (Lexical's `$generateHtmlFromNodes`) as clean HTML: no classes, ids,
 * `dir` or layout styles; one tag per text format; empty content becomes "".
 */
export function cleanEditorHtml(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const cleaned = writeChildren(template.content, new Set());
  return /^(?:<p>(?:<br \/>)?<\/p>)*$/.test(cleaned) ? "" : cleaned;
}

function writeChildren(parent: ParentNode, openFormats: ReadonlySet<string>): string {
  let out = "";
  for (const child of Array.from(parent.childNodes)) out += writeNode(child, openFormats);
  return out;
}

function writeNode(node: Node, openFormats: ReadonlySet<string>): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText(node.textContent ?? "");
  if (!(node instanceof Element)) return "";

  const tagName = node.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tagName)) return "";
  const tag = SAME_AS[tagName] ?? tagName;
  if (!ALLOWED_TAGS.has(tag)) return writeChildren(node, openFormats);
  if (tag === "br") return "<br />";

  const style = cleanStyle(node.getAttribute("style"));
  const styleAttribute = style ? ` style="${escapeAttribute(style)}"` : "";

  if (TEXT_FORMATS.has(tag) || tag === "span") {
    // A format already open around this text is not repeated; its colour (if any) stays on a span.
    const repeated = tag === "span" || openFormats.has(tag);
    const inner = writeChildren(node, repeated ? openFormats : new Set([...openFormats, tag]));
    if (inner === "") return "";
    if (!repeated) return `<${tag}${styleAttribute}>${inner}</${tag}>`;
    return style ? `<span${styleAttribute}>${inner}</span>` : inner;
  }

  if (tag === "a") {
    const href = node.getAttribute("href")?.trim() ?? "";
    const inner = writeChildren(node, openFormats);
    if (!isSafeLinkUrl(href)) return inner;
    const target = node.getAttribute("target") === "_blank" ? ' target="_blank"' : "";
    return `<a href="${escapeAttribute(href)}"${target}${styleAttribute}>${inner}</a>`;
  }

  return `<${tag}${styleAttribute}>${writeChildren(node, openFormats)}</${tag}>`;
}

/** Keeps the allowed declarations, in order, as `prop:value;prop:value`. */
export function cleanStyle(style: string | null): string {
  if (!style) return "";
  const kept: string[] = [];
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = cleanStyleValue(property, declaration.slice(colon + 1).trim());
    if (value) kept.push(`${property}:${value}`);
  }
  return kept.join(";");
}

function cleanStyleValue(property: string, value: string): string | null {
  if (!ALLOWED_STYLES.has(property) || value === "") return null;
  if (property === "text-align") {
    const alignment = value.toLowerCase();
    return ALIGNMENTS.has(alignment) ? alignment : null;
  }
  if (property === "color" || property === "background-color") return cleanColour(value);
  return PLAIN_VALUE.test(value) ? value.toLowerCase() : null;
}

/** Browsers write colours back as rgb(); the editor stores and writes them as #rrggbb. */
function cleanColour(value: string): string | null {
  const rgb = COLOUR_FUNCTION.exec(value);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]);
    if (alpha === 0) return null;
    const channels = [rgb[1], rgb[2], rgb[3]].map((channel) => Math.min(255, Number(channel)));
    if (alpha < 1) return `rgba(${channels.join(",")},${alpha})`;
    return `#${channels.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
  }
  if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return value.toLowerCase();
  if (/^[a-z]+$/i.test(value)) return value.toLowerCase();
  return null;
}

export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;");
}
