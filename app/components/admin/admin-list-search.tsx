import { useId } from "react";
import { Form, Link } from "react-router";
import { useRootData } from "../../lib/root-data.ts";
import { LIST_UNAVAILABLE } from "../entry-grid.tsx";
import { inputClass } from "../form-fields.tsx";

/**
 * The search box of an admin list: a GET form (`?q=`), so it works without JavaScript and the
 * address can be kept or shared. `keep` holds the list's other filters (`status`, say), which a
 * search keeps; a new search starts again at the first page. Shown only in front of our API
 * (a Laravel backend reads no `q`).
 */
export function AdminListSearch({
  search,
  label,
  keep = {},
}: {
  search: string;
  /** What is searched, for the box's accessible name: "Search blog posts". */
  label: string;
  keep?: Record<string, string>;
}) {
  const id = useId();
  const extensions = useRootData()?.settings.editable ?? false;
  if (!extensions) return null;
  const clearTo = `?${new URLSearchParams(keep)}`;
  return (
    <Form method="get" role="search" className="flex flex-wrap items-center gap-2">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        // A new search (or Clear search) in the address shows in the box, also after a client-side navigation.
        key={search}
        id={id}
        type="search"
        name="q"
        defaultValue={search}
        placeholder="Search…"
        maxLength={200}
        className={`${inputClass} mt-0 w-auto min-w-48 flex-1 sm:w-64 sm:flex-none`}
      />
      <button type="submit" className="button-light">
        Search
      </button>
      {search ? (
        <Link
          to={clearTo}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * What an admin list says in place of its items when it has none: that it could not be read,
 * that the search found nothing, or the list's own `empty` text.
 */
export function emptyListText(search: string, empty: string, unavailable = false): string {
  if (unavailable) return LIST_UNAVAILABLE;
  return search ? `Nothing matches “${search}”.` : empty;
}

/** The pager's kept parameters for a search (`q=…&`), or "". */
export function searchPagerQuery(search: string, keep: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...keep, ...(search ? { q: search } : {}) }).toString();
  return params ? `${params}&` : "";
}
