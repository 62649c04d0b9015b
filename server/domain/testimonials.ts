import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import { MAX_ID, type TestimonialsTable } from "../db/schema.ts";
import type { PageRequest } from "./paging.ts";
import {
  keepRevision,
  revisionTransaction,
  type RevisionData,
  type RevisionOptions,
} from "./revisions.ts";
import { sanitizeRichText } from "./rich-text.ts";
import { matchesSearch } from "./text-search.ts";

export type Testimonial = Selectable<TestimonialsTable>;

export type TestimonialInput = { name: string; score: number; review: string };

/**
 * One page of the testimonials, newest first, and how many there are in all; with `q`, those
 * whose name or review has every word of it (the review's HTML is searched as it is stored).
 */
export async function listTestimonials(
  db: DB,
  { page, limit, q }: PageRequest,
): Promise<{ testimonials: Testimonial[]; total: number }> {
  const matching = db
    .selectFrom("testimonials")
    .$if(q !== undefined, (qb) => qb.where(matchesSearch(["name", "review"], q ?? "")));
  const total = await matching
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
  if (page * limit >= total) return { testimonials: [], total };
  const testimonials = await matching
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(page * limit)
    .execute();
  return { testimonials, total };
}

export async function findTestimonial(db: DB, id: number): Promise<Testimonial | undefined> {
  if (id > MAX_ID) return undefined;
  return db.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A new testimonial; the review is sanitized as an article is. */
export async function createTestimonial(db: DB, input: TestimonialInput): Promise<Testimonial> {
  const now = new Date().toISOString();
  return db
    .insertInto("testimonials")
    .values({
      name: input.name,
      score: input.score,
      review: sanitizeRichText(input.review),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What a revision of a testimonial keeps. */
export function testimonialSnapshot(testimonial: Testimonial): RevisionData {
  return { name: testimonial.name, score: testimonial.score, review: testimonial.review };
}

/**
 * Saves the given fields, keeping the others, with a revision when `revision` says who saves;
 * undefined when there is no such testimonial.
 */
export async function updateTestimonial(
  db: DB,
  id: number,
  changes: Partial<TestimonialInput>,
  revision?: RevisionOptions,
): Promise<(Testimonial & { version: number }) | undefined> {
  if (id > MAX_ID) return undefined;
  return revisionTransaction(db, "testimonial", id, async (trx) => {
    const before = await findTestimonial(trx, id);
    if (!before) return undefined;
    const row = await trx
      .updateTable("testimonials")
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.score === undefined ? {} : { score: changes.score }),
        ...(changes.review === undefined ? {} : { review: sanitizeRichText(changes.review) }),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!revision) return { ...row, version: 0 };
    const { version } = await keepRevision(
      trx,
      "testimonial",
      id,
      { before: testimonialSnapshot(before), after: testimonialSnapshot(row) },
      revision,
    );
    return { ...row, version };
  });
}
