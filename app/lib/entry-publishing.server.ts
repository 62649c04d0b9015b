import type { RouterContextProvider } from "react-router";
import type { Flash } from "../components/flash-message.tsx";
import { EntryDetailSchema, type AdminEntry, type EntryKind } from "./api-types.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { safeRedirectPath } from "./forms.server.ts";
import { messageOf } from "./api.server.ts";
import { apiClientContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const SavedStatusSchema = EntryDetailSchema.pick({ status: true, version: true });

/**
 * What the list says after the edit form's Publish or Unpublish. A draft that went live or was
 * scheduled gets Undo (record 059), which takes the publish back while nothing was saved since.
 */
export function statusFlash(
  kind: EntryKind,
  before: AdminEntry,
  title: string,
  saved: unknown,
): Flash {
  const { status, version } = SavedStatusSchema.safeParse(saved).data ?? {};
  if (status === "draft") {
    return { kind: "success", message: `“${title}” is a draft again: visitors no longer see it.` };
  }
  const message =
    status === "scheduled"
      ? `“${title}” is scheduled: visitors see it from its date.`
      : `“${title}” is published: visitors see it now.`;
  const undoable = before.status === "draft" && version !== undefined;
  return {
    kind: "success",
    message,
    ...(undoable ? { undo: { publishOf: `/admin/${kind}/${before.id}`, version } } : {}),
  };
}

/**
 * The Undo of a publish's flash (record 059): the entry back as a draft with the date it had,
 * then back where the Undo was pressed. Refused in words when someone saved it since.
 */
export async function undoPublishAction(
  context: Context,
  kind: EntryKind,
  entry: AdminEntry,
  formData: FormData,
): Promise<Response> {
  const back = safeRedirectPath(formData.get("back"), `/admin/${kind}`);
  const api = context.get(apiClientContext);
  const answer = await api.post(`/api/${kind}/${entry.id}/undo-publish`, {
    version: String(formData.get("version") ?? ""),
  });
  if (answer.ok) {
    return redirectWithFlash(context, back, {
      kind: "success",
      message: `“${entry.title}” is a draft again: visitors no longer see it.`,
    });
  }
  const message =
    answer.status === 409
      ? `Someone saved “${entry.title}” since it was published, so the publish was not undone. To take it back, open it and press Unpublish.`
      : (messageOf(answer.body) ?? "The publish could not be undone.");
  return redirectWithFlash(context, back, { kind: "error", message });
}
