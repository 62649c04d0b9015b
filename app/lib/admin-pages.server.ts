import { redirect } from "react-router";
import type { z } from "zod";
import type { ApiClient } from "./api.server.ts";
import { pagedSchema } from "./api-types.ts";

export type AdminPage<Item> = { items: Item[]; page: number; pageCount: number; total: number };

/**
 * One page of an admin list: `?page=N` counts from 1 on screen and from 0 in the API (spec §9);
 * a page past the end goes to the last one, anything that is not a page number to the first.
 */
export async function loadAdminPage<Item extends z.ZodType>(
  api: ApiClient,
  { path, item, url, limit }: { path: string; item: Item; url: URL; limit: number },
): Promise<AdminPage<z.output<Item>>> {
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const body = await api.read(path, pagedSchema(item), { query: { page: page - 1, limit } });
  const pageCount = Math.max(1, Math.ceil(body.total / limit));
  if (page > pageCount) {
    const last = new URL(url);
    last.searchParams.set("page", String(pageCount));
    throw redirect(last.pathname + last.search);
  }
  return { items: body.results, page, pageCount, total: body.total };
}
