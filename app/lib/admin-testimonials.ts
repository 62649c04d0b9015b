import { z } from "zod";
import { requiredText } from "./forms.ts";

/** The admin list of testimonials: 12 a page (spec §9, sent as `limit=12`). */
export const TESTIMONIAL_PAGE_SIZE = 12;

/** The rating control's choices; a new testimonial starts at the top (spec §3). */
export const MAX_SCORE = 5;

const scoreRequired = "The score field is required.";

/**
 * A star rating as the radios post it: a whole number from 1 to 5, with the API's messages
 * (Laravel's `required|integer|min:1|max:5`), so a tampered value reads the same either side.
 */
const score = z
  .string({ error: scoreRequired })
  .trim()
  .min(1, { error: scoreRequired })
  .regex(/^[-+]?\d+$/, { error: "The score field must be an integer." })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { error: "The score field must be at least 1." })
      .max(MAX_SCORE, { error: `The score field must not be greater than ${MAX_SCORE}.` }),
  );

/**
 * The add and edit forms (one shape). The browser checks the name and the score; the review is
 * the editor's HTML, read as posted (the API sanitizes it).
 */
export const TestimonialFormSchema = z.object({
  name: requiredText("name"),
  score,
  review: z.string().optional(),
});

/** The fields of the edit modal the conflict screen carries, in screen order. */
export const TESTIMONIAL_FORM_FIELDS = ["name", "score", "review"] as const;

/**
 * The edit form's fields as it loads them: what a save without versions (a Laravel backend)
 * compares with the testimonial as saved now (record 057).
 */
export function testimonialFormValues(testimonial: {
  name: string;
  score: number;
  review: string | null;
}): Record<string, string> {
  return {
    name: testimonial.name,
    score: String(testimonial.score),
    review: testimonial.review ?? "",
  };
}

/** The edit form's fields by their labels, for "Saved by someone else meanwhile". */
export const TESTIMONIAL_FIELD_LABELS = { name: "Name", score: "Score", review: "Review" };

/** Where in the list the admin is: the page (counted from 1) and the search (`?q=`), if any. */
export type TestimonialsPlace = { page: number; search?: string };

/** Where each modal of /admin/testimonials lives in the URL, at the list's current place. */
export function testimonialsLocation(
  { page, search = "" }: TestimonialsPlace,
  state: { add?: boolean; edit?: number; confirmDelete?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  if (state.add) params.set("add", "1");
  if (state.edit !== undefined) params.set("edit", String(state.edit));
  if (state.edit !== undefined && state.confirmDelete) params.set("confirm", "delete");
  const query = params.toString();
  return `/admin/testimonials${query ? `?${query}` : ""}`;
}
