import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createEntry } from "../support/entries-factory.ts";
import { clientAs, jpeg, png, postForm } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

/** Saves `article` on a new project and answers the saved detail. */
async function saveArticle(article: string, entryId?: number) {
  const id = entryId ?? (await createEntry(api.database.db, "project", { preview_text: "" })).id;
  const response = await postForm(admin, `/api/projects/${id}`, { article });
  expect(response.status).toBe(200);
  return response.body;
}

/** A project with two uploaded pictures: 300×200 (with an alt text) and 80×60. */
async function projectWithPictures() {
  const entry = await createEntry(api.database.db, "project");
  const wide = await postForm(admin, "/api/projectsimages", {
    project_id: String(entry.id),
    alt: 'A "new" well & pump',
    file: ["wide.jpg", await jpeg(300, 200)],
  });
  const small = await postForm(admin, "/api/projectsimages", {
    project_id: String(entry.id),
    file: ["small.png", await png(80, 60)],
  });
  return { entry, wide: wide.body, small: small.body };
}

const variants = (url: string) => (width: number) => url.replace(/\.webp$/, `-${width}.webp`);

/** The figure a short code becomes, as the brief spells it. */
function figure(
  image: { image_url: string },
  width: number,
  { alt, size, sources }: { alt: string; size: [number, number]; sources: [number, number][] },
) {
  const variant = variants(image.image_url);
  const srcset = sources.map(([file, w]) => `${variant(file)} ${w}w`).join(", ");
  return (
    `<figure class="article-image article-image-${width}">` +
    `<img src="${image.image_url}" srcset="${srcset}"` +
    ` sizes="(min-width: 48rem) calc(48rem * ${width} / 100), ${width}vw"` +
    ` alt="${alt}" loading="lazy" decoding="async" width="${size[0]}" height="${size[1]}">` +
    `</figure>`
  );
}

const wideFigure = (image: { image_url: string }, width: number) =>
  figure(image, width, {
    alt: "A &quot;new&quot; well &amp; pump",
    size: [300, 200],
    // Narrower than every variant: each variant file holds the 300 px original.
    sources: [[480, 300]],
  });

