import { Link } from "react-router";
import type { EntryListItem } from "../lib/api-types.ts";
import { EntryCard } from "./entry-grid.tsx";

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
          <EntryCard
            key={item.id ?? item.url}
            item={item}
            showDate={showDate}
            heading="h3"
            className="w-[80%] shrink-0 snap-start sm:w-auto"
            data-teaser=""
          />
        ))}
      </ul>
    </section>
  );
}
