import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { idsFrom, moved, orderedOver } from "./admin-lists.server.ts";
import { assertOk, IMAGE_TOO_LARGE, messageOf, type ApiResult } from "./api.server.ts";
import { flashAfterDelete } from "./admin-trash.server.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { isRecordId } from "./guards.server.ts";
import { filesTooLarge, replyWithApiFailure } from "./forms.server.ts";
import { EntryPhotoSchema } from "./admin-entries.ts";
import { INTENT_FIELD } from "./forms.ts";
import {
  mergeChangedMeanwhile,
  PHOTO_FIELD_LABELS,
  changedMeanwhileAnswer,
  type SavedMeanwhile,
} from "./changed-meanwhile.ts";
import { apiClientContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Whose photos a screen manages: an entry's (`/api/projectsimages`, named by `project_id`) or a
 * gallery's (`/api/galleriesimages`, named by `gallery_id`), and the edit screen they come back to.
 */
export type PhotoOwner = {
  /** The API's images resource, e.g. "/api/galleriesimages". */
  imagesApi: string;
  /** The upload's field that names the owner, e.g. "gallery_id". */
  ownerField: string;
  ownerId: number;
  /** The edit screen, e.g. "/admin/galleries/7". */
  here: string;
};

/**
 * The photo grid's posts on an edit screen: rotate, delete, and a new order (dropped with
 * JavaScript, or one move button without). Each comes back to the edit screen, whose loader
 * reloads the item (spec §4). Null for any other intent, which the screen answers itself.
 */
export async function photoGridAction(
  context: Context,
  owner: PhotoOwner,
  photos: readonly { id: number }[],
  formData: FormData,
): Promise<Response | null> {
  const api = context.get(apiClientContext);
  const intent = formData.get(INTENT_FIELD);
  switch (intent) {
    case "rotate-photo": {
      const { id } = await photoFrom(context, owner, formData, photos);
      const rotated = await api.post(`${owner.imagesApi}/${id}/rotate`, { id });
      if (rotated.status === 404) throw await photoGone(context, owner);
      assertOk(rotated, "Rotating a photo");
      return redirect(owner.here);
    }
    case "delete-photo": {
      const { id } = await photoFrom(context, owner, formData, photos);
      const deleted = await api.delete(`${owner.imagesApi}/${id}`);
      if (deleted.status === 404) throw await photoGone(context, owner);
      assertOk(deleted, "Deleting a photo");
      // A Laravel backend deletes for good, and the grid shows the photo gone: no message.
      const flash = flashAfterDelete(deleted, "");
      if (!flash.undo) return redirect(owner.here);
      return redirectWithFlash(context, owner.here, { ...flash, photos: true });
    }
    case "order-photos":
    case "move-photo": {
      // Over the photos as they are now: the screen may have been drawn before a colleague's
      // upload or delete, which the new order keeps.
      const current = photos.map((photo) => photo.id);
      const ids =
        intent === "move-photo"
          ? moved(
              current,
              (await photoFrom(context, owner, formData, photos)).id,
              formData.get("direction"),
            )
          : orderedOver(current, idsFrom(formData.get("ids")));
      assertOk(
        await api.post(`${owner.imagesApi}/order`, {
          id: owner.ownerId,
          images: (ids ?? current).map((id) => ({ id })),
        }),
        "Ordering photos",
      );
      return redirect(owner.here);
    }
    default:
      return null;
  }
}

/**
 * "Edit Photo" of an entry's photo: its alt text to `POST {imagesApi}/{id}` (record 032), then
 * back to the edit screen with a message; a refusal is the dialog's result, first error a field.
 */
export async function describePhoto(
  context: Context,
  owner: PhotoOwner,
  photos: readonly { id: number; alt?: string | null }[],
  formData: FormData,
): Promise<Response | PhotoNotSaved> {
  const photo = await photoFrom(context, owner, formData, photos);
  // The dialog's alt text against the one saved now (record 053).
  const now = { alt: photo.alt ?? "" };
  const { merged, conflicts } = mergeChangedMeanwhile(formData, now);
  const submission = parseWithZod(merged, { schema: EntryPhotoSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  if (conflicts.length > 0) {
    return changedMeanwhileAnswer(submission, conflicts, now, PHOTO_FIELD_LABELS);
  }
  const api = context.get(apiClientContext);
  // An emptied field is left out by the form; sent empty, it clears the alt text.
  const saved = await api.post(`${owner.imagesApi}/${photo.id}`, {
    alt: submission.value.alt ?? "",
  });
  if (!saved.ok)
    return { result: replyWithApiFailure(submission, saved, { firstErrorOnly: true }) };
  return redirectWithFlash(context, owner.here, {
    kind: "success",
    message: "The photo's details were saved.",
  });
}

/**
 * A photo's details that were not saved: the dialog's result, and what someone else saved
 * meanwhile. Answered 200, so the screen reloads the photo as saved now, which the next Save
 * compares with.
 */
export type PhotoNotSaved = {
  result: SubmissionResult<string[]>;
  savedMeanwhile?: SavedMeanwhile[];
};

/**
 * The photo a form names in `id`. One that is not the item's now was removed since the screen was
 * drawn (thrown: back to the screen, which says so); an `id` that is no id is a client's mistake.
 */
export async function photoFrom<Photo extends { id: number }>(
  context: Context,
  owner: PhotoOwner,
  formData: FormData,
  photos: readonly Photo[],
): Promise<Photo> {
  const value = String(formData.get("id") ?? "");
  if (!isRecordId(value)) throw data("Unknown photo.", { status: 400 });
  const photo = photos.find((candidate) => String(candidate.id) === value);
  if (!photo) throw await photoGone(context, owner);
  return photo;
}

/**
 * An edit screen opened for a photo's details (`?photo={id}`) the item no longer has (someone
 * deleted it since the link was drawn): back to the screen without it, whose grid says so.
 */
export async function assertPhotoParamKnown(
  context: Context,
  owner: PhotoOwner,
  url: URL,
  photos: readonly { id: number }[],
): Promise<void> {
  const named = url.searchParams.get("photo");
  if (named !== null && !photos.some((photo) => String(photo.id) === named))
    throw await photoGone(context, owner);
}

/** Back to the edit screen, whose grid says a photo someone removed meanwhile is not there. */
function photoGone(context: Context, owner: PhotoOwner): Promise<Response> {
  return redirectWithFlash(context, owner.here, {
    kind: "error",
    message: PHOTO_GONE,
    photos: true,
  });
}

const PHOTO_GONE = "That photo is no longer here.";

/**
 * Photo uploads, one request per file from the upload zone (answered in JSON with the API's
 * status), or several files at once from the plain form without JavaScript (back to the edit
 * screen with a message). No lookup first: the API answers 422 for an owner that is not there.
 */
export async function uploadPhotos(
  context: Context,
  owner: PhotoOwner,
  request: Request,
): Promise<Response> {
  const api = context.get(apiClientContext);
  const wantsJson = request.headers.get("Accept")?.includes("application/json") ?? false;
  const formData = await request.formData();
  const files = formData
    .getAll("file")
    .filter((file): file is File => file instanceof File && file.size > 0);
  // Files the web host dropped for being over the limit count as refused with a 413.
  const tooLarge = filesTooLarge(request).filter((file) => file.field === "file");

  const results: { file: { name: string }; result: ApiResult }[] = tooLarge.map(({ filename }) => ({
    file: { name: filename },
    result: { ok: false, status: 413, body: { message: IMAGE_TOO_LARGE }, headers: new Headers() },
  }));
  for (const file of files) {
    const body = new FormData();
    body.append("file", file, file.name);
    body.append(owner.ownerField, String(owner.ownerId));
    // The answer's body is not the spec's (§7): the upload zone reads only the status.
    const result = await api.post(owner.imagesApi, body, {
      // The upload zone shows the status itself ("Server responded with 401 code.").
      handles: wantsJson ? [401, 403, 419, 423] : [],
    });
    results.push({ file, result });
  }

  if (wantsJson) {
    const outcome = results[0]?.result;
    if (!outcome) return Response.json({ message: "Choose an image to upload." }, { status: 422 });
    if (outcome.ok) return Response.json(outcome.body ?? {}, { status: 201 });
    return Response.json(
      { message: uploadProblem(outcome.status, outcome.body) },
      { status: outcome.status },
    );
  }

  const failures = results.filter(({ result }) => !result.ok);
  const uploaded = results.length - failures.length;
  if (results.length === 0) {
    return redirectWithFlash(context, owner.here, {
      kind: "error",
      message: "Choose one or more images to upload.",
    });
  }
  if (failures.length === 0) {
    return redirectWithFlash(context, owner.here, {
      kind: "success",
      message: uploaded === 1 ? "1 photo was uploaded." : `${uploaded} photos were uploaded.`,
    });
  }
  const problems = failures
    .map(({ file, result }) => `${file.name}: ${uploadProblem(result.status, result.body)}`)
    .join(" ");
  return redirectWithFlash(context, owner.here, {
    kind: "error",
    message: `${uploaded} of ${results.length} photos were uploaded. ${problems}`,
  });
}

function uploadProblem(status: number, body: unknown): string {
  if (status === 413) return IMAGE_TOO_LARGE;
  return messageOf(body) ?? `Server responded with ${status} code.`;
}
