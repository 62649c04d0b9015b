// The admin lists of projects, blog posts and opportunities: the page, its filters and search, Add Item and the drag order.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import {
  ADMIN_ENTRY_KINDS,
  CreateEntrySchema,
  type AdminEntryListItem,
  requestedStatus,
} from "./admin-entries.ts";
import {
  ADMIN_PAGE_SIZE,
  idsFrom,
  moved,
  orderedOver,
  readAdminListPage,
  requestedPage,
  requestedSearch,
} from "./admin-lists.server.ts";
import { assertOk, messageOf } from "./api.server.ts";
import {
  EntryDetailSchema,
  entryAddresses,
  EntryListItemSchema,
  type EntryKind,
  type EntryStatus,
} from "./api-types.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { replyWithApiFailure } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import { takeKeptAdd } from "./kept-forms.server.ts";
import { apiClientContext, siteSettingsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Drag-ordered lists are shown whole (the API's largest page), so a drop reorders them all. */
const SORTABLE_LIST_LIMIT = 100;

export type AdminEntryPage = {
  items: AdminEntryListItem[];
  page: number;
  pageCount: number;
  /** The list's search (`?q=`) and status filter (`?status=`, record 031); "" for none. */
  search: string;
  status: EntryStatus | "";
  /** The API answered with nothing the list can show: the screen says so in the list's place. */
  unavailable?: true;
};

/**
 * A page of an admin entry list, narrowed by the URL's search and status filter (both our API's;
 * a Laravel backend ignores them, and there the screen offers neither).
 */
export async function loadAdminEntryList(
  context: Context,
  kind: EntryKind,
  url: URL,
): Promise<AdminEntryPage> {
  const sortable = ADMIN_ENTRY_KINDS[kind].sortable;
  const status = requestedStatus(url);
  const { results, page, pageCount, search, unavailable } = await readAdminListPage(
    context,
    `/api/${kind}`,
    EntryListItemSchema,
    {
      page: sortable ? 1 : requestedPage(url),
      limit: sortable ? SORTABLE_LIST_LIMIT : ADMIN_PAGE_SIZE,
      listPath: `/admin/${kind}`,
      search: requestedSearch(url),
      query: status ? { status } : {},
    },
  );
  return {
    items: entryAddresses(kind, results).filter(
      (item): item is AdminEntryListItem => item.id !== null,
    ),
    page,
    pageCount,
    search,
    status,
    ...(unavailable ? { unavailable } : {}),
  };
}

/** A list screen: its page of items, the flash left for it and whether the Add modal is open. */
export async function loadAdminEntryListScreen(
  context: Context,
  kind: EntryKind,
  { request, url }: { request: Request; url: URL },
) {
  const [page, { flash, headers }, keptAdd] = await Promise.all([
    loadAdminEntryList(context, kind, url),
    takeFlash(context, request),
    takeKeptAdd(context, request, url),
  ]);
  return data({ ...page, flash, adding: url.searchParams.has("add"), keptAdd }, { headers });
}

/** The list screens' posts: add an entry (→ its edit screen), or put the list in a new order. */
export async function adminEntryListAction(context: Context, kind: EntryKind, request: Request) {
  const api = context.get(apiClientContext);
  const formData = await request.formData();
  switch (formData.get(INTENT_FIELD)) {
    case "create": {
      const submission = parseWithZod(formData, { schema: CreateEntrySchema });
      if (submission.status !== "success") return { result: submission.reply() };
      // Our API keeps a new item as a draft until it is published (record 031); Laravel has no
      // drafts, and there it is live at once as before.
      const editable = context.get(siteSettingsContext).editable;
      const created = await api.post(
        `/api/${kind}`,
        editable ? { ...submission.value, status: "draft" } : submission.value,
        { schema: EntryDetailSchema.pick({ id: true }) },
      );
      if (!created.ok) {
        console.error(`Adding to ${kind} failed:`, created.status, messageOf(created.body));
        return { result: replyWithApiFailure(submission, created) };
      }
      return redirect(`/admin/${kind}/${created.body.id}`);
    }
    case "order":
    case "move": {
      // The list as the screen showed it (its search and filter), as it is now: a colleague's
      // addition keeps its place, and the neighbour of a move is the one seen.
      const shown = new URL(request.url);
      const back = `/admin/${kind}${shown.search}`;
      const current = await loadAdminEntryList(context, kind, shown);
      // Nothing to order among: back to the list, which says it cannot be shown.
      if (current.unavailable) return redirect(back);
      const currentIds = current.items.map((item) => item.id);
      const ids =
        formData.get(INTENT_FIELD) === "order"
          ? orderedOver(currentIds, idsFrom(formData.get("ids")))
          : moved(currentIds, Number(formData.get("id")), formData.get("direction"));
      if (!ids) {
        return redirectWithFlash(context, back, {
          kind: "error",
          message: "That item is no longer in the list.",
        });
      }
      await saveEntryOrder(context, kind, ids);
      return redirect(back);
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

async function saveEntryOrder(context: Context, kind: EntryKind, ids: number[]) {
  const api = context.get(apiClientContext);
  assertOk(
    await api.post(`/api/${kind}/order`, { items: ids.map((id) => ({ id })) }),
    `Ordering ${kind}`,
  );
}
