import type { DB } from "../db/database.ts";
import { MAX_ID, type EntryKind } from "../db/schema.ts";
import { isUniqueViolation } from "./users.ts";

/** What every saved slug looks like; a key of any other shape names no entry. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const SLUG_TAKEN = "The slug has already been taken.";

const FOLDED_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

const SLUG_MAX_LENGTH = 100;

/**
 * The URL form of a title: lower-case ASCII letters and digits joined by single hyphens, accents
 * dropped ("Écoles d'été" → "ecoles-d-ete"), at most 100 characters, ending on a whole word;
 * "item" when nothing is left.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => FOLDED_LETTERS[letter] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= SLUG_MAX_LENGTH) return slug || "item";
  // Cut at the last hyphen at or before the limit, so the slug ends on a whole word; a first
  // word longer than the limit is cut inside it.
  const cut = slug.lastIndexOf("-", SLUG_MAX_LENGTH);
  return slug.slice(0, cut > 0 ? cut : SLUG_MAX_LENGTH);
}

/**
 * `base`, or `base-2`, `base-3`… whichever no other entry of the kind holds, as its slug or as
 * an old slug that still redirects to it.
 */
export async function availableSlug(
  db: DB,
  kind: EntryKind,
  base: string,
  exceptId?: number,
): Promise<string> {
  const rows = await db
    .selectFrom("entries")
    .select("slug")
    .where("kind", "=", kind)
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .$if(exceptId !== undefined, (qb) => qb.where("id", "!=", exceptId!))
    .unionAll(
      db
        .selectFrom("entry_old_slugs")
        .select("slug")
        .where("kind", "=", kind)
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .$if(exceptId !== undefined, (qb) => qb.where("entry_id", "!=", exceptId!)),
    )
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

async function slugHolder(db: DB, kind: EntryKind, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("entries")
    .select("id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.id;
}

/** The entry an old slug of the kind redirects to. */
export async function oldSlugHolder(
  db: DB,
  kind: EntryKind,
  slug: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("entry_old_slugs")
    .select("entry_id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.entry_id;
}

/** Whether an entry other than `id` holds the slug, as its own or as an old one. */
export async function slugTakenFrom(
  db: DB,
  kind: EntryKind,
  slug: string,
  id: number,
): Promise<boolean> {
  const holders = [await slugHolder(db, kind, slug), await oldSlugHolder(db, kind, slug)];
  return holders.some((holder) => holder !== undefined && holder !== id);
}

/** The slugs an entry had before, newest first: their URLs lead to it. */
export async function oldSlugsOf(db: DB, entryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("entry_old_slugs")
    .select("slug")
    .where("entry_id", "=", entryId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => row.slug);
}

/**
 * Stops an old slug of an entry from redirecting, which frees it for other entries. False when
 * the entry (of that kind) keeps no such slug.
 */
export async function removeOldSlug(
  db: DB,
  kind: EntryKind,
  entryId: number,
  slug: string,
): Promise<boolean> {
  if (entryId > MAX_ID || !SLUG_PATTERN.test(slug)) return false;
  const removed = await db
    .deleteFrom("entry_old_slugs")
    .where("kind", "=", kind)
    .where("entry_id", "=", entryId)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * After an entry's slug changed from `previous`: the old one redirects to it from now on, and
 * one of its own old slugs taken back stops redirecting (it would lead to itself).
 */
export async function keepOldSlug(
  db: DB,
  entry: { id: number; kind: EntryKind },
  previous: string,
  current: string,
): Promise<void> {
  await db
    .deleteFrom("entry_old_slugs")
    .where("entry_id", "=", entry.id)
    .where("slug", "=", current)
    .execute();
  await db
    .insertInto("entry_old_slugs")
    .values({
      entry_id: entry.id,
      kind: entry.kind,
      slug: previous,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * Runs `attempt` again when it lost a race for a unique slug: another save took the slug it
 * found free before its own insert or update landed.
 */
export async function retryOnSlugRace<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isUniqueViolation(error) || tries >= 10) throw error;
    }
  }
}
