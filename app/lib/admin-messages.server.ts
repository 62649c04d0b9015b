import { data, type RouterContextProvider } from "react-router";
import type { Flash } from "../components/flash-message.tsx";
import { readAdminListPage, requestedPage, requestedSearch } from "./admin-lists.server.ts";
import { flashAfterDelete } from "./admin-trash.server.ts";
import { assertOk } from "./api.server.ts";
import { ContactMessageSchema, UnreadCountSchema } from "./api-types.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { safeRedirectPath } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import { requireSiteExtensions } from "./guards.server.ts";
import { apiClientContext, siteSettingsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

export const MESSAGES_PATH = "/admin/messages";
const MESSAGES_PER_PAGE = 20;

/** The screen's two folders: `?state=archived`, else the inbox (every message not archived). */
export type MessageFolder = "inbox" | "archived";

/** The messages' posts: the intent, the state it sets, and what the flash says. */
const STATE_INTENTS = {
  read: { state: "read", done: "Marked as read." },
  unread: { state: "unread", done: "Marked as unread." },
  archive: { state: "archived", done: "Archived." },
  inbox: { state: "read", done: "Moved to the Inbox." },
} as const;

/**
 * /admin/messages (record 036): a page of the folder's messages matching the search, newest
 * first, and the flash. Against a Laravel backend it is the 404 page (the API keeps no messages).
 */
export async function loadMessagesScreen(
  context: Context,
  { request, url }: { request: Request; url: URL },
) {
  requireSiteExtensions(context);
  const folder: MessageFolder = url.searchParams.get("state") === "archived" ? "archived" : "inbox";
  const [list, { flash, headers }] = await Promise.all([
    readAdminListPage(context, "/api/contact-messages", ContactMessageSchema, {
      page: requestedPage(url),
      limit: MESSAGES_PER_PAGE,
      listPath: MESSAGES_PATH,
      search: requestedSearch(url),
      query: { state: folder },
    }),
    takeFlash(context, request),
  ]);
  return data({ ...list, folder, flash }, { headers });
}

/**
 * Mark as read / unread, Archive, back to the Inbox, Delete (to the trash, with Undo). Each comes
 * back to the page it was posted from with a message.
 */
export async function messagesAction(context: Context, request: Request) {
  requireSiteExtensions(context);
  const formData = await request.formData();
  const id = String(formData.get("id") ?? "");
  if (!/^\d{1,10}$/.test(id)) throw data("Unknown message.", { status: 400 });
  const back = safeRedirectPath(formData.get("back"), MESSAGES_PATH);
  const api = context.get(apiClientContext);
  const intent = String(formData.get(INTENT_FIELD) ?? "");
  const gone: Flash = { kind: "error", message: "That message is no longer here." };

  if (intent === "delete") {
    const result = await api.delete(`/api/contact-messages/${id}`);
    if (result.status === 404) return redirectWithFlash(context, back, gone);
    assertOk(result, `Deleting message ${id}`);
    return redirectWithFlash(context, back, flashAfterDelete(result, "Message deleted."));
  }
  if (!Object.hasOwn(STATE_INTENTS, intent)) throw data("Unknown action.", { status: 400 });
  const { state, done } = STATE_INTENTS[intent as keyof typeof STATE_INTENTS];
  const result = await api.post(`/api/contact-messages/${id}`, { state });
  if (result.status === 404) return redirectWithFlash(context, back, gone);
  assertOk(result, `Marking message ${id} ${state}`);
  return redirectWithFlash(context, back, { kind: "success", message: done });
}

/**
 * How many messages are unread, for the admin menu; null where the API keeps no messages
 * (Laravel) or does not answer: the menu then shows no count rather than failing the page.
 */
export async function unreadMessageCount(context: Context): Promise<number | null> {
  if (!context.get(siteSettingsContext).editable) return null;
  const result = await context
    .get(apiClientContext)
    .get("/api/contact-messages", {
      query: { limit: 1, state: "unread" },
      schema: UnreadCountSchema,
    })
    .catch(() => null);
  return result?.ok ? result.body.unread : null;
}
