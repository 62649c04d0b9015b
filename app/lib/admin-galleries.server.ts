import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { GALLERY_PAGE_SIZE, GalleryNameSchema, GalleryPhotoSchema } from "./admin-galleries.ts";
import { readAdminListPage, requestedPage, requestedSearch } from "./admin-lists.server.ts";
import {
  photoGridAction,
  assertPhotoParamKnown,
  photoFrom,
  uploadPhotos,
  type PhotoOwner,
} from "./admin-photos.server.ts";
import { assertOk, messageOf, unusableAsBadGateway } from "./api.server.ts";
import {
  mergeChangedMeanwhile,
  PHOTO_FIELD_LABELS,
  changedMeanwhileAnswer,
  type SavedMeanwhile,
} from "./changed-meanwhile.ts";
import { GallerySchema, type Gallery } from "./api-types.ts";
import { flashAfterDelete } from "./admin-trash.server.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { keptAtSignOutOf, takeKeptAdd, takeKeptForm } from "./kept-forms.server.ts";
import { replyWithApiFailure } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import { goneWhileEditingMessage } from "./history.server.ts";
import { requireRecordId } from "./guards.server.ts";
import { apiClientContext, requestFactsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const LIST_PATH = "/admin/galleries";

/**
 * /admin/galleries: a page of galleries (newest first; those whose name matches `?q=` when it is
 * given), the flash, whether Add Gallery is open.
 */
export async function loadAdminGalleryListScreen(
  context: Context,
  { request, url }: { request: Request; url: URL },
) {
  const [list, { flash, headers }, keptAdd] = await Promise.all([
    readAdminListPage(context, "/api/galleries", GallerySchema, {
      page: requestedPage(url),
      limit: GALLERY_PAGE_SIZE,
      listPath: LIST_PATH,
      search: requestedSearch(url),
    }),
    takeFlash(context, request),
    takeKeptAdd(context, request, url),
  ]);
  return data(
    {
      galleries: list.results,
      page: list.page,
      pageCount: list.pageCount,
      search: list.search,
      unavailable: list.unavailable,
      flash,
      adding: url.searchParams.has("add"),
      keptAdd,
    },
    { headers },
  );
}

/** The Add Gallery modal's post: the new gallery's edit screen, or the errors under Name. */
export async function adminGalleryListAction(context: Context, request: Request) {
  const formData = await request.formData();
  if (formData.get(INTENT_FIELD) !== "create") throw data("Unknown action.", { status: 400 });
  const submission = parseWithZod(formData, { schema: GalleryNameSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const api = context.get(apiClientContext);
  const created = await api.post("/api/galleries", submission.value, {
    schema: GallerySchema.pick({ id: true }),
  });
  if (!created.ok) {
    console.error("Adding a gallery failed:", created.status, messageOf(created.body));
    return { result: replyWithApiFailure(submission, created, { firstErrorOnly: true }) };
  }
  return redirect(`${LIST_PATH}/${created.body.id}`);
}

/** The gallery named by the route's `:id`; anything but a whole number is the 404 page. */
export async function loadAdminGallery(context: Context, id: string): Promise<Gallery> {
  requireRecordId(id);
  return unusableAsBadGateway(
    context.get(apiClientContext).read(`/api/galleries/${id}`, GallerySchema),
  );
}

/**
 * The gallery a save of its name found deleted (a stale tab), as typed: the loaders after the
 * action draw the screen from it instead of answering the 404 page.
 */
const goneWhileEditingContext = createContext<Gallery | null>(null);

function goneWhileEditing(context: Context, id: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: GalleryNameSchema });
  const name = String(formData.get("name") ?? "");
  context.set(goneWhileEditingContext, { id: Number(id), name, image_url: null, images: [] });
  const result = submission.reply({ formErrors: [goneWhileEditingMessage(context)] });
  return data<GalleryActionData>({ intent: "save", result, gone: true }, { status: 404 });
}

/**
 * /admin/galleries/{id}: the gallery, the flash, the delete step (`?confirm=delete`), the photo
 * whose details are being edited (`?photo={id}`, one of this gallery's) and the upload limit.
 */
export async function loadAdminGalleryScreen(
  context: Context,
  { request, url, id }: { request: Request; url: URL; id: string },
) {
  const gone = context.get(goneWhileEditingContext);
  const [gallery, { flash, headers }, kept] = await Promise.all([
    gone ?? loadAdminGallery(context, id),
    gone ? { flash: null, headers: undefined } : takeFlash(context, request),
    gone ? null : takeKeptForm(context, request, url),
  ]);
  if (!gone)
    await assertPhotoParamKnown(context, galleryPhotoOwner(gallery.id), url, gallery.images);
  const photoParam = url.searchParams.get("photo");
  const editingPhoto = gallery.images.find((image) => String(image.id) === photoParam) ?? null;
  return data(
    {
      gallery,
      flash,
      // Without JavaScript, a Save that met an ended session comes back after Log In (record 050).
      kept: kept && keptAtSignOutOf(kept),
      confirmingDelete: url.searchParams.get("confirm") === "delete",
      editingPhotoId: editingPhoto?.id ?? null,
      imageMaxBytes: context.get(requestFactsContext).config.imageMaxBytes,
    },
    { headers },
  );
}

export type GalleryActionData = {
  /** Which form the result belongs to: the name ("save") or a photo's details ("save-photo"). */
  intent: "save" | "save-photo";
  result: ReturnType<typeof replyWithApiFailure>;
  /** The save found the gallery deleted: the screen holds the typed name, and nothing else. */
  gone?: true;
  /** The save was stopped: someone else renamed the gallery meanwhile (record 053). */
  savedMeanwhile?: SavedMeanwhile[];
};

/**
 * The edit screen's posts: save the name (→ the list), delete the gallery (→ the list), a
 * photo's details (→ back here), and the photo grid's rotate, delete and reorder (→ back here,
 * which reloads the gallery: spec §4). Saving the name reads the gallery itself, to tell whether
 * someone else renamed it meanwhile (record 053).
 */
export async function adminGalleryAction(
  context: Context,
  id: string,
  request: Request,
): Promise<Response | GalleryActionData | ReturnType<typeof data<GalleryActionData>>> {
  const formData = await request.formData();
  if (formData.get(INTENT_FIELD) === "save") return saveGalleryName(context, id, formData);
  const gallery = await loadAdminGallery(context, id);
  const owner = galleryPhotoOwner(gallery.id);
  const photoChange = await photoGridAction(context, owner, gallery.images, formData);
  if (photoChange) return photoChange;

  const api = context.get(apiClientContext);
  switch (formData.get(INTENT_FIELD)) {
    case "delete": {
      const deleted = await api.delete(`/api/galleries/${gallery.id}`);
      assertOk(deleted, `Deleting gallery ${gallery.id}`);
      return redirectWithFlash(
        context,
        LIST_PATH,
        flashAfterDelete(deleted, `“${gallery.name}” was deleted.`),
      );
    }
    case "save-photo": {
      const photo = await photoFrom(context, owner, formData, gallery.images);
      // The dialog's values against those saved now (record 053); answered 200, so the screen
      // reloads the photo, which the next Save compares with.
      const now = { alt: photo.alt ?? "", link: photo.link ?? "" };
      const { merged, conflicts } = mergeChangedMeanwhile(formData, now);
      const submission = parseWithZod(merged, { schema: GalleryPhotoSchema });
      if (submission.status !== "success") {
        return { intent: "save-photo", result: submission.reply() };
      }
      if (conflicts.length > 0) {
        const answer = changedMeanwhileAnswer(submission, conflicts, now, PHOTO_FIELD_LABELS);
        return { intent: "save-photo", ...answer };
      }
      // An emptied field is left out by the form; sent empty, it clears the value.
      const saved = await api.post(`/api/galleriesimages/${photo.id}`, {
        alt: submission.value.alt ?? "",
        link: submission.value.link ?? "",
      });
      if (!saved.ok) {
        return {
          intent: "save-photo",
          result: replyWithApiFailure(submission, saved, { firstErrorOnly: true }),
        };
      }
      return redirectWithFlash(context, owner.here, {
        kind: "success",
        message: "The photo's details were saved.",
      });
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/** The name, sent as multipart, as the original backend takes it (spec §7). */
async function saveGalleryName(context: Context, id: string, formData: FormData) {
  const galleryId = requireRecordId(id);
  const submission = parseWithZod(formData, { schema: GalleryNameSchema });
  if (submission.status !== "success")
    return { intent: "save" as const, result: submission.reply() };
  const api = context.get(apiClientContext);
  const now = await api.get(`/api/galleries/${galleryId}`, { schema: GallerySchema });
  if (now.status === 404) return goneWhileEditing(context, id, formData);
  let name = submission.value.name;
  if (now.ok) {
    const current = { name: now.body.name };
    const { merged, conflicts } = mergeChangedMeanwhile(formData, current);
    if (conflicts.length > 0) {
      const answer = changedMeanwhileAnswer(submission, conflicts, current, { name: "Name" });
      return data({ intent: "save" as const, ...answer }, { status: 409 });
    }
    // A name this form left as it was, which a colleague changed, stays theirs.
    name = String(merged.get("name"));
  }
  const body = new FormData();
  body.append("name", name);
  const saved = await api.post(`/api/galleries/${galleryId}`, body);
  if (saved.status === 404) return goneWhileEditing(context, id, formData);
  if (!saved.ok) {
    return {
      intent: "save" as const,
      result: replyWithApiFailure(submission, saved, { firstErrorOnly: true }),
    };
  }
  return redirectWithFlash(context, LIST_PATH, {
    kind: "success",
    message: "Your Changes Have Been Saved",
  });
}

/** POST /admin/galleries/{id}/photos: the upload zone's files, or the plain form's. */
export async function uploadGalleryPhotos(
  context: Context,
  id: string,
  request: Request,
): Promise<Response> {
  return uploadPhotos(context, galleryPhotoOwner(requireRecordId(id)), request);
}

function galleryPhotoOwner(id: number): PhotoOwner {
  return {
    imagesApi: "/api/galleriesimages",
    ownerField: "gallery_id",
    ownerId: id,
    here: `${LIST_PATH}/${id}`,
  };
}
