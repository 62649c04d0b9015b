import type { RouterContextProvider } from "react-router";
import { ADMIN_ENTRY_KINDS, isoFromPublishDate } from "./admin-entries.ts";
import { loadAdminEntry } from "./admin-entries.server.ts";
import { bodyOrNotFound, messageOf, unusableAsBadGateway } from "./api.server.ts";
import { EntryDetailSchema, type AdminEntry, type EntryKind } from "./api-types.ts";
import { fileTooLarge } from "./forms.server.ts";
import { typedValues } from "./history.server.ts";
import { apiClientContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The preview of what an edit form holds (record 054), and what of it could not be shown. */
export type TypedPreview = {
  entry: AdminEntry;
  /** Why the typed fields are not shown (the API refused them): the saved entry is. */
  refused: string | null;
  dateNotShown: boolean;
  pictureNotShown: boolean;
};

/**
 * The entry with what its edit form holds, as visitors would see it once saved: POST
 * /api/{kind}/{id}/preview with the typed title, texts and date, which saves nothing. A typed date
 * that is not one shows the saved date; a chosen picture shows only once saved.
 */
export async function previewTypedEntry(
  context: Context,
  kind: EntryKind,
  id: string,
  request: Request,
): Promise<TypedPreview> {
  const formData = await request.formData();
  const saved = await loadAdminEntry(context, kind, id);
  const typed = typedValues(formData, ["title", "preview_text", "article"]);
  const dateText = ADMIN_ENTRY_KINDS[kind].publishDate
    ? String(formData.get("created_at") ?? "").trim()
    : "";
  const createdAt = dateText ? isoFromPublishDate(dateText, saved.created_at) : null;
  const image = formData.get("image");
  const pictureNotShown =
    (image instanceof File && image.size > 0) || fileTooLarge(request, "image");
  const api = context.get(apiClientContext);
  const body = createdAt ? { ...typed, created_at: createdAt } : typed;
  const answer = await unusableAsBadGateway(
    api.post(`/api/${kind}/${saved.id}/preview`, body, { schema: EntryDetailSchema }),
  );
  const refused = answer.status === 422 ? (messageOf(answer.body) ?? "") : null;
  // A preview keeps the address: the saved one stands in for whatever the answer leaves out.
  const { id: savedId, slug, url } = saved;
  const entry: AdminEntry =
    refused === null ? { ...bodyOrNotFound(answer), id: savedId, slug, url } : saved;
  return { entry, refused, dateNotShown: dateText !== "" && !createdAt, pictureNotShown };
}
