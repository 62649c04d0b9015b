import { Link } from "react-router";
import type { EntryListItem } from "../lib/api-types.ts";
import { LocalDate } from "./local-date.tsx";

/**
 * A titled row of cards leading to a few projects or posts, with a link to the whole list: the
 * home page's way of showing what the foundation does. Nothing when there are none.
 */
export function EntryTeasers({
  id,
  title,
  intro,
  items,
  showDate = false,
  moreTo,
  moreLabel,
}: {
  id: string;
  title: string;
  intro: string;
  items: EntryListItem[];
  showDate?: boolean;
  moreTo: string;
  moreLabel: string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-3">
        <div>
          <h2 id={id} className="text-3xl font-semibold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-2 max-w-2xl text-lg text-muted">{intro}</p>
        </div>
        <Link to={moreTo} className="button-light">
          {moreLabel}
        </Link>
      </div>
      {/* On phones a row to swipe through rather than a long column of cards. */}
      <ul className="-mx-4 mt-10 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-8 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="group relative flex w-[80%] shrink-0 snap-start flex-col sm:w-auto overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-brand-100 transition-shadow focus-within:shadow-lg hover:shadow-lg"
            data-teaser=""
          >
            {item.image_url ? (
              <img
                src={item.image_url}
                alt=""
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full object-cover"
              />
            ) : (
              <div
                aria-hidden="true"
                className="aspect-[3/2] w-full bg-[linear-gradient(135deg,#d5e9e7,#f3ece1)]"
              />
            )}
            <div className="flex flex-1 flex-col gap-2 p-6">
              {showDate ? (
                <p className="text-sm text-muted">
                  <LocalDate iso={item.created_at} />
                </p>
              ) : null}
              <h3 className="text-xl font-semibold">
                <Link
                  to={item.url}
                  className="text-brand-900 no-underline after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
                >
                  {item.title}
                </Link>
              </h3>
              {item.preview_text ? (
                <p className="line-clamp-3 text-muted">{item.preview_text}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
