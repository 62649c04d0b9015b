import { redirect } from "react-router";
import type { z } from "zod";
import type { ApiClient } from "./api.server.ts";
import { pagedSchema } from "./api-types.ts";

/** The admin lists' page size (spec §9: 24 unless a screen says otherwise). */
export const ADMIN_PAGE_SIZE = 24;

export type ListPage<Item> = { results: Item[]; page: number; pageCount: number };

/** Further than any list goes: a larger number is read as this one (past the end). */
const LAST_PAGE_ASKED = 1_000_000;

/**
 * The page `?page=` asks for, counted from 1; anything but a page number is the first, and a
 * number beyond any list is simply past its end (never a number the API cannot read).
 */
export function requestedPage(url: URL): number {
  const text = url.searchParams.get("page")?.trim() ?? "";
  if (!/^\d+$/.test(text)) return 1;
  return Math.min(Math.max(Number(text), 1), LAST_PAGE_ASKED);
}

/**
 * One page of a paged admin list: the displayed page minus 1 goes to the API (spec §9). A page
 * past the last one redirects to the last one.
 */
export async function readListPage<Item extends z.ZodType>(
  api: ApiClient,
  path: string,
  item: Item,
  {
    url,
    page = requestedPage(url),
    limit = ADMIN_PAGE_SIZE,
  }: {
    url: URL;
    page?: number;
    limit?: number;
  },
): Promise<ListPage<z.output<Item>>> {
  const body = await api.read(path, pagedSchema(item), { query: { page: page - 1, limit } });
  const pageCount = Math.max(1, Math.ceil(body.total / limit));
  if (page > pageCount) throw redirect(`${url.pathname}?page=${pageCount}`);
  return { results: body.results, page, pageCount };
}
