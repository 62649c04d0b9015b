import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { pagedSchema } from "./api-types.ts";
import { unusableAsUnavailable } from "./api.server.ts";
import { apiClientContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The admin lists' page size (spec §9: 24 unless a screen says otherwise). */
export const ADMIN_PAGE_SIZE = 24;

/** Further than any list goes: a larger number is read as this one (past the end). */
const LAST_PAGE_ASKED = 1_000_000;

/**
 * The page an admin list shows: `?page=N`, counted from 1; anything but a page number is the
 * first, and a number beyond any list is simply past its end (never one the API cannot read).
 */
export function requestedPage(url: URL): number {
  const text = url.searchParams.get("page")?.trim() ?? "";
  if (!/^\d+$/.test(text)) return 1;
  return Math.min(Math.max(Number(text), 1), LAST_PAGE_ASKED);
}

/** The search of an admin list: `?q=`, trimmed; "" when there is none. */
export function requestedSearch(url: URL): string {
  return (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
}

/** As long as the API reads a search (longer is cut there too). */
const SEARCH_MAX_LENGTH = 200;

/**
 * One page of an admin list, of the items matching `search` when there is one (our API's `q`;
 * the search box shows only in front of it). The API counts pages from 0, so the page sent is the one shown
 * minus 1 (spec §9); a page past the last one redirects to the last. An answer the web tier
 * cannot use is no items and `unavailable`: the screen says so in the list's place.
 */
export async function readAdminListPage<Item extends z.ZodType>(
  context: Context,
  apiPath: string,
  item: Item,
  {
    page,
    limit,
    listPath,
    search = "",
    query = {},
  }: {
    page: number;
    limit: number;
    listPath: string;
    search?: string;
    /** Further filters the API reads (`status`, say), kept by the redirect past the last page. */
    query?: Record<string, string>;
  },
): Promise<{
  results: z.output<Item>[];
  page: number;
  pageCount: number;
  total: number;
  search: string;
  unavailable?: true;
}> {
  const api = context.get(apiClientContext);
  const filters = { ...query, ...(search ? { q: search } : {}) };
  const body = await unusableAsUnavailable(
    `The list ${apiPath}`,
    api.read(apiPath, pagedSchema(item), { query: { ...filters, page: page - 1, limit } }),
  );
  if (body === null)
    return { results: [], page, pageCount: 1, total: 0, search, unavailable: true };
  const pageCount = Math.max(1, Math.ceil(body.total / limit));
  if (page > pageCount) {
    throw redirect(`${listPath}?${new URLSearchParams({ ...filters, page: String(pageCount) })}`);
  }
  return { results: body.results, page, pageCount, total: body.total, search };
}

/** A posted order (`ids`: "3,1,2") as ids; anything else is a client's mistake (400). */
export function idsFrom(value: FormDataEntryValue | null): number[] {
  const ids = String(value ?? "")
    .split(",")
    .filter((part) => part.trim() !== "")
    .map(Number);
  if (ids.length === 0 || !ids.every((id) => Number.isInteger(id) && id > 0)) {
    throw data("The order must be a list of ids.", { status: 400 });
  }
  return ids;
}

/**
 * `ids` with `id` swapped with its neighbour, earlier or later (the move buttons without
 * JavaScript); null when `id` is not among them (someone removed it since the screen was drawn).
 */
export function moved(
  ids: number[],
  id: number,
  direction: FormDataEntryValue | null,
): number[] | null {
  const from = ids.indexOf(id);
  if (from === -1) return null;
  const to = direction === "earlier" ? from - 1 : direction === "later" ? from + 1 : -1;
  if (to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * An order posted from a screen drawn a while ago, over the list as it is now: the posted ids
 * still there share out the places they hold between them, an id added meanwhile keeps its place,
 * and one removed meanwhile is left out. So a drop never undoes a colleague's upload or delete.
 */
export function orderedOver(current: readonly number[], posted: readonly number[]): number[] {
  const there = new Set(current);
  const requested = [...new Set(posted)].filter((id) => there.has(id));
  const moving = new Set(requested);
  let next = 0;
  return current.map((id) => (moving.has(id) ? requested[next++]! : id));
}
