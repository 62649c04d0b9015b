import { randomBytes } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { ADMIN_ENTRY_KINDS, isoFromPublishDate } from "./admin-entries.ts";
import { loadAdminEntry } from "./admin-entries.server.ts";
import {
  bodyOrNotFound,
  fieldErrorsOf,
  IMAGE_TOO_LARGE,
  messageOf,
  unusableAsBadGateway,
} from "./api.server.ts";
import { EntryDetailSchema, type AdminEntry, type EntryKind, type User } from "./api-types.ts";
import { fileTooLarge } from "./forms.server.ts";
import { typedValues } from "./history.server.ts";
import { apiClientContext, requestFactsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The preview of what an edit form holds (record 054), and what of it could not be shown. */
export type TypedPreview = {
  entry: AdminEntry;
  /** Why the typed fields are not shown (the API refused them): the saved entry is. */
  refused: string | null;
  dateNotShown: boolean;
  /** Why a chosen picture is not shown (record 058): the saved one is. */
  pictureRefused: string | null;
};

/**
 * The entry with what its edit form holds, as visitors would see it once saved: POST
 * /api/{kind}/{id}/preview with the typed title, texts and date, and the chosen picture, which
 * saves nothing. A typed date that is not one shows the saved date; a picture the API or the host
 * refuses shows the saved one, and the preview says why.
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
  const chosen = formData.get("image");
  const picture = chosen instanceof File && chosen.size > 0 ? chosen : null;
  let pictureRefused = fileTooLarge(request, "image") ? IMAGE_TOO_LARGE : null;

  const api = context.get(apiClientContext);
  const preview = (withPicture: File | null) => {
    const body = new FormData();
    for (const [field, value] of Object.entries(typed)) body.append(field, value);
    if (createdAt) body.append("created_at", createdAt);
    if (withPicture) body.append("image", withPicture, withPicture.name);
    return unusableAsBadGateway(
      api.post(`/api/${kind}/${saved.id}/preview`, body, { schema: EntryDetailSchema }),
    );
  };
  let answer = await preview(picture);
  const pictureError = answer.status === 422 ? fieldErrorsOf(answer.body).image?.[0] : undefined;
  if (picture && pictureError) {
    // The typed text is still worth seeing: it is shown with the saved picture.
    pictureRefused = pictureError;
    answer = await preview(null);
  }
  const refused = answer.status === 422 ? (messageOf(answer.body) ?? "") : null;
  // A preview keeps the address: the saved one stands in for whatever the answer leaves out.
  const { id: savedId, slug, url } = saved;
  const entry: AdminEntry =
    refused === null ? { ...bodyOrNotFound(answer), id: savedId, slug, url } : saved;
  return { entry, refused, dateNotShown: dateText !== "" && !createdAt, pictureRefused };
}

/**
 * A typed preview kept for its tab (record 058), so that the preview is a page of its own address
 * that a reload shows again, rather than a post the browser offers to send again.
 */
export type KeptPreview = {
  /** The preview's path: a token is good for its own item only. */
  location: string;
  /** The admin who pressed Preview: no one else is shown what they typed. */
  keptFor: string;
  typed: TypedPreview;
};

/** Keeps `typed` for an hour; its token, or null when it could not be kept. */
export async function keepTypedPreview(
  context: Context,
  location: string,
  admin: User,
  typed: TypedPreview,
): Promise<string | null> {
  const token = randomBytes(18).toString("base64url");
  const kept: KeptPreview = { location, keptFor: String(admin.id), typed };
  const { keptPreviews } = context.get(requestFactsContext);
  return (await keptPreviews.keep(token, kept)) ? token : null;
}

/** The preview kept under `token` for this item and admin, or null (gone, or someone else's). */
export async function keptTypedPreview(
  context: Context,
  token: string,
  location: string,
  admin: User,
): Promise<TypedPreview | null> {
  const { keptPreviews } = context.get(requestFactsContext);
  const kept = await keptPreviews.get(token);
  if (!kept || kept.location !== location || kept.keptFor !== String(admin.id)) return null;
  return kept.typed;
}
