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

  /** Leaves out the largest file held until the form fits; the one still coming is then skipped. */
  const shrink = (): "ok" | "refuse" => {
    while (keptBytes > limit && !skippedTail) {
      const all = Buffer.concat(kept);
      kept = [all];
      const largest = largestFilePart(all, delimiter);
      if (largest === "wait") return "ok";
      if (!largest) return "refuse";
      dropped.push(largest.file);
      if (largest.end === all.byteLength) {
        kept = [all.subarray(0, largest.start)];
        keptBytes = largest.start;
        skippedTail = tailOf(all.subarray(largest.contentStart), delimiter.byteLength - 1);
      } else {
        kept = [all.subarray(0, largest.start), all.subarray(largest.end)];
        keptBytes = all.byteLength - (largest.end - largest.start);
      }
    }
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
    kept.push(chunk);
    keptBytes += chunk.byteLength;
    if (shrink() === "refuse") {
      await reader!.cancel();
      return null;
    }
  }
  // Still over the limit at the end: nothing more could be left out (no file) while a part's
  // headers were coming.
  if (keptBytes > limit) return null;
  // The body ended inside a dropped file: the form is closed after the parts before it.
  if (skippedTail) kept.push(Buffer.concat([delimiter, Buffer.from("--\r\n")]));
  const whole = Buffer.concat(kept).subarray(2);
  const body = new Uint8Array(whole.byteLength);
  body.set(whole);
  return { body, dropped };
}

type FilePart = { file: DroppedFile; start: number; contentStart: number; end: number };

/**
 * The largest part of `form` (from a delimiter to the next, or to the end) that carries a file.
 * "wait" when there is none yet but the last part's headers are still coming; null when there
 * is none.
 */
function largestFilePart(form: Buffer, delimiter: Buffer): FilePart | "wait" | null {
  const starts: number[] = [];
  for (let at = form.indexOf(delimiter); at >= 0; at = form.indexOf(delimiter, at + 1)) {
    starts.push(at);
  }
  let largest: FilePart | null = null;
  let headersComing = false;
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? form.byteLength;
    const headersEnd = form.indexOf("\r\n\r\n", start + delimiter.byteLength);
    if (headersEnd < 0 || headersEnd > end) {
      headersComing = end === form.byteLength && end - start <= PART_HEADERS_MAX_BYTES;
      return;
    }
    const file = fileOfPart(form.subarray(start + delimiter.byteLength, headersEnd).toString());
    if (file && (!largest || end - start > largest.end - largest.start)) {
      largest = { file, start, contentStart: headersEnd + 4, end };
    }
  });
  return largest ?? (headersComing ? "wait" : null);
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
