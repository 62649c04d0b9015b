import type { RouterContextProvider } from "react-router";
import type { Flash } from "../components/flash-message.tsx";
import { EntryDetailSchema, type AdminEntry, type EntryKind } from "./api-types.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { safeRedirectPath } from "./forms.server.ts";
import { messageOf } from "./api.server.ts";
import { apiClientContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const SavedStatusSchema = EntryDetailSchema.pick({ status: true, version: true });

const publishedMessage = (title: string, status: string | undefined) =>
  status === "scheduled"
    ? `“${title}” is scheduled: visitors see it from its date.`
    : `“${title}” is published: visitors see it now.`;
const draftMessage = (title: string) => `“${title}” is a draft again: visitors no longer see it.`;

/**
 * What the list says after the edit form's Publish or Unpublish, with Undo (record 059), which
 * takes the change back while nothing was saved since.
 */
export function statusFlash(
  kind: EntryKind,
  before: AdminEntry,
  title: string,
  saved: unknown,
): Flash {
  const { status, version } = SavedStatusSchema.safeParse(saved).data ?? {};
  const message = status === "draft" ? draftMessage(title) : publishedMessage(title, status);
  const changed = (status === "draft") !== (before.status === "draft");
  const undoable = changed && version !== undefined;
  return {
    kind: "success",
    message,
    ...(undoable ? { undo: { statusOf: `/admin/${kind}/${before.id}`, version } } : {}),
  };
}

/**
 * The Undo of a Publish's or an Unpublish's message (record 059): a publish is taken back (a
 * draft again, with the date it had), an unpublish published again (its date was kept), then
 * back where Undo was pressed. Refused in words when someone saved the item since.
 */
export async function undoStatusAction(
  context: Context,
  kind: EntryKind,
  entry: AdminEntry,
  formData: FormData,
): Promise<Response> {
  const back = safeRedirectPath(formData.get("back"), `/admin/${kind}`);
  const api = context.get(apiClientContext);
  const version = String(formData.get("version") ?? "");
  const publishing = entry.status === "draft";
  const call = publishing ? "publish" : "undo-publish";
  const answer = await api.post(`/api/${kind}/${entry.id}/${call}`, { version });
  if (answer.ok) {
    const { status } = SavedStatusSchema.safeParse(answer.body).data ?? {};
    const message = publishing ? publishedMessage(entry.title, status) : draftMessage(entry.title);
    return redirectWithFlash(context, back, { kind: "success", message });
  }
  const since = publishing
    ? `since it was unpublished, so it was not published again. To publish it, open it and press Publish.`
    : `since it was published, so the publish was not undone. To take it back, open it and press Unpublish.`;
  const message =
    answer.status === 409
      ? `Someone saved “${entry.title}” ${since}`
      : (messageOf(answer.body) ?? "That could not be undone.");
  return redirectWithFlash(context, back, { kind: "error", message });
}
