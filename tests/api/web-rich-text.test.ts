// Unit tests of the web tier's rich-text rules (app/components/rich-text-html.ts) and of the
// preview shown while the editor loads (app/components/rich-text/preview-html.ts). They live in
// the api project, which runs the unit tests.
import { describe, expect, it } from "vitest";
import { previewHtml } from "../../app/components/rich-text/preview-html.ts";
import { isSafeLinkUrl, linkAddress } from "../../app/components/rich-text-html.ts";

describe("the addresses a link may have", () => {
  it.each([
    "https://www.example.org/a?b=1&c=2",
    "http://example.org",
    "mailto:hello@example.org",
    "/projects/clean-water",
    "/blog/spring-fair?from=home#photos",
    "/contact",
    "/",
    "#donate",
  ])("takes %s", (address) => {
    expect(isSafeLinkUrl(address)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "/\\evil.example/x",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "projects/clean-water",
    "ftp://example.org",
    "",
  ])("refuses %j", (address) => {
    expect(isSafeLinkUrl(address)).toBe(false);
  });

  it.each([
    ["www.example.org", "https://www.example.org"],
    ["example.org/about", "https://example.org/about"],
    ["  https://example.org  ", "https://example.org"],
    ["hello@example.org", "mailto:hello@example.org"],
    ["/projects/clean-water", "/projects/clean-water"],
    ["#donate", "#donate"],
    ["javascript:alert(1)", null],
    ["//evil.example", null],
    ["clean water", null],
    ["   ", null],
  ])("the link dialog makes %j into %j", (typed, address) => {
    expect(linkAddress(typed)).toBe(address);
  });
});

describe("the preview shown while the editor loads", () => {
  it("keeps what the editor writes", () => {
    const html =
      '<h2 style="text-align:center">Clean water</h2><p>Wells for <strong>every</strong> <em>village</em>' +
      '<br /><span style="color:#1a2b3c">coloured</span> <a href="/projects/wells">wells</a> ' +
      '<a href="https://example.org/a?b=1&amp;c=2" target="_blank">web</a></p>' +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quoted</blockquote>";
    expect(previewHtml(html)).toBe(html);
  });

  it("writes one spelling of each format, as the editor does", () => {
    expect(previewHtml("<p><b>bold</b> <i>it</i> <strike>gone</strike><br></p>")).toBe(
      "<p><strong>bold</strong> <em>it</em> <s>gone</s><br /></p>",
    );
  });

  it.each([
    ["a script", "<p>Hi<script>alert('<p>')</script></p>", "<p>Hi</p>"],
    ["a script never closed", "<p>Hi</p><script>alert(1)", "<p>Hi</p>"],
    ["a style sheet", "<style>p{display:none}</style><p>Hi</p>", "<p>Hi</p>"],
    ["a textarea", "<textarea></p><img src=x onerror=alert(1)></textarea><p>Hi</p>", "<p>Hi</p>"],
    ["an image", '<p><img src="x" onerror="alert(1)">Hi</p>', "<p>Hi</p>"],
    ["handlers", '<p onclick="alert(1)" class="x" id="y">Hi</p>', "<p>Hi</p>"],
    ["a > inside a quoted value", '<p title="a > b" onclick="x()">Hi</p>', "<p>Hi</p>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe><p>Hi</p>', "<p>Hi</p>"],
    ["an SVG", "<svg onload=alert(1)><text>drawn</text></svg><p>Hi</p>", "<p>Hi</p>"],
    ["a comment", "<p>a<!-- <script>alert(1)</script> -->b</p>", "<p>ab</p>"],
    ["a doctype", "<!DOCTYPE html><p>Hi</p>", "<p>Hi</p>"],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["a link with a tab entity", '<a href="jav&#x09;ascript:alert(1)">x</a>', "<a>x</a>"],
    ["a slash spelt as an entity", '<a href="/&#47;evil.example">x</a>', "<a>x</a>"],
    ["a protocol-relative link", '<a href="//evil.example">x</a>', "<a>x</a>"],
    ["a backslash link", '<a href="/\\evil.example">x</a>', "<a>x</a>"],
    ["an unquoted href", "<a href=javascript:alert(1)>x</a>", "<a>x</a>"],
    ["a style on a link", '<a href="/x" style="color:red">x</a>', '<a href="/x">x</a>'],
    [
      "a style that is not a text style",
      '<p style="background:url(javascript:alert(1));position:fixed;color:red">Hi</p>',
      '<p style="color:red">Hi</p>',
    ],
    ["a style spelt with entities", '<p style="color&#58;red">Hi</p>', "<p>Hi</p>"],
  ])("drops %s", (_case, given, kept) => {
    expect(previewHtml(given)).toBe(kept);
  });

  it("shows a lone < or > as text, never as markup", () => {
    expect(previewHtml("<p>1 < 2 > 0 <3 </p>")).toBe("<p>1 &lt; 2 &gt; 0 &lt;3 </p>");
    expect(previewHtml("<p>open <a href='/x' title=\"never closed")).toBe('<p>open <a href="/x">');
  });

  it("reads a long run of unclosed markup in one pass", () => {
    const started = performance.now();
    previewHtml(`<p>${'<a title="x '.repeat(20_000)}`);
    previewHtml("<".repeat(200_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
