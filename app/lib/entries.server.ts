import type { RouterContextProvider } from "react-router";
import type { EntryDetail, EntryKind, EntryListItem, Paged } from "./api-types.ts";
import { apiClientContext } from "./request-context.server.ts";

/** An image as the API sends it: a Laravel backend leaves out what ours adds. */
type ApiEntryImage = {
  id: number;
  image_url: string | null;
  alt?: string | null;
  width?: unknown;
  height?: unknown;
};

/** One project, blog post or opportunity; an unknown slug shows the 404 page. */
export async function loadEntry(
  context: Readonly<RouterContextProvider>,
  kind: EntryKind,
  slug: string,
): Promise<EntryDetail> {
  const api = context.get(apiClientContext);
  const entry = await api.read<Omit<EntryDetail, "images"> & { images?: ApiEntryImage[] }>(
    `/api/${kind}/${encodeURIComponent(slug)}`,
  );
  return {
    id: entry.id,
    title: entry.title,
    slug: entry.slug,
    url: entry.url,
    preview_text: entry.preview_text ?? null,
    image_url: entry.image_url ?? null,
    created_at: entry.created_at,
    article_html: entry.article_html ?? null,
    // An image without a URL would only be an empty slide.
    images: (entry.images ?? []).flatMap((image) =>
      image.image_url
        ? [
            {
              id: image.id,
              image_url: image.image_url,
              alt: image.alt ?? null,
              width: pixels(image.width),
              height: pixels(image.height),
            },
          ]
        : [],
    ),
  };
}

function pixels(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
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
  const body = await api.read<Paged<EntryListItem>>(`/api/${kind}`, {
    query: { page: page - 1, limit: ENTRY_PAGE_SIZE },
  });
  const total = typeof body.total === "number" ? body.total : body.results.length;
  return {
    items: body.results.map((item) => ({
      id: item.id,
      title: item.title,
      slug: item.slug,
      url: item.url || `/${kind}/${item.slug}`,
      preview_text: item.preview_text ?? null,
      image_url: item.image_url ?? null,
      created_at: item.created_at,
    })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ENTRY_PAGE_SIZE)),
  };
}
