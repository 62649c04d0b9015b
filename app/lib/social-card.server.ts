import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { EntryDetail, EntryKind } from "./api-types.ts";
import { variantUrl } from "./images.ts";
import { escapeXml } from "./xml.ts";

/**
 * The picture a shared link shows (Open Graph, Twitter): 1200×630, the size every network
 * crops to. The item's cover, cropped to that shape, or, for an item without one (or whose cover
 * cannot be read), a card in the site's colours with its title.
 */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** Changes whenever what the card shows may have changed, so networks that keep cards fetch it again. */
export function socialCardPath(kind: EntryKind, entry: EntryDetail): string {
  const version = createHash("sha256")
    .update(
      JSON.stringify([entry.title, entry.image_url, entry.updated_at ?? entry.created_at ?? ""]),
    )
    .digest("base64url")
    .slice(0, 12);
  return `/cards/${kind}/${encodeURIComponent(entry.slug)}.jpg?v=${version}`;
}

export type CardFacts = {
  title: string;
  siteName: string;
  coverUrl: string | null;
  /** Where a cover given as a path (`/storage/…`) is read from: the API. */
  apiUrl: string;
};

/** The last few cards: a link shared widely is asked for by every network and chat app at once. */
const cards = new LRUCache<string, Buffer, CardFacts>({
  max: 64,
  fetchMethod: (_key, _stale, { context: facts }) => renderCard(facts),
});

/** A card as JPEG bytes. */
export function socialCard(facts: CardFacts): Promise<Buffer> {
  const key = JSON.stringify([facts.title, facts.siteName, facts.coverUrl]);
  return cards.forceFetch(key, { context: facts });
}

async function renderCard(facts: CardFacts): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const cover = facts.coverUrl ? await readCover(facts.coverUrl, facts.apiUrl) : null;
  if (cover) {
    try {
      return await sharp(cover, { limitInputPixels: 40_000_000 })
        .autoOrient()
        .resize({ ...SOCIAL_CARD, fit: "cover" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch (error) {
      console.error(`The cover ${facts.coverUrl} could not be made into a card:`, error);
    }
  }
  return sharp(Buffer.from(titleCardSvg(facts.title, facts.siteName)))
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
}

const COVER_TIMEOUT_MS = 5_000;
const MAX_COVER_BYTES = 20 * 1024 * 1024;

/** The cover's bytes, through the variant just wider than a card when there is one; null when it cannot be read. */
async function readCover(coverUrl: string, apiUrl: string): Promise<Buffer | null> {
  const absolute = /^https?:\/\//i.test(coverUrl) ? coverUrl : new URL(coverUrl, `${apiUrl}/`).href;
  const source = variantUrl(absolute, 1600) ?? absolute;
  try {
    const response = await fetch(source, { signal: AbortSignal.timeout(COVER_TIMEOUT_MS) });
    if (!response.ok || !response.body) return null;
    if (Number(response.headers.get("Content-Length") ?? 0) > MAX_COVER_BYTES) return null;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_COVER_BYTES) {
        await reader.cancel();
        return null;
      }
      chunks.push(read.value);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    console.error(`The cover ${source} could not be read:`, error);
    return null;
  }
}

const TITLE_LINE_CHARACTERS = 26;
const TITLE_LINES = 3;

/** The card of an item without a cover: the site's teal, its heart, the name and the title. */
export function titleCardSvg(title: string, siteName: string): string {
  const lines = wrap(title, TITLE_LINE_CHARACTERS, TITLE_LINES);
  const lineHeight = 80;
  const firstBaseline = 330 - ((lines.length - 1) * lineHeight) / 2;
  const titleLines = lines
    .map(
      (line, index) =>
        `<text x="80" y="${firstBaseline + index * lineHeight}" font-family="DejaVu Serif, Liberation Serif, serif" font-size="64" font-weight="bold" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_CARD.width}" height="${SOCIAL_CARD.height}" viewBox="0 0 ${SOCIAL_CARD.width} ${SOCIAL_CARD.height}">
<rect width="100%" height="100%" fill="#155459"/>
<rect y="594" width="100%" height="36" fill="#d97a2b"/>
<circle cx="112" cy="112" r="32" fill="#ffffff"/>
<path transform="translate(88 88) scale(2)" d="M16.9 7.6a3 3 0 0 0-4.2 0l-.7.7-.7-.7a3 3 0 0 0-4.2 4.2l4.9 4.8 4.9-4.8a3 3 0 0 0 0-4.2Z" fill="#155459"/>
<text x="164" y="124" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" font-weight="bold" fill="#d5e9e7">${escapeXml(siteName)}</text>
${titleLines}
</svg>`;
}

/** Words on at most `maxLines` lines of about `width` characters; what does not fit ends in "…". */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) {
      line = candidate.length > width ? `${candidate.slice(0, width - 1)}…` : candidate;
      continue;
    }
    lines.push(line);
    line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = last.length >= width ? `${last.slice(0, width - 1)}…` : `${last}…`;
  return kept;
}
