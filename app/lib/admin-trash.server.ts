import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Flash } from "../components/flash-message.tsx";
import { readAdminListPage, requestedPage, requestedSearch } from "./admin-lists.server.ts";
import { assertOk, messageOf, type ApiResult } from "./api.server.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { safeRedirectPath } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import { isRecordId, requireSiteExtensions } from "./guards.server.ts";
import { apiClientContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const TRASH_PATH = "/admin/trash";
const TRASH_PAGE_SIZE = 50;

/** The message a delete that went to the trash leaves, with its Undo (record 030). */
export const MOVED_TO_TRASH = "Moved to Trash";

/** `GET /api/trash` items (our extension). */
export const TrashItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  item_id: z.number().int(),
  parent_id: z.number().int().nullish(),
  title: z.string(),
  deleted_by: z.object({ id: z.number().int(), name: z.string() }).nullish(),
  deleted_at: z.string(),
  purge_at: z.string(),
});
export type TrashItem = z.output<typeof TrashItemSchema>;

const RestoredSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  item_id: z.number().int(),
  title: z.string(),
  slug: z.string().nullish(),
  slug_changed: z.boolean().optional(),
});

/** Where an entry of each kind lives on the site. */
const PUBLIC_SEGMENTS: Record<string, string> = {
  project: "projects",
  blog: "blog",
  opportunity: "opportunities",
};

/**
 * The flash after a delete: `trashedMessage` ("Moved to Trash") with Undo when the API kept the
 * item (its answer names the trash item in `X-Trash-Id`), else `deletedMessage` (a Laravel backend
 * deletes for good).
 */
export function flashAfterDelete(
  result: ApiResult,
  deletedMessage: string,
  trashedMessage = MOVED_TO_TRASH,
): Flash {
  const trashId = Number(result.headers.get("X-Trash-Id") ?? "");
  if (Number.isSafeInteger(trashId) && trashId > 0)
    return { kind: "success", message: trashedMessage, undo: { trashId } };
  return { kind: "success", message: deletedMessage };
}

/**
 * /admin/trash: a page of deleted items, newest first, the flash, and the item whose permanent
 * deletion is being confirmed (`?confirm=purge&id=N`). Against a Laravel backend it is the 404 page.
 */
export async function loadTrashScreen(
  context: Context,
  { request, url }: { request: Request; url: URL },
) {
  requireSiteExtensions(context);
  const [list, { flash, headers }] = await Promise.all([
    readAdminListPage(context, "/api/trash", TrashItemSchema, {
      page: requestedPage(url),
      limit: TRASH_PAGE_SIZE,
      listPath: TRASH_PATH,
      search: requestedSearch(url),
    }),
    takeFlash(context, request),
  ]);
  const confirmId = url.searchParams.get("confirm") === "purge" ? url.searchParams.get("id") : null;
  const onThisPage = list.results.find((item) => String(item.id) === confirmId);
  if (onThisPage || confirmId === null || !isRecordId(confirmId)) {
    return data({ ...list, flash, purging: onThisPage ?? null }, { headers });
  }
  // Drawn before colleagues deleted more (newest first, it moved to a later page) or restored it.
  const result = await context
    .get(apiClientContext)
    .get(`/api/trash/${confirmId}`, { schema: TrashItemSchema });
  if (result.status !== 404) assertOk(result, `Reading trash item ${confirmId}`);
  const purging = result.ok ? result.body : null;
  const gone: Flash = { kind: "error", message: NO_LONGER_IN_TRASH };
  return data({ ...list, flash: purging ? flash : gone, purging }, { headers });
}

/** A restore or purge of an item someone else restored or purged since the screen was drawn. */
const NO_LONGER_IN_TRASH = "That item is no longer in the trash.";

/**
 * The trash's posts: restore (from the screen, or the Undo of a delete's flash, which comes back
 * to the page it was on) and purge. Each ends in a redirect with a message.
 */
export async function trashAction(context: Context, request: Request) {
  requireSiteExtensions(context);
  const formData = await request.formData();
  const id = String(formData.get("id") ?? "");
  if (!/^\d{1,10}$/.test(id)) throw data("Unknown item.", { status: 400 });
  const back = safeRedirectPath(formData.get("back"), TRASH_PATH);
  const api = context.get(apiClientContext);
  switch (formData.get(INTENT_FIELD)) {
    case "restore": {
      const result = await api.post(`/api/trash/${id}/restore`, {}, { schema: RestoredSchema });
      if (!result.ok) {
        const message =
          result.status === 404
            ? NO_LONGER_IN_TRASH
            : (messageOf(result.body) ?? "The item could not be restored.");
        if (result.status !== 404 && result.status !== 422) assertOk(result, `Restoring ${id}`);
        return redirectWithFlash(context, back, { kind: "error", message });
      }
      return redirectWithFlash(context, back, restoredFlash(result.body));
    }
    case "purge": {
      const result = await api.delete(`/api/trash/${id}`);
      // Someone restored it (it is live again) or deleted it for good meanwhile: not this post.
      if (result.status === 404)
        return redirectWithFlash(context, back, { kind: "error", message: NO_LONGER_IN_TRASH });
      assertOk(result, `Purging ${id}`);
      return redirectWithFlash(context, back, {
        kind: "success",
        message: "Deleted permanently.",
      });
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

function restoredFlash(restored: z.output<typeof RestoredSchema>): Flash {
  const segment = PUBLIC_SEGMENTS[restored.kind];
  if (!segment || !restored.slug) return { kind: "success", message: "Restored" };
  const href = `/${segment}/${restored.slug}`;
  if (restored.slug_changed)
    return {
      kind: "success",
      message: "Restored at a new address because its old one was taken:",
      link: { href, text: href },
    };
  return { kind: "success", message: "Restored. It is back at", link: { href, text: href } };
}
