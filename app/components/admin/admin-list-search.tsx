import { useId } from "react";
import { Form, Link } from "react-router";
import { useRootData } from "../../lib/root-data.ts";
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
        id={id}
        type="search"
        name="q"
        defaultValue={search}
        placeholder="Search…"
        maxLength={200}
        className={`${inputClass} mt-0 w-auto min-w-40 flex-1 sm:w-64 sm:flex-none`}
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

/** The list's text when a search finds nothing. */
export function noMatchText(search: string): string {
  return `Nothing matches “${search}”.`;
}

/** The pager's kept parameters for a search (`q=…&`), or "". */
export function searchPagerQuery(search: string, keep: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...keep, ...(search ? { q: search } : {}) }).toString();
  return params ? `${params}&` : "";
}
