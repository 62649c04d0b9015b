import sanitizeHtml from "sanitize-html";

/**
 * Rich text is stored the way our Lexical editor produces it and nothing more: these tags, a few
 * text styles, links to the web and to mail. Everything else is removed on save, so the public
 * pages can insert the stored HTML as it is.
 */
const TAGS = [
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "span",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
];

const STYLED = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "span", "li", "blockquote"];

const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*(,\s*\d{1,3}%?\s*){2}(,\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i,
  /^rgba?\(\s*\d{1,3}%?(\s+\d{1,3}%?){2}\s*(\/\s*(0|1|0?\.\d+|\d{1,3}%)\s*)?\)$/i,
  // A colour name: letters only, so nothing like url(…) or expression(…) gets through.
  /^[a-z]+$/i,
];
const DECORATION = [/^(underline|line-through)(\s+(underline|line-through))?$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    a: ["href", "target", "rel"],
    ...Object.fromEntries(STYLED.map((tag) => [tag, ["style"]])),
  },
  allowedStyles: {
    "*": {
      color: COLOUR,
      "background-color": COLOUR,
      "text-align": [/^(left|center|right|justify|start|end)$/],
      "text-decoration": DECORATION,
      "text-decoration-line": DECORATION,
      "font-weight": [/^(bold|700|normal|400)$/],
      "font-style": [/^(italic|normal)$/],
    },
  },
  // Relative links (/donate, #top) stay: editors link to the site's own pages.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Deeper tags are dropped (their text kept): no editor nests this far, and it bounds the
  // recursion of the article renderer.
  nestingLimit: 40,
  // The content of these is code or markup, never text for the reader.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "svg",
    "math",
    "template",
    "title",
  ],
  transformTags: {
    a: (tagName, attribs) => {
      // A link may open a new tab, and then never hands the opener to the page it opens.
      const { target, rel: _rel, ...rest } = attribs;
      return target === "_blank"
        ? { tagName, attribs: { ...rest, target, rel: "noopener noreferrer" } }
        : { tagName, attribs: rest };
    },
  },
};

/** The HTML with everything outside the editor's allowlist removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const BLOCK_BOUNDARY = /<\/?(p|h[1-6]|li|ul|ol|blockquote|br)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The text of (sanitized) HTML: tags removed, blocks separated by a space, entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(BLOCK_BOUNDARY, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The first ~`limit` characters of a text, cut after a whole word and ending in "…" when cut. */
export function excerpt(text: string, limit = 200): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit + 1);
  const lastSpace = cut.lastIndexOf(" ");
  const words = lastSpace > limit / 2 ? cut.slice(0, lastSpace) : text.slice(0, limit);
  return `${words.replace(/[\s,.;:!?–—-]+$/, "")}…`;
}
