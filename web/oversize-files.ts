/** A file the host left out of a posted form because the form would not fit the body limit. */
export type DroppedFile = { field: string; filename: string };

/**
 * The header that tells the app which files were left out (JSON of DroppedFile[]). The host
 * removes any such header a client sends; `app/lib/forms.server.ts` reads it.
 */
export const FILES_TOO_LARGE_HEADER = "X-Files-Too-Large";

export type KeptForm = { body: Uint8Array<ArrayBuffer>; dropped: DroppedFile[] };

/** A part's headers are a few lines; one that has not ended after this many bytes is not read. */
const PART_HEADERS_MAX_BYTES = 16 * 1024;

/**
 * Reads a multipart body keeping at most about `limit` bytes of it. A file whose part would take
 * the form past the limit is left out: its bytes are read and dropped, and it is named in
 * `dropped`, so the app can answer the form with "The image you have uploaded is too large"
 * and everything else that was typed, where a bare 413 would lose it all. The form stays well
 * formed (a body cut off inside a dropped file is closed). Null when the body is too large
 * without its files (a text field over the limit), or when more than `readMax` bytes come.
 */
export async function readFormDroppingLargeFiles(
  stream: ReadableStream<Uint8Array> | null,
  boundary: string,
  { limit, readMax }: { limit: number; readMax: number },
): Promise<KeptForm | null> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter has no line break before it: one is put there, and taken off at the end.
  let kept: Buffer[] = [Buffer.from("\r\n")];
  let keptBytes = 2;
  const dropped: DroppedFile[] = [];
  /** While a file is being dropped: its last bytes, which may hold the start of a delimiter. */
  let skippedTail: Buffer | null = null;
  let read = 0;

  const keep = (bytes: Buffer): "ok" | "refuse" => {
    kept.push(bytes);
    keptBytes += bytes.byteLength;
    if (keptBytes <= limit) return "ok";
    const all = Buffer.concat(kept);
    const start = all.lastIndexOf(delimiter);
    if (start < 0) return "refuse";
    const headersEnd = all.indexOf("\r\n\r\n", start + delimiter.length);
    if (headersEnd < 0) {
      // Wait for the rest of the part's headers, unless they are not headers at all.
      kept = [all];
      return all.byteLength - start > PART_HEADERS_MAX_BYTES ? "refuse" : "ok";
    }
    const file = fileOfPart(all.subarray(start + delimiter.length, headersEnd).toString("utf8"));
    if (!file) return "refuse";
    dropped.push(file);
    kept = [all.subarray(0, start)];
    keptBytes = start;
    skippedTail = tailOf(all.subarray(headersEnd + 4), delimiter.byteLength - 1);
    return "ok";
  };

  const reader = stream?.getReader();
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    read += next.value.byteLength;
    if (read > readMax) {
      await reader!.cancel();
      return null;
    }
    let chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    if (skippedTail) {
      const scanned = Buffer.concat([skippedTail, chunk]);
      const found = scanned.indexOf(delimiter);
      if (found < 0) {
        skippedTail = tailOf(scanned, delimiter.byteLength - 1);
        continue;
      }
      skippedTail = null;
      chunk = scanned.subarray(found);
    }
    if (keep(chunk) === "refuse") {
      await reader!.cancel();
      return null;
    }
  }
  // The body ended inside a dropped file: the form is closed after the parts before it.
  if (skippedTail) kept.push(Buffer.concat([delimiter, Buffer.from("--\r\n")]));
  const whole = Buffer.concat(kept).subarray(2);
  const body = new Uint8Array(whole.byteLength);
  body.set(whole);
  return { body, dropped };
}

/** The field and file name of a part that carries a file (its `filename`), else null. */
function fileOfPart(headers: string): DroppedFile | null {
  const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
  const field = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
  const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
  if (field === undefined || filename === undefined) return null;
  return { field, filename };
}

function tailOf(bytes: Buffer, length: number): Buffer {
  return Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - length)));
}

/** The boundary of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string | null): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2] ?? null) : null;
}
