// A unit test of the web host's body reading (web/forms.ts, on busboy): a form whose file is over
// the limit keeps its text, and the app learns which file was dropped; too many parts are refused. Like
// web-form-failures.test.ts it lives in the api project, the one vitest runs, and needs no API.
import { Readable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesTooLarge } from "../../app/lib/forms.server.ts";
import { type ReadForm, readForm, refusalFor } from "../../web/forms.ts";

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
function* inChunks(body: Buffer, size: number) {
  for (let offset = 0; offset < body.length; offset += size) {
    yield body.subarray(offset, offset + size);
  }
}

const limits = {
  form: 1000,
  file: 10_000,
  files: 20_000,
  fileCount: 20,
  fieldCount: 100,
  field: 5_000,
};

/** A Fastify host that leaves multipart to readForm, as web/host.ts does, reading each post as it does. */
const host = Fastify();
let lastRead: ReadForm | undefined;
beforeAll(async () => {
  host.addContentTypeParser("multipart/form-data", (_request, _body, done) => done(null));
  host.post("/admin/blog/1", async (request, reply) => {
    try {
      lastRead = await readForm(request, reply, true, limits);
      return { read: true };
    } catch (error) {
      const refusal = refusalFor(error, true)!;
      return reply.code(refusal.status).send({ message: refusal.message });
    }
  });
});
afterAll(() => host.close());

function post(body: Buffer, chunkSize = 4096, headers: Record<string, string> = {}) {
  lastRead = undefined;
  return host.inject({
    method: "POST",
    url: "/admin/blog/1",
    headers: { "Content-Type": CONTENT_TYPE, ...headers },
    payload: Readable.from(inChunks(body, chunkSize)),
  });
}

async function read(body: Buffer, chunkSize = 4096, headers: Record<string, string> = {}) {
  const answer = await post(body, chunkSize, headers);
  expect(answer.statusCode).toBe(200);
  return lastRead!;
}

describe("a multipart post to an action that takes files", () => {
  const article = "<p>Every word typed</p>".repeat(20);
  const form = multipart([
    { name: "title", value: "Spring fair" },
    { name: "image", filename: "huge.jpg", bytes: 50_000 },
    { name: "article", value: article },
    { name: "photo", filename: "small.jpg", bytes: 300 },
  ]);

  for (const chunkSize of [7, 61, 4096, form.length]) {
    it(`keeps every field around a file over the limit (chunks of ${chunkSize} bytes)`, async () => {
      const { request, tooLarge } = await read(form, chunkSize);
      expect(tooLarge).toEqual(["image"]);
      expect(filesTooLarge(request)).toEqual([{ field: "image", filename: "huge.jpg" }]);
      const fields = await request.formData();
      expect([...fields.keys()]).toEqual(["title", "article", "photo"]);
      expect(fields.get("title")).toBe("Spring fair");
      expect(fields.get("article")).toBe(article);
      expect(fields.has("image")).toBe(false);
      expect((fields.get("photo") as File).size).toBe(300);
    });
  }

  it("passes a form within the limits whole, naming no file", async () => {
    const small = multipart([
      { name: "title", value: "Small" },
      { name: "image", filename: "a.jpg", bytes: 2000 },
    ]);
    const { request } = await read(small, 100);
    expect(filesTooLarge(request)).toEqual([]);
    const fields = await request.formData();
    expect(fields.get("title")).toBe("Small");
    expect((fields.get("image") as File).size).toBe(2000);
  });

  it("drops each file that is too large, the first one too", async () => {
    const body = multipart([
      { name: "file", filename: "one.jpg", bytes: 30_000 },
      { name: "file", filename: "two.jpg", bytes: 400 },
      { name: "file", filename: "three.jpg", bytes: 30_000 },
      { name: "gallery_id", value: "4" },
    ]);
    const { request } = await read(body, 999);
    expect(filesTooLarge(request).map((file) => file.filename)).toEqual(["one.jpg", "three.jpg"]);
    const fields = await request.formData();
    expect((fields.getAll("file") as File[]).map((file) => file.name)).toEqual(["two.jpg"]);
    expect(fields.get("gallery_id")).toBe("4");
  });

  it("never believes a client that names dropped files itself", async () => {
    const small = multipart([{ name: "title", value: "Kept" }]);
    const { request } = await read(small, 4096, {
      "X-Files-Too-Large": '[{"field":"image","filename":"x.jpg"}]',
    });
    expect(filesTooLarge(request)).toEqual([]);
  });

  it("refuses a text field over its cap with 413", async () => {
    const longText = multipart([{ name: "article", value: "a".repeat(20_000) }]);
    expect((await post(longText, 512)).statusCode).toBe(413);
  });

  for (const chunkSize of [7, 4096]) {
    it(`refuses more parts than 100 fields and 20 files with 413 (chunks of ${chunkSize} bytes)`, async () => {
      const fields = (count: number) =>
        Array.from({ length: count }, (_, index) => ({ name: `f${index}`, value: "1" }));
      const files = Array.from({ length: 20 }, (_, index) => ({
        name: "file",
        filename: `${index}.jpg`,
        bytes: 10,
      }));
      const full = await read(multipart([...fields(100), ...files]), chunkSize);
      expect((await full.request.formData()).getAll("file")).toHaveLength(20);
      const over = await post(multipart([...fields(101), ...files]), chunkSize);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ message: "The form has too many fields." });
      expect((await post(multipart(fields(5000)), chunkSize)).statusCode).toBe(413);
    });
  }

  it("answers a boundary it cannot use with 400", async () => {
    const types = [
      "multipart/form-data; boundary=",
      "multipart/form-data; boundary",
      'multipart/form-data; boundary=""',
    ];
    for (const type of types) {
      const answer = await post(multipart([{ name: "title", value: "A" }]), 4096, {
        "Content-Type": type,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: "The form could not be read." });
    }
  });
});
