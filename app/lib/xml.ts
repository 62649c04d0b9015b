/**
 * Characters XML 1.0 cannot hold at all, even escaped: C0 controls but tab, line feed and carriage
 * return, lone surrogates, U+FFFE and U+FFFF. An editor's text may carry one pasted from
 * elsewhere; a feed reader refuses the whole document for it, so it is dropped.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe in XML character data and in attribute values (either quote). */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

const HTML_ENTITIES: Record<string, string> = { ...ENTITIES, "'": "&#39;" };

/** Plain text as HTML shows it (an RSS description is HTML), before escapeXml puts it in XML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]!);
}