describe("sanitizing the article on save", () => {
  const allowed =
    '<h2 style="text-align:center">Heading</h2>' +
    "<h3>Sub</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6><h1>h1</h1>" +
    '<p style="color:#1a2b3c;background-color:rgba(255, 0, 0, 0.5);font-weight:bold;font-style:italic;text-decoration:underline line-through">' +
    "Plain <strong>strong</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s> <strike>strike</strike> <del>del</del>" +
    '<br /><span style="color:rebeccapurple;text-decoration-line:underline">span</span> <span style="color:rgb(10, 20, 30)">rgb</span></p>' +
    '<ul><li style="text-align:justify">one</li><li>two</li></ul><ol><li>first</li></ol>' +
    '<blockquote style="font-style:normal;font-weight:400">quoted</blockquote>' +
    '<p style="text-align:end"><a href="https://example.org/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">web</a> ' +
    '<a href="mailto:hello@example.org">mail</a> <a href="/donate">donate</a> <a href="#top">top</a> <a href="http://example.org">http</a></p>';

  it("keeps everything our editor produces exactly", async () => {
    const saved = await saveArticle(allowed);
    expect(saved.article).toBe(allowed);
    expect(saved.article_html).toBe(allowed);
  });

  it.each([
    ["a script", "<p>Hi<script>alert(1)</script></p>", "<p>Hi</p>"],
    ["a style sheet", "<style>p { display: none }</style><p>Hi</p>", "<p>Hi</p>"],
    ["an image with onerror", '<p><img src="x" onerror="alert(1)">Hi</p>', "<p>Hi</p>"],
    ["an onclick handler", '<p onclick="alert(1)">Hi</p>', "<p>Hi</p>"],
    ["class and id", '<p class="lead" id="intro">Hi</p>', "<p>Hi</p>"],
    ["an iframe", '<iframe src="https://evil.example">fallback</iframe><p>Hi</p>', "<p>Hi</p>"],
    ["an SVG", '<svg onload="alert(1)"><text>drawn</text></svg><p>Hi</p>', "<p>Hi</p>"],
    ["a form", '<form action="/x"><input name="a"><button>Go</button></form>', "Go"],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["a JavaScript: link in capitals", '<a href="JaVaScRiPt:alert(1)">x</a>', "<a>x</a>"],
    ["a link with a tab entity", '<a href="jav&#x09;ascript:alert(1)">x</a>', "<a>x</a>"],
    ["a link with a newline", '<a href="java\nscript:alert(1)">x</a>', "<a>x</a>"],
    ["a link with leading spaces", '<a href="   javascript:alert(1)">x</a>', "<a>x</a>"],
    [
      "a link with encoded letters",
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:alert(1)">x</a>',
      "<a>x</a>",
    ],
    ["a data: link", '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', "<a>x</a>"],
    ["a vbscript: link", '<a href="vbscript:msgbox(1)">x</a>', "<a>x</a>"],
    ["a protocol-relative link", '<a href="//evil.example/x">x</a>', "<a>x</a>"],
    ["target other than _blank", '<a href="/x" target="_top">x</a>', '<a href="/x">x</a>'],
    [
      "_blank without rel",
      '<a href="https://a.example" target="_blank">x</a>',
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    [
      "a rel of its own",
      '<a href="https://a.example" rel="opener">x</a>',
      '<a href="https://a.example">x</a>',
    ],
    [
      "a background url(javascript:)",
      '<p style="background:url(javascript:alert(1))">Hi</p>',
      "<p>Hi</p>",
    ],
    [
      "a background-color url()",
      '<p style="background-color:url(https://evil.example/x.png)">Hi</p>',
      "<p>Hi</p>",
    ],
    ["an expression()", '<p style="color:expression(alert(1))">Hi</p>', "<p>Hi</p>"],
    [
      "position:fixed beside a colour",
      '<p style="position:fixed;top:0;left:0;width:100%;color:red">Hi</p>',
      '<p style="color:red">Hi</p>',
    ],
    ["a style on a link", '<a href="/x" style="color:red">x</a>', '<a href="/x">x</a>'],
    ["font-weight 900", '<span style="font-weight:900">x</span>', "<span>x</span>"],
    ["text-align inherit", '<p style="text-align:inherit">x</p>', "<p>x</p>"],
    ["an HTML comment", "<p>a<!-- secret -->b</p>", "<p>ab</p>"],
    ["an unclosed tag", "<p>open <strong>bold", "<p>open <strong>bold</strong></p>"],
  ])("removes %s", async (_case, given, kept) => {
    const saved = await saveArticle(given);
    expect(saved.article).toBe(kept);
    expect(saved.article_html).toBe(kept);
  });

  it("flattens markup nested deeper than any editor nests it, keeping the text", async () => {
    const depth = 20_000;
    const saved = await saveArticle(
      `${"<span>".repeat(depth)}deep [[image50=1]]${"</span>".repeat(depth)}`,
    );
    expect(saved.article).toMatch(/^(<span>){40}deep \[\[image50=1\]\](<\/span>){40}$/);
    expect(saved.article_html).toBe(saved.article.replace("[[image50=1]]", ""));
  });

  it("keeps text that looks like markup escaped", async () => {
    const saved = await saveArticle("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 &lt;script&gt;</p>");
    expect(saved.article).toBe("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2 &lt;script&gt;</p>");
  });
});

describe("short codes in article_html", () => {
  it.each([100, 80, 66, 50, 33])("renders [[image%i=ID]] as a figure at that width", async (w) => {
    const { entry, wide } = await projectWithPictures();
    const saved = await saveArticle(`<p>[[image${w}=${wide.id}]]</p>`, entry.id);
    expect(saved.article).toBe(`<p>[[image${w}=${wide.id}]]</p>`);
    expect(saved.article_html).toBe(wideFigure(wide, w));
  });

  it("names each variant once with its real width and the original's size", async () => {
    const { entry, small } = await projectWithPictures();
    const saved = await saveArticle(`<p>[[image50=${small.id}]]</p>`, entry.id);
    expect(saved.article_html).toBe(
      figure(small, 50, { alt: "", size: [80, 60], sources: [[480, 80]] }),
    );
  });

  it("lists every variant of an image wider than them", async () => {
    const entry = await createEntry(api.database.db, "blog");
    const big = await postForm(admin, "/api/blogimages", {
      blog_id: String(entry.id),
      file: ["big.jpg", await jpeg(1200, 600)],
    });
    const saved = await postForm(admin, `/api/blog/${entry.id}`, {
      article: `<p>[[image100=${big.body.id}]]</p>`,
    });
    expect(saved.body.article_html).toBe(
      figure(big.body, 100, {
        alt: "",
        size: [1200, 600],
        sources: [
          [480, 480],
          [960, 960],
          [1600, 1200],
        ],
      }),
    );
  });

  it("lifts a figure out of its paragraph and the inline tags around it", async () => {
    const { entry, wide } = await projectWithPictures();
    const code = `[[image66=${wide.id}]]`;
    const saved = await saveArticle(
      `<p>Before ${code} after</p>` +
        `<p><span style="color:red"><strong>${code}</strong></span></p>` +
        `<h2>Title ${code}</h2>` +
        `<ul><li>In a list ${code}</li></ul>` +
        `<blockquote>${code}</blockquote>`,
      entry.id,
    );
    const fig = wideFigure(wide, 66);
    expect(saved.article_html).toBe(
      `<p>Before </p>${fig}<p> after</p>` +
        fig +
        `<h2>Title </h2>${fig}` +
        `<ul><li>In a list ${fig}</li></ul>` +
        `<blockquote>${fig}</blockquote>`,
    );
  });

  it("drops tokens that name no picture of this entry, and the paragraphs they leave empty", async () => {
    const { entry, wide } = await projectWithPictures();
    const { wide: elsewhere } = await projectWithPictures();
    const saved = await saveArticle(
      [
        "<p>[[image50=987654]]</p>",
        `<p>Another entry's: [[image50=${elsewhere.id}]]</p>`,
        `<p>Width 25: [[image25=${wide.id}]]</p>`,
        "<p>[[image50=]][[image=1]][[ image50=1 ]][[image50=abc]][[gallery=1]][[]]</p>",
        `<p>Kept [[image050=${wide.id}]] text</p>`,
      ].join(""),
      entry.id,
    );
    expect(saved.article_html).toBe("<p>Another entry's: </p><p>Width 25: </p><p>Kept  text</p>");
  });

  it("never writes a figure into an attribute", async () => {
    const { entry, wide } = await projectWithPictures();
    const article = `<p><a href="/x?[[image50=${wide.id}]]">link</a></p>`;
    const saved = await saveArticle(article, entry.id);
    expect(saved.article_html).toBe(article);
  });

  it("renders again when the pictures change: upload, rotate, delete", async () => {
    const { entry, wide, small } = await projectWithPictures();
    const saved = await saveArticle(
      `<p>[[image100=${wide.id}]]</p><p>[[image33=${small.id}]]</p>`,
      entry.id,
    );
    expect(saved.article_html).toContain(wide.image_url);

    const rotated = await admin.post(`/api/projectsimages/${wide.id}/rotate`, {});
    const afterRotate = (await admin.get(`/api/projects/${entry.id}`)).body;
    expect(afterRotate.article_html).toContain(rotated.body.image_url);
    expect(afterRotate.article_html).not.toContain(wide.image_url);
    expect(afterRotate.article_html).toContain('width="200" height="300"');

    await admin.delete(`/api/projectsimages/${small.id}`);
    const afterDelete = (await admin.get(`/api/projects/${entry.id}`)).body;
    expect(afterDelete.article_html).toBe(
      figure(rotated.body, 100, {
        alt: "A &quot;new&quot; well &amp; pump",
        size: [200, 300],
        sources: [[480, 200]],
      }),
    );
  });

  it("shows a token written before its picture existed once the picture is uploaded", async () => {
    // A fresh database: its first picture will have id 1.
    const own = await startTestApi();
    onTestFinished(() => own.close());
    const client = await clientAs(own, "admin");
    const entry = await createEntry(own.database.db, "blog");
    const before = await postForm(client, `/api/blog/${entry.id}`, {
      article: "<p>Intro</p><p>[[image50=1]]</p>",
    });
    expect(before.body.article_html).toBe("<p>Intro</p>");
    const image = await postForm(client, "/api/blogimages", {
      blog_id: String(entry.id),
      file: ["first.png", await png(80, 60)],
    });
    expect(image.body.id).toBe(1);
    const after = await client.get(`/api/blog/${entry.id}`);
    expect(after.body.article_html).toBe(
      "<p>Intro</p>" + figure(image.body, 50, { alt: "", size: [80, 60], sources: [[480, 80]] }),
    );
  });
});

describe("preview_text", () => {
  const long =
    "<p>Clean water changes everything for a village: children stay in school, mothers " +
    "stop walking for hours, and clinics can finally keep their instruments clean.</p>" +
    "<p>[[image100=1]]Our committees train local mechanics so that every pump keeps " +
    "running for years, with a small fund for spare parts.</p>";

  it("defaults to the article's first ~200 characters of text, cut at a word", async () => {
    const saved = await saveArticle(long);
    expect(saved.preview_text).toBe(
      "Clean water changes everything for a village: children stay in school, mothers stop " +
        "walking for hours, and clinics can finally keep their instruments clean. Our " +
        "committees train local mechanics so…",
    );
    expect(saved.preview_text.length).toBeLessThanOrEqual(201);
  });

  it("takes a short article whole, with entities decoded and without short codes", async () => {
    const saved = await saveArticle(
      "<h2>Tom &amp; Jerry</h2><p>[[image50=3]] &lt;3 &quot;x&quot;</p>",
    );
    expect(saved.preview_text).toBe('Tom & Jerry <3 "x"');
  });

  it("keeps a preview the admin wrote, and fills an emptied one from the article", async () => {
    const entry = await createEntry(api.database.db, "blog", { preview_text: "" });
    const written = await postForm(admin, `/api/blog/${entry.id}`, {
      article: long,
      preview_text: "Written by hand",
    });
    expect(written.body.preview_text).toBe("Written by hand");
    const emptied = await postForm(admin, `/api/blog/${entry.id}`, { preview_text: "  " });
    expect(emptied.body.preview_text).toMatch(/^Clean water changes everything .* mechanics so…$/);
  });
});
