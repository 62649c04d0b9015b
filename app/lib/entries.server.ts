import { data, redirect, type RouterContextProvider } from "react-router";
import {
  entryAddresses,
  EntryDetailSchema,
  EntryListItemSchema,
  pagedSchema,
  type EntryDetail,
  type EntryKind,
  type EntryListItem,
} from "./api-types.ts";
import {
  assertOk,
  bodyOrNotFound,
  logFallback,
  unusableAsBadGateway,
  unusableAsUnavailable,
  type ApiClient,
  type ApiResult,
} from "./api.server.ts";
import { requestFactsContext } from "./request-context.server.ts";
import { getShared } from "./shared-data.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The public pages show what a visitor without cookies gets, shared between requests for a few
 * seconds, whoever asks: an admin's session would bring in drafts and entries scheduled for later,
 * which admins see on their own screens and in the preview (record 031).
 */
function readEntries<T>(
  context: Context,
  path: string,
  read: (api: ApiClient) => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  const { config, deadline } = context.get(requestFactsContext);
  return getShared(config, path, read, deadline);
}

/**
 * One project, blog post or opportunity; an unknown slug shows the 404 page. Asked by a slug it
 * had before a rename (or by its id), the API answers the entry with its current slug: the page
 * moves there for good (301), keeping the query string (record 025). The address is built here
 * from the slug, never taken from the API's `url`.
 */
export async function loadEntry(
  context: Context,
  kind: EntryKind,
  slug: string,
  url: URL,
): Promise<EntryDetail> {
  const entry = await readEntry(context, kind, slug);
  if (entry.slug && entry.slug !== slug) {
    throw redirect(`/${kind}/${encodeURIComponent(entry.slug)}${url.search}`, 301);
  }
  return entry;
}

/** An entry by its slug, an old slug or its id, as the API has it now; none is the 404 page. */
export async function readEntry(
  context: Context,
  kind: EntryKind,
  key: string,
): Promise<EntryDetail> {
  const path = `/api/${kind}/${encodeURIComponent(key)}`;
  const entry = bodyOrNotFound(
    await unusableAsBadGateway(
      readEntries(context, path, (api) => api.get(path, { schema: EntryDetailSchema })),
    ),
  );
  // Spec §7's read names no slug: the entry is where it was asked for.
  const current = entry.slug ?? key;
  return { ...entry, slug: current, url: entry.url || `/${kind}/${encodeURIComponent(current)}` };
}

export const ENTRY_PAGE_SIZE = 24;

export type EntryPage = {
  items: EntryListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** The API answered with nothing the list can show: the page says so in the list's place. */
  unavailable?: true;
};

/**
 * One page of a public list; `?page=` is one-based in the URL and zero-based at the API. A page
 * past the last one is the 404 page with a link back to the first.
 */
export async function loadEntryPage(
  context: Context,
  kind: EntryKind,
  url: URL,
): Promise<EntryPage> {
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isNaN(requested) || requested < 1 ? 1 : requested;
  if (!Number.isSafeInteger(page)) throwPastTheEnd(url);
  const path = `/api/${kind}?page=${page - 1}&limit=${ENTRY_PAGE_SIZE}`;
  const result = await unusableAsUnavailable(
    `The ${kind} list`,
    readEntries(context, path, (api) =>
      api.get(path, { schema: pagedSchema(EntryListItemSchema) }),
    ),
  );
  if (result === null) return { items: [], total: 0, page, pageCount: 1, unavailable: true };
  // The API refuses a page number beyond what it can count (422): no such page either.
  if (!result.ok && result.status === 422) throwPastTheEnd(url);
  const body = assertOk(result, `The ${kind} list`);
  const pageCount = Math.max(1, Math.ceil(body.total / ENTRY_PAGE_SIZE));
  if (page > pageCount) throwPastTheEnd(url);
  return {
    items: entryAddresses(kind, body.results),
    total: body.total,
    page,
    pageCount,
  };
}

/** What the 404 page needs to lead back from a page past the end of a list. */
export type PastTheEnd = { message: string; firstPage: string };

function throwPastTheEnd(url: URL): never {
  const body: PastTheEnd = { message: "Not Found.", firstPage: url.pathname };
  throw data(body, { status: 404 });
}

/**
 * The newest (blog) or first (projects, in their order) few entries, for teasers elsewhere; the
 * page they sit on still renders when the list fails, without them.
 */
export async function loadEntryTeasers(
  context: Context,
  kind: EntryKind,
  count: number,
): Promise<EntryListItem[]> {
  const path = `/api/${kind}?page=0&limit=${count}`;
  try {
    const result = await readEntries(context, path, (api) =>
      api.get(path, { schema: pagedSchema(EntryListItemSchema) }),
    );
    if (!result.ok) throw new Error(`the API answered ${result.status}`);
    return entryAddresses(kind, result.body.results.slice(0, count));
  } catch (error) {
    logFallback(`The ${kind} teasers`, error);
    return [];
  }
}
