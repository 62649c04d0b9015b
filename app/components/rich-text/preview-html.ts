import {
  ALLOWED_TAGS,
  DROPPED_TAGS,
  SAME_AS,
  cleanStyle,
  escapeAttribute,
  isSafeLinkUrl,
} from "../rich-text-html.ts";

/**
 * HTML for the preview that stands in for the rich-text editor while it loads: the editor's
 * tags, text styles and links, nothing else. It runs where there is no DOM (the server renders
 * the preview), so it reads the HTML as a string: what it keeps it writes anew from vetted parts,
 * everything else is dropped, and text is written with `<` and `>` escaped. The field's HTML may
 * be what an admin posted or an autosaved draft, never sanitized by the API.
 */
export function previewHtml(html: string): string {
  let out = "";
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open < 0) break;
    out += escapeTextOnly(html.slice(at, open));
    const tag = readTag(html, open);
    if (!tag) {
      out += "&lt;";
      at = open + 1;
      continue;
    }
    at = tag.end;
    if (!tag.name) continue; // a comment, doctype or processing instruction
    if (!tag.closing && (DROPPED_TAGS.has(tag.name) || RAW_TEXT_TAGS.has(tag.name))) {
      at = endOfElement(html, tag.name, at);
      continue;
    }
    const name = SAME_AS[tag.name] ?? tag.name;
    if (!ALLOWED_TAGS.has(name)) continue;
    if (name === "br") out += tag.closing ? "" : "<br />";
    else if (tag.closing) out += `</${name}>`;
    else out += `<${name}${vettedAttributes(name, tag.attributes)}>`;
  }
  return out + escapeTextOnly(html.slice(at));
}

type Tag = { name: string | null; closing: boolean; attributes: string; end: number };

const TAG_NAME = /\/?([a-zA-Z][a-zA-Z0-9-]*)/y;

/**
 * The markup starting at `html[open]` ("<"), read the way a browser does, in one pass: a
 * comment, `<!…>`/`<?…>`, or a tag whose quoted values may hold ">"; null when "<" starts none
 * (it is text). Markup left open at the end runs to the end.
 */
function readTag(html: string, open: number): Tag | null {
  const next = html[open + 1];
  if (html.startsWith("<!--", open)) {
    const close = html.indexOf("-->", open + 4);
    return { name: null, closing: false, attributes: "", end: close < 0 ? html.length : close + 3 };
  }
  if (next === "!" || next === "?") {
    const close = html.indexOf(">", open);
    return { name: null, closing: false, attributes: "", end: close < 0 ? html.length : close + 1 };
  }
  TAG_NAME.lastIndex = open + 1;
  const name = TAG_NAME.exec(html);
  if (!name) return null;
  let at = TAG_NAME.lastIndex;
  while (at < html.length && html[at] !== ">") {
    const quote = html[at];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, at + 1);
      at = close < 0 ? html.length : close + 1;
    } else {
      at += 1;
    }
  }
  return {
    name: name[1]!.toLowerCase(),
    closing: html[open + 1] === "/",
    attributes: html.slice(TAG_NAME.lastIndex, at),
    end: Math.min(at + 1, html.length),
  };
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Their content is never the reader's text either (beyond those the editor drops). */
const RAW_TEXT_TAGS = new Set(["textarea", "noscript", "xmp", "svg", "math", "noembed"]);

function vettedAttributes(tag: string, attributes: string): string {
  const values = new Map<string, string>();
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!values.has(name)) values.set(name, match[2] ?? match[3] ?? match[4] ?? "");
  }
  if (tag === "a") {
    const href = linkOf(values.get("href"));
    const target = values.get("target") === "_blank" ? ' target="_blank"' : "";
    return (href ? ` href="${escapeAttribute(href)}"` : "") + target;
  }
  // Only plain words, numbers and colours pass (never `&`, `"`, `(` but in rgb()).
  const style = cleanStyle(values.get("style") ?? null);
  return style ? ` style="${escapeAttribute(style)}"` : "";
}

/**
 * The address of a link, as a browser would read it, when it may be one. Any character reference
 * but `&amp;` could spell something else (`/&#47;host`), so such an address is left out.
 */
function linkOf(raw: string | undefined): string | null {
  if (!raw || /&(?!amp;)/i.test(raw)) return null;
  const address = raw.replace(/&amp;/gi, "&");
  return isSafeLinkUrl(address) ? address.trim() : null;
}

/** Where the content of a dropped element ends: after its closing tag, or at the end. */
function endOfElement(html: string, tagName: string, from: number): number {
  const closing = new RegExp(`</${tagName}\\b[^>]*>`, "ig");
  closing.lastIndex = from;
  return closing.exec(html) ? closing.lastIndex : html.length;
}

function escapeTextOnly(text: string): string {
  return text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
