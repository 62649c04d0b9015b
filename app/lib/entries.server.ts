import type { RouterContextProvider } from "react-router";
import type { EntryDetail, EntryKind } from "./api-types.ts";
import { apiClientContext } from "./request-context.server.ts";

/** One project, blog post or opportunity; an unknown slug shows the 404 page. */
export async function loadEntry(
  context: Readonly<RouterContextProvider>,
  kind: EntryKind,
  slug: string,
): Promise<EntryDetail> {
  const api = context.get(apiClientContext);
  const entry = await api.read<EntryDetail>(`/api/${kind}/${encodeURIComponent(slug)}`);
  return {
    id: entry.id,
    title: entry.title,
    slug: entry.slug,
    url: entry.url,
    preview_text: entry.preview_text ?? null,
    image_url: entry.image_url ?? null,
    created_at: entry.created_at,
    article_html: entry.article_html ?? null,
    images: (entry.images ?? []).map((image) => ({
      id: image.id,
      image_url: image.image_url,
      alt: image.alt ?? null,
    })),
  };
}
