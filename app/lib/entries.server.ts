import type { RouterContextProvider } from "react-router";
import {
  EntryDetailSchema,
  EntryListItemSchema,
  pagedSchema,
  type EntryDetail,
  type EntryKind,
  type EntryListItem,
} from "./api-types.ts";
import { apiClientContext } from "./request-context.server.ts";

/** One project, blog post or opportunity; an unknown slug shows the 404 page. */
export async function loadEntry(
  context: Readonly<RouterContextProvider>,
  kind: EntryKind,
  slug: string,
): Promise<EntryDetail> {
  const api = context.get(apiClientContext);
  const entry = await api.read(`/api/${kind}/${encodeURIComponent(slug)}`, EntryDetailSchema);
  return { ...entry, url: entry.url || `/${kind}/${entry.slug}` };
}

export const ENTRY_PAGE_SIZE = 24;

export type EntryPage = { items: EntryListItem[]; total: number; page: number; pageCount: number };

/** One page of a public list; `?page=` is one-based in the URL and zero-based at the API. */
export async function loadEntryPage(
  context: Readonly<RouterContextProvider>,
  kind: EntryKind,
  url: URL,
): Promise<EntryPage> {
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested >= 1 ? requested : 1;
  const api = context.get(apiClientContext);
  const body = await api.read(`/api/${kind}`, pagedSchema(EntryListItemSchema), {
    query: { page: page - 1, limit: ENTRY_PAGE_SIZE },
  });
  return {
    items: body.results.map((item) => ({ ...item, url: item.url || `/${kind}/${item.slug}` })),
    total: body.total,
    page,
    pageCount: Math.max(1, Math.ceil(body.total / ENTRY_PAGE_SIZE)),
  };
}
