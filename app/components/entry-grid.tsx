import { Link } from "react-router";
import type { EntryListItem } from "../lib/api-types.ts";
import { responsiveImage } from "../lib/images.ts";
import { LocalDate } from "./local-date.tsx";

// One column, two from 640 px, three from 1024 px, inside max-w-7xl with its padding and gaps.
const CARD_IMAGE_SIZES =
  "(min-width: 1280px) 384px, (min-width: 1024px) calc((100vw - 8rem) / 3), (min-width: 640px) calc((100vw - 5rem) / 2), calc(100vw - 2rem)";
/** Cards crop their image to 3:2; width and height keep that box before the stylesheet applies. */
const CARD_IMAGE_BOX = { width: 1200, height: 800 } as const;
/** The cards of the first row (three on wide screens) load at once; the rest when scrolled near. */
const EAGER_CARDS = 3;

export const LIST_UNAVAILABLE = "This list cannot be shown just now. Please try again in a moment.";

/** The responsive card grid of projects, blog posts and opportunities. */
export function EntryGrid({
  items,
  showDate = false,
  emptyText,
  unavailable = false,
}: {
  items: EntryListItem[];
  showDate?: boolean;
  emptyText: string;
  /** The list could not be read: a message in its place, the rest of the page as ever. */
  unavailable?: boolean;
}) {
  if (items.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-8 text-center text-muted shadow-sm">
        {unavailable ? LIST_UNAVAILABLE : emptyText}
      </p>
    );
  }
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item, index) => (
        <EntryCard
          key={item.id ?? item.url}
          item={item}
          showDate={showDate}
          eager={index < EAGER_CARDS}
          data-entry-card=""
        />
      ))}
    </ul>
  );
}

/**
 * One card: picture (or a quiet placeholder), date, title linking to the item (the whole card
 * is the link's target) and preview text. As an `<li>` of a list of cards.
 */
export function EntryCard({
  item,
  showDate = false,
  eager = false,
  heading: Heading = "h2",
  className = "",
  ...attributes
}: {
  item: EntryListItem;
  showDate?: boolean;
  /** Cards in view when the page opens load their picture at once. */
  eager?: boolean;
  /** h3 where the cards sit under a section's own h2. */
  heading?: "h2" | "h3";
  className?: string;
} & { [data: `data-${string}`]: string }) {
  return (
    <li
      className={`group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-brand-100 transition-shadow focus-within:shadow-lg hover:shadow-lg ${className}`}
      {...attributes}
    >
      {item.image_url ? (
        <img
          {...responsiveImage(item.image_url, CARD_IMAGE_SIZES)}
          alt=""
          {...CARD_IMAGE_BOX}
          loading={eager ? undefined : "lazy"}
          decoding="async"
          className="aspect-[3/2] w-full object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-[3/2] w-full bg-[linear-gradient(135deg,#d5e9e7,#f3ece1)]"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        {showDate && item.created_at ? (
          <p className="text-sm text-muted">
            <LocalDate iso={item.created_at} />
          </p>
        ) : null}
        <Heading className={`${Heading === "h2" ? "text-2xl" : "text-xl"} font-semibold`}>
          <Link
            to={item.url}
            className="text-brand-900 no-underline after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700"
          >
            {item.title}
          </Link>
        </Heading>
        {item.preview_text ? <p className="line-clamp-3 text-muted">{item.preview_text}</p> : null}
      </div>
    </li>
  );
}

/** Previous / numbered / next links as `?page=N`; works the same with and without JavaScript. */
export function Pager({
  page,
  pageCount,
  query = "",
}: {
  page: number;
  pageCount: number;
  /** Other search parameters the links keep (`kind=blog&`), ending with "&". */
  query?: string;
}) {
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  const linkClass =
    "grid min-w-11 place-items-center rounded-full px-3 py-2 font-medium no-underline ring-1 ring-brand-100 hover:bg-brand-50";
  return (
    <nav aria-label="Pagination" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              to={`?${query}page=${page - 1}`}
              className={`${linkClass} bg-white text-brand-800`}
            >
              Previous
            </Link>
          </li>
        ) : null}
        {pages.map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={number}>
              <Link
                to={`?${query}page=${number}`}
                aria-label={`Page ${number}`}
                aria-current={number === page ? "page" : undefined}
                className={`${linkClass} ${number === page ? "bg-brand-700 text-white hover:bg-brand-700" : "bg-white text-brand-800"}`}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              to={`?${query}page=${page + 1}`}
              className={`${linkClass} bg-white text-brand-800`}
            >
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function visiblePages(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const pages: (number | null)[] = [];
  for (let number = 1; number <= pageCount; number++) {
    if (!wanted.has(number)) continue;
    const previous = pages[pages.length - 1];
    if (typeof previous === "number" && number - previous > 1) pages.push(null);
    pages.push(number);
  }
  return pages;
}
