import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, type RouterContextProvider } from "react-router";
import {
  ADMIN_ENTRY_KINDS,
  EntryFormSchema,
  entryFieldLabels,
  entryFormValues,
  isoFromPublishDate,
  publishDateText,
} from "./admin-entries.ts";
import { REMOVE_REDIRECT_INTENT } from "../components/admin/old-addresses.tsx";
import {
  assertPhotoParamKnown,
  describePhoto,
  photoGridAction,
  uploadPhotos,
  type PhotoOwner,
} from "./admin-photos.server.ts";
import { assertOk, bodyOrNotFound, IMAGE_TOO_LARGE, unusableAsBadGateway } from "./api.server.ts";
import {
  EntryDetailSchema,
  type AdminEntry,
  type EntryDetail,
  type EntryKind,
} from "./api-types.ts";
import { flashAfterDelete } from "./admin-trash.server.ts";
import { loadDraft } from "./drafts.server.ts";
import { statusFlash, undoStatusAction } from "./entry-publishing.server.ts";
import { withDraftVersion } from "./drafts.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { fileTooLarge, replyWithApiFailure } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import { requireRecordId } from "./guards.server.ts";
import {
  conflictOf,
  holdsWhatWasTyped,
  goneWhileEditingMessage,
  loadedVersionOf,
  mergeOf,
  postedVersionOf,
  takeTheirs,
  typedValues,
} from "./history.server.ts";
import {
  mergeChangedMeanwhile,
  changedMeanwhileAnswer,
  type SavedMeanwhile,
} from "./changed-meanwhile.ts";
import type { EditConflict } from "./history.ts";
import {
  apiClientContext,
  requestFactsContext,
  siteSettingsContext,
} from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** What the edit screen gets back from a save that did not go through. */
export type EntrySaveData = {
  result: SubmissionResult<string[]> | null;
  article?: string;
  /** "Edit Photo" that did not go through (components/admin/entry-photos.tsx). */
  photoResult?: SubmissionResult<string[]>;
  /** Its alt text, saved by someone else meanwhile (record 053). */
  photoSavedMeanwhile?: SavedMeanwhile[];
  conflict?: EditConflict;
  merge?: EditConflict;
  /** The save found the entry deleted: the screen holds what was typed, with no way to it. */
  gone?: true;
  /** Without versions: the fields someone else saved meanwhile that this save also changed. */
  savedMeanwhile?: SavedMeanwhile[];
};

/** An edit screen: the entry, the flash left for it, the delete step and the upload limit. */
export async function loadAdminEntryScreen(
  context: Context,
  kind: EntryKind,
  { request, url, id }: { request: Request; url: URL; id: string },
) {
  // Checked before any call starts: a throw among them would leave the others' failures unhandled.
  const entryId = requireRecordId(id);
  const imageMaxBytes = context.get(requestFactsContext).config.imageMaxBytes;
  const gone = context.get(goneWhileEditingContext);
  if (gone)
    return { entry: gone, draft: null, flash: null, confirmingDelete: false, imageMaxBytes };
  const [entry, { flash, headers }, draft] = await Promise.all([
    loadAdminEntry(context, kind, id),
    takeFlash(context, request),
    loadDraft(context, kind, entryId, { request, url }),
  ]);
  await assertPhotoParamKnown(context, entryPhotoOwner(kind, entry.id), url, entry.images ?? []);
  return data(
    {
      entry: withDraftVersion(entry, draft),
      draft,
      flash,
      confirmingDelete: url.searchParams.get("confirm") === "delete",
      imageMaxBytes,
    },
    { headers },
  );
}

/** The entry named by the route's `:id`; anything but a whole number is the 404 page. */
export async function loadAdminEntry(
  context: Context,
  kind: EntryKind,
  id: string,
): Promise<AdminEntry> {
  return bodyOrNotFound(await answerForEntry(context, kind, id));
}

async function answerForEntry(context: Context, kind: EntryKind, id: string) {
  requireRecordId(id);
  const api = context.get(apiClientContext);
  const answer = await unusableAsBadGateway(
    api.get(`/api/${kind}/${id}`, { schema: EntryDetailSchema }),
  );
  if (!answer.ok) return answer;
  const entry = answer.body;
  const slug = entry.slug ?? "";
  const url = entry.url || `/${kind}/${slug}`;
  const body: AdminEntry = { ...entry, id: entry.id ?? Number(id), slug, url };
  return { ...answer, body };
}

/**
 * The entry a save found deleted (a stale tab): the loaders after the action draw the edit
 * screen from what was typed instead of answering the 404 page, so nothing typed is lost.
 */
const goneWhileEditingContext = createContext<AdminEntry | null>(null);

