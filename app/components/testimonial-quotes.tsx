import type { Testimonial } from "../lib/api-types.ts";
import { StarRating } from "./star-rating.tsx";

/**
 * A few testimonials as quotes with their stars, for the home page. Nothing at all (no empty
 * heading) when there are none.
 */
export function TestimonialQuotes({
  id,
  title,
  intro,
  testimonials,
}: {
  id: string;
  title: string;
  intro: string;
  testimonials: Testimonial[];
}) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 id={id} className="text-3xl font-semibold sm:text-4xl">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-lg text-muted">{intro}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 sm:gap-8 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <figure className="relative flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
              <span
                aria-hidden="true"
                className="absolute top-3 right-6 font-serif text-6xl leading-none text-brand-100 sm:right-8"
              >
                “
              </span>
              <StarRating score={testimonial.score} className="w-fit" />
              {/* The API sanitized the review when it was saved, as it does a widget's text. A
                  long one is cut short after a few lines, so one review cannot stretch the row. */}
              <blockquote
                className="widget-html mt-3 line-clamp-[8] flex-1 text-lg"
                dangerouslySetInnerHTML={{ __html: testimonial.review ?? "" }}
              />
              <figcaption className="mt-6 border-t border-brand-100 pt-4 font-semibold text-brand-900">
                {testimonial.name}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
