import type { Testimonial } from "../domain/testimonials.ts";

/** `{id, name, score, review}`: the review is sanitized HTML. */
export function presentTestimonial(testimonial: Testimonial) {
  return {
    id: testimonial.id,
    name: testimonial.name,
    score: testimonial.score,
    review: testimonial.review,
  };
}

/** A testimonial as an admin reads it: with its version, which the edit form sends back. */
export function presentTestimonialForAdmin(testimonial: Testimonial, version: number) {
  return { ...presentTestimonial(testimonial), version };
}

export function presentTestimonialPage(testimonials: Testimonial[], total: number) {
  return { results: testimonials.map(presentTestimonial), total };
}