function goneWhileEditing(context: Context, kind: EntryKind, id: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: EntryFormSchema });
  const typed = typedValues(formData, ["title", "slug", "preview_text", "article"]);
  const slug = typed.slug ?? "";
  context.set(goneWhileEditingContext, {
    id: Number(id),
    title: typed.title ?? "",
    slug,
    url: `/${kind}/${slug}`,
    preview_text: typed.preview_text ?? null,
    article: typed.article ?? null,
    article_html: null,
    image_url: null,
    created_at: null,
    updated_at: null,
    images: [],
    old_slugs: undefined,
    version: postedVersionOf(formData),
  });
  const message = goneWhileEditingMessage(context);
  return data<EntrySaveData>(
    {
      result: submission.reply({ formErrors: [message] }),
      article: typed.article ?? "",
      gone: true,
    },
    { status: 404 },
  );
}

/**
 * The edit screen's posts: save the form, delete the entry, remove a redirect from an old
 * address, and the photo gallery's rotate, delete and reorder. Photo changes and a removed
 * redirect come back to this screen (the loader reloads the item); save and delete go to the
 * list (spec §4).
 */
export async function adminEntryAction(
  context: Context,
  kind: EntryKind,
  id: string,
  request: Request,
) {
  const formData = await request.formData();
  const answer = await answerForEntry(context, kind, id);
  if (!answer.ok && answer.status === 404 && formData.get(INTENT_FIELD) === "save") {
    return goneWhileEditing(context, kind, id, formData);
  }
  const entry = bodyOrNotFound(answer);
  const api = context.get(apiClientContext);
  const photoChange = await photoGridAction(
    context,
    entryPhotoOwner(kind, entry.id),
    entry.images,
    formData,
  );
  if (photoChange) return photoChange;

  switch (formData.get(INTENT_FIELD)) {
    case "save":
      return saveEntry(context, kind, entry, formData, fileTooLarge(request, "image"));
    case "merge":
      return mergeByHand(formData);
    case "take-theirs":
      return takeTheirs(
        context,
        {
          subject: kind,
          id: entry.id,
          fields: ENTRY_FORM_FIELDS,
          editPath: `/admin/${kind}/${entry.id}`,
        },
        formData,
      );
    case "save-photo": {
      const photoResult = await describePhoto(
        context,
        entryPhotoOwner(kind, entry.id),
        entry.images,
        formData,
      );
      if (photoResult instanceof Response) return photoResult;
      return {
        result: null,
        photoResult: photoResult.result,
        photoSavedMeanwhile: photoResult.savedMeanwhile,
      };
    }
    case "undo-status":
      return undoStatusAction(context, kind, entry, formData);
    case REMOVE_REDIRECT_INTENT:
      return removeRedirect(context, kind, entry, formData.get("slug"));
    case "delete": {
      const deleted = await api.delete(`/api/${kind}/${entry.id}`);
      assertOk(deleted, `Deleting /admin/${kind}/${entry.id}`);
      return redirectWithFlash(
        context,
        `/admin/${kind}`,
        flashAfterDelete(deleted, `“${entry.title}” was deleted.`),
      );
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/**
 * POST /api/{kind}/{id} as multipart of every field, the image only when one was chosen. A
 * failure returns what was typed, the article included, so nothing is lost; so does a picture
 * the web host dropped for being over the limit (`imageTooLarge`), without calling the API.
 */
async function saveEntry(
  context: Context,
  kind: EntryKind,
  entry: AdminEntry,
  formData: FormData,
  imageTooLarge = false,
): Promise<EntrySaveData | Response | ReturnType<typeof data<EntrySaveData>>> {
  // Without versions (a Laravel backend), what someone else saved meanwhile is merged in, and a
  // field both changed stops the save (record 057). `entry` was read for this post.
  const { merged, conflicts } =
    entry.version === undefined
      ? mergeChangedMeanwhile(formData, entryFormValues(entry))
      : { merged: formData, conflicts: [] };
  const submission = parseWithZod(merged, { schema: EntryFormSchema });
  const article = String(merged.get("article") ?? "");
  if (submission.status !== "success") return { result: submission.reply(), article };
  if (conflicts.length > 0) {
    const labels = entryFieldLabels(ADMIN_ENTRY_KINDS[kind]);
    const answer = changedMeanwhileAnswer(submission, conflicts, entryFormValues(entry), labels);
    return data<EntrySaveData>({ ...answer, article }, { status: 409 });
  }
  const values = submission.value;

  const fieldErrors: Record<string, string[]> = {};
  if (imageTooLarge) fieldErrors.image = [IMAGE_TOO_LARGE];
  let createdAt: string | undefined;
  if (ADMIN_ENTRY_KINDS[kind].publishDate && values.created_at) {
    createdAt = isoFromPublishDate(values.created_at, entry.created_at) ?? undefined;
    if (!createdAt) fieldErrors.created_at = ["The publish date must be a date like 31/12/2026."];
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { result: submission.reply({ fieldErrors }), article };
  }

  const body = new FormData();
  body.append("title", values.title);
  body.append("slug", values.slug ?? "");
  body.append("article", article);
  body.append("preview_text", values.preview_text ?? "");
  const publishedAt = createdAt ?? entry.created_at;
  if (publishedAt) body.append("created_at", publishedAt);
  const image = formData.get("image");
  const pictureChosen = image instanceof File && image.size > 0;
  if (pictureChosen) body.append("image", image, image.name);
  const version = formData.get("version");
  if (typeof version === "string" && version !== "") body.append("version", version);
  // Publish and Unpublish submit the whole form: what was typed is saved with the new status.
  const status = requestedEntryStatus(context, formData);
  if (status) body.append("status", status);

  const api = context.get(apiClientContext);
  const result = await api.post(`/api/${kind}/${entry.id}`, body);
  let saved = result.body;
  if (!result.ok) {
    // Publish or Unpublish goes through the conflict screen with what was typed: Keep mine does it.
    const mine = typedValues(formData, ENTRY_FORM_FIELDS);
    if (status) mine.status = status;
    const conflict = conflictOf(result.status, result.body, mine, {
      loadedVersion: loadedVersionOf(formData),
      pictureChosen,
    });
    if (!conflict) return { result: replyWithApiFailure(submission, result), article };
    const shown = entryConflict(conflict);
    if (!holdsWhatWasTyped(shown)) return { result: null, article, conflict: shown };
    saved = { status: shown.theirs.status, version: shown.version };
  }
  return redirectWithFlash(
    context,
    `/admin/${kind}`,
    status
      ? statusFlash(kind, entry, values.title, saved)
      : { kind: "success", message: "Your Changes Have Been Saved" },
  );
}

/** The status the edit form's Publish or Unpublish button asks for; none from Save Changes. */
function requestedEntryStatus(context: Context, formData: FormData): "published" | "draft" | null {
  if (!context.get(siteSettingsContext).editable) return null;
  const status = formData.get("status");
  return status === "published" || status === "draft" ? status : null;
}

/**
 * Stops an old address of the entry from redirecting to it (record 025) and comes back to the
 * edit screen with a message. One the entry no longer keeps (another admin removed it since the
 * screen was drawn, say) is gone all the same; a value that is no slug is a client's mistake.
 */
async function removeRedirect(
  context: Context,
  kind: EntryKind,
  entry: EntryDetail,
  value: FormDataEntryValue | null,
) {
  if (typeof value !== "string" || !/^[^/?#\s]{1,255}$/.test(value))
    throw data("That address does not redirect here.", { status: 400 });
  const slug = value;
  if (entry.old_slugs?.includes(slug)) {
    const api = context.get(apiClientContext);
    const path = `/api/${kind}/${entry.id}/old-slugs/${encodeURIComponent(slug)}`;
    const result = await api.delete(path);
    if (result.status !== 404) assertOk(result, `Removing the redirect ${path}`);
  }
  return redirectWithFlash(context, `/admin/${kind}/${entry.id}`, {
    kind: "success",
    message: `/${kind}/${slug} no longer redirects here; another item may now take that address.`,
  });
}

/** Where an entry's photos live in the API, and the edit screen they come back to. */
function entryPhotoOwner(kind: EntryKind, id: number): PhotoOwner {
  return {
    imagesApi: `/api/${kind}images`,
    ownerField: ADMIN_ENTRY_KINDS[kind].photoOwnerField,
    ownerId: id,
    here: `/admin/${kind}/${id}`,
  };
}

/** POST /admin/{kind}/{id}/photos: the upload zone's files, or the plain form's. */
export async function uploadEntryPhotos(
  context: Context,
  kind: EntryKind,
  id: string,
  request: Request,
): Promise<Response> {
  return uploadPhotos(context, entryPhotoOwner(kind, requireRecordId(id)), request);
}

/** The fields of the entry form the conflict screen carries. */
const ENTRY_FORM_FIELDS = ["title", "slug", "created_at", "preview_text", "article"];

/** Their side in the form's own terms: the publish date as dd/mm/yyyy. */
function entryConflict(conflict: EditConflict): EditConflict {
  const theirs = { ...conflict.theirs };
  if (theirs.created_at) theirs.created_at = publishDateText(theirs.created_at);
  return { ...conflict, theirs };
}

/** "Merge by hand": the edit form again with what was typed, their values beside it. */
function mergeByHand(formData: FormData): EntrySaveData {
  const merge = mergeOf(formData, ENTRY_FORM_FIELDS);
  return { result: null, article: merge.mine.article ?? "", merge };
}
