// A unit test of the web host's body reading (web/oversize-files.ts, web/request-checks.ts): a
// form whose file is over the limit keeps its text. Like web-form-failures.test.ts it lives in the
// api project, the one vitest runs, and needs no API.
import { describe, expect, it } from "vitest";
import { readFormDroppingLargeFiles } from "../../web/oversize-files.ts";
import { withFormBody } from "../../web/request-checks.ts";
import { filesTooLarge } from "../../app/lib/forms.server.ts";

const BOUNDARY = "----almoner-oversize-test";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

type Part = { name: string; value: string } | { name: string; filename: string; bytes: number };

function multipart(parts: Part[]): Buffer {
  const pieces = parts.map((part) =>
    "filename" in part
      ? Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
              "Content-Type: image/jpeg\r\n\r\n",
          ),
          Buffer.alloc(part.bytes, 0x2d),
          Buffer.from("\r\n"),
        ])
      : Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
  );
  return Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** The body as a stream of `size`-byte chunks, so delimiters fall across chunks. */
function inChunks(body: Buffer, size: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(offset, offset + size)));
      offset += size;
    },
  });
}

async function formOf(body: Uint8Array<ArrayBuffer>) {
  return new Response(body, { headers: { "Content-Type": CONTENT_TYPE } }).formData();
}

const limits = { limit: 10_000, readMax: 200_000 };

describe("readFormDroppingLargeFiles", () => {
  const article = "<p>Every word typed</p>".repeat(20);
  const form = multipart([
    { name: "title", value: "Spring fair" },
    { name: "image", filename: "huge.jpg", bytes: 50_000 },
    { name: "article", value: article },
    { name: "photo", filename: "small.jpg", bytes: 300 },
  ]);

  for (const chunkSize of [7, 61, 4096, form.length]) {
    it(`keeps every field around a file over the limit (chunks of ${chunkSize} bytes)`, async () => {
      const kept = await readFormDroppingLargeFiles(inChunks(form, chunkSize), BOUNDARY, limits);
      expect(kept?.dropped).toEqual([{ field: "image", filename: "huge.jpg" }]);
      const fields = await formOf(kept!.body);
      expect(fields.get("title")).toBe("Spring fair");
      expect(fields.get("article")).toBe(article);
      expect(fields.has("image")).toBe(false);
      expect((fields.get("photo") as File).size).toBe(300);
    });
  }

  it("leaves a form within the limit as it came", async () => {
    const small = multipart([
      { name: "title", value: "Small" },
      { name: "image", filename: "a.jpg", bytes: 2000 },
    ]);
    const kept = await readFormDroppingLargeFiles(inChunks(small, 100), BOUNDARY, limits);
    expect(kept?.dropped).toEqual([]);
    expect(Buffer.from(kept!.body).equals(small)).toBe(true);
  });

  it("drops a first part that is too large, and each of several", async () => {
    const body = multipart([
      { name: "file", filename: "one.jpg", bytes: 30_000 },
      { name: "file", filename: "two.jpg", bytes: 400 },
      { name: "file", filename: "three.jpg", bytes: 30_000 },
      { name: "gallery_id", value: "4" },
    ]);
    const kept = await readFormDroppingLargeFiles(inChunks(body, 999), BOUNDARY, limits);
    expect(kept?.dropped.map((file) => file.filename)).toEqual(["one.jpg", "three.jpg"]);
    const fields = await formOf(kept!.body);
    expect((fields.getAll("file") as File[]).map((file) => file.name)).toEqual(["two.jpg"]);
    expect(fields.get("gallery_id")).toBe("4");
  });

  it("closes the form when the body ends inside a dropped file", async () => {
    const body = multipart([
      { name: "title", value: "Cut short" },
      { name: "image", filename: "huge.jpg", bytes: 50_000 },
    ]).subarray(0, 40_000);
    const kept = await readFormDroppingLargeFiles(inChunks(body, 512), BOUNDARY, limits);
    expect((await formOf(kept!.body)).get("title")).toBe("Cut short");
  });

  it("refuses a text field over the limit, and a body past readMax", async () => {
    const longText = multipart([{ name: "article", value: "a".repeat(20_000) }]);
    for (const size of [512, longText.length]) {
      expect(await readFormDroppingLargeFiles(inChunks(longText, size), BOUNDARY, limits)).toBe(
        null,
      );
    }
    const endless = multipart([{ name: "image", filename: "huge.jpg", bytes: 300_000 }]);
    expect(await readFormDroppingLargeFiles(inChunks(endless, 4096), BOUNDARY, limits)).toBe(null);
  });
});

describe("withFormBody", () => {
  const bodyLimits = { multipart: 10_000, multipartRead: 200_000, other: 1000 };
  const post = (body: Buffer, headers: Record<string, string> = {}) =>
    new Request("http://site.test/admin/blog/1", {
      method: "POST",
      headers: { "Content-Type": CONTENT_TYPE, ...headers },
      body: inChunks(body, 4096),
      duplex: "half",
    } as RequestInit);

  it("tells the app which files it dropped, and never believes a client that says so", async () => {
    const big = multipart([
      { name: "title", value: "Kept" },
      { name: "image", filename: "huge.jpg", bytes: 50_000 },
    ]);
    const checked = await withFormBody(post(big), bodyLimits);
    expect(checked).toBeInstanceOf(Request);
    expect(filesTooLarge(checked as Request)).toEqual([{ field: "image", filename: "huge.jpg" }]);
    expect((await (checked as Request).formData()).get("title")).toBe("Kept");

    const small = multipart([{ name: "title", value: "Kept" }]);
    const forged = await withFormBody(
      post(small, { "X-Files-Too-Large": '[{"field":"image","filename":"x.jpg"}]' }),
      bodyLimits,
    );
    expect(filesTooLarge(forged as Request)).toEqual([]);
  });

  it("refuses a multipart body declared larger than it reads, with 413", async () => {
    const small = multipart([{ name: "title", value: "Kept" }]);
    const refused = await withFormBody(post(small, { "Content-Length": "300000" }), bodyLimits);
    expect(refused).toEqual({ status: 413, message: "The request is too large." });
  });
});
