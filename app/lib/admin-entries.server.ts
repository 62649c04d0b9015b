import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import {
  ADMIN_ENTRY_KINDS,
  CreateEntrySchema,
  type AdminEntryListItem,
  EntryFormSchema,
  isoFromPublishDate,
} from "./admin-entries.ts";
import { assertOk, messageOf } from "./api.server.ts";
import {
  EntryDetailSchema,
  EntryImageSchema,
  EntryListItemSchema,
  type EntryDetail,
  type EntryKind,
} from "./api-types.ts";
import { readListPage } from "./admin-lists.server.ts";
import { requireRecordId } from "./guards.server.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { replyWithApiFailure } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import { apiClientContext, requestFactsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** Drag-ordered lists are shown whole (the API's largest page), so a drop reorders them all. */
const SORTABLE_LIST_LIMIT = 100;

export type AdminEntryPage = {
  items: AdminEntryListItem[];
  page: number;
  pageCount: number;
};

export async function loadAdminEntryList(
  context: Context,
  kind: EntryKind,
  url: URL,
): Promise<AdminEntryPage> {
  const api = context.get(apiClientContext);
  const sortable = ADMIN_ENTRY_KINDS[kind].sortable;
  const { results, page, pageCount } = await readListPage(
    api,
    `/api/${kind}`,
    EntryListItemSchema,
    sortable ? { url, page: 1, limit: SORTABLE_LIST_LIMIT } : { url },
  );
  const now = Date.now();
  return {
    items: results.map((item) => ({
      ...item,
      url: item.url || `/${kind}/${item.slug}`,
      scheduled: Date.parse(item.created_at) > now,
    })),
    page,
    pageCount,
  };
}

/** A list screen: its page of items, the flash left for it and whether the Add modal is open. */
export async function loadAdminEntryListScreen(
  context: Context,
  kind: EntryKind,
  { request, url }: { request: Request; url: URL },
) {
  const [page, { flash, headers }] = await Promise.all([
    loadAdminEntryList(context, kind, url),
    takeFlash(request),
  ]);
  return data({ ...page, flash, adding: url.searchParams.has("add") }, { headers });
}

/** An edit screen: the entry, the flash left for it, the delete step and the upload limit. */
export async function loadAdminEntryScreen(
  context: Context,
  kind: EntryKind,
  { request, url, id }: { request: Request; url: URL; id: string },
) {
  const [entry, { flash, headers }] = await Promise.all([
    loadAdminEntry(context, kind, id),
    takeFlash(request),
  ]);
  return data(
    {
      entry,
      flash,
      confirmingDelete: url.searchParams.get("confirm") === "delete",
      imageMaxBytes: context.get(requestFactsContext).config.imageMaxBytes,
    },
    { headers },
  );
}

/** The entry named by the route's `:id`; anything but a whole number is the 404 page. */
export async function loadAdminEntry(
  context: Context,
  kind: EntryKind,
  id: string,
): Promise<EntryDetail> {
  requireRecordId(id);
  const api = context.get(apiClientContext);
  const entry = await api.read(`/api/${kind}/${id}`, EntryDetailSchema);
  return { ...entry, url: entry.url || `/${kind}/${entry.slug}` };
}

/** The list screens' posts: add an entry (→ its edit screen), or put the list in a new order. */
export async function adminEntryListAction(context: Context, kind: EntryKind, request: Request) {
  const api = context.get(apiClientContext);
  const formData = await request.formData();
  switch (formData.get(INTENT_FIELD)) {
    case "create": {
      const submission = parseWithZod(formData, { schema: CreateEntrySchema });
      if (submission.status !== "success") return { result: submission.reply() };
      const created = await api.post(`/api/${kind}`, submission.value, {
        schema: EntryDetailSchema.pick({ id: true }),
      });
      if (!created.ok) {
        console.error(`Adding to ${kind} failed:`, created.status, messageOf(created.body));
        return { result: replyWithApiFailure(submission, created) };
      }
      return redirect(`/admin/${kind}/${created.body.id}`);
    }
    case "order": {
      await saveEntryOrder(context, kind, idsFrom(formData.get("ids")));
      return redirect(`/admin/${kind}`);
    }
    case "move": {
      const current = await loadAdminEntryList(context, kind, new URL("http://site.invalid/"));
      const ids = moved(
        current.items.map((item) => item.id),
        Number(formData.get("id")),
        formData.get("direction"),
      );
      await saveEntryOrder(context, kind, ids);
      return redirect(`/admin/${kind}`);
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

/**
 * The edit screen's posts: save the form, delete the entry, and the photo gallery's rotate,
 * delete and reorder. Photo changes come back to this screen (the loader reloads the item);
 * save and delete go to the list (spec §4).
 */
export async function adminEntryAction(
  context: Context,
  kind: EntryKind,
  id: string,
  request: Request,
) {
  const entry = await loadAdminEntry(context, kind, id);
  const api = context.get(apiClientContext);
  const here = `/admin/${kind}/${entry.id}`;
  const list = `/admin/${kind}`;
  const formData = await request.formData();
  const photoId = () => {
    const value = String(formData.get("id") ?? "");
    if (!entry.images.some((image) => String(image.id) === value)) {
      throw data("That photo is not part of this item.", { status: 400 });
    }
    return value;
  };

  switch (formData.get(INTENT_FIELD)) {
    case "save":
      return saveEntry(context, kind, entry, formData);
    case "delete":
      assertOk(await api.delete(`/api/${kind}/${entry.id}`), `Deleting ${here}`);
      return redirectWithFlash(list, { kind: "success", message: `“${entry.title}” was deleted.` });
    case "rotate-photo":
      assertOk(
        await api.post(`/api/${kind}images/${photoId()}/rotate`, { id: Number(photoId()) }),
        "Rotating a photo",
      );
      return redirect(here);
    case "delete-photo":
      assertOk(await api.delete(`/api/${kind}images/${photoId()}`), "Deleting a photo");
      return redirect(here);
    case "order-photos":
    case "move-photo": {
      const current = entry.images.map((image) => image.id);
      const ids =
        formData.get(INTENT_FIELD) === "move-photo"
          ? moved(current, Number(photoId()), formData.get("direction"))
          : idsFrom(formData.get("ids"));
      if (ids.length !== current.length || !ids.every((photo) => current.includes(photo))) {
        throw data("The order must list every photo of this item once.", { status: 400 });
      }
      assertOk(
        await api.post(`/api/${kind}images/order`, {
          id: entry.id,
          images: ids.map((photo) => ({ id: photo })),
        }),
        "Ordering photos",
      );
      return redirect(here);
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/**
 * POST /api/{kind}/{id} as multipart of every field, the image only when one was chosen. A
 * failure returns what was typed, the article included, so nothing is lost.
 */
async function saveEntry(
  context: Context,
  kind: EntryKind,
  entry: EntryDetail,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: EntryFormSchema });
  const article = String(formData.get("article") ?? "");
  if (submission.status !== "success") return { result: submission.reply(), article };
  const values = submission.value;

  const fieldErrors: Record<string, string[]> = {};
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
  body.append("created_at", createdAt ?? entry.created_at);
  const image = formData.get("image");
  if (image instanceof File && image.size > 0) body.append("image", image, image.name);

  const api = context.get(apiClientContext);
  const result = await api.post(`/api/${kind}/${entry.id}`, body);
  if (!result.ok) return { result: replyWithApiFailure(submission, result), article };
  return redirectWithFlash(`/admin/${kind}`, {
    kind: "success",
    message: "Your Changes Have Been Saved",
  });
}

/**
 * Photo uploads, one request per file from the upload zone (answered in JSON with the API's
 * status), or several files at once from the plain form without JavaScript (back to the edit
 * screen with a message).
 */
export async function uploadEntryPhotos(
  context: Context,
  kind: EntryKind,
  id: string,
  request: Request,
): Promise<Response> {
  // No lookup first: the API answers 422 for an entry that is not there.
  requireRecordId(id);
  const api = context.get(apiClientContext);
  const here = `/admin/${kind}/${id}`;
  const wantsJson = request.headers.get("Accept")?.includes("application/json") ?? false;
  const formData = await request.formData();
  const files = formData
    .getAll("file")
    .filter((file): file is File => file instanceof File && file.size > 0);

  const results = [];
  for (const file of files) {
    const body = new FormData();
    body.append("file", file, file.name);
    body.append(ADMIN_ENTRY_KINDS[kind].photoOwnerField, id);
    const result = await api.post(`/api/${kind}images`, body, {
      schema: EntryImageSchema,
      // The upload zone shows the status itself ("Server responded with 401 code.").
      handles: wantsJson ? [401, 403, 419, 423] : [],
    });
    results.push({ file, result });
  }

  if (wantsJson) {
    const outcome = results[0]?.result;
    if (!outcome) return Response.json({ message: "Choose an image to upload." }, { status: 422 });
    if (outcome.ok) return Response.json(outcome.body, { status: 201 });
    return Response.json(
      { message: uploadProblem(outcome.status, outcome.body) },
      {
        status: outcome.status,
      },
    );
  }

  const failures = results.filter(({ result }) => !result.ok);
  const uploaded = results.length - failures.length;
  if (results.length === 0) {
    return redirectWithFlash(here, {
      kind: "error",
      message: "Choose one or more images to upload.",
    });
  }
  if (failures.length === 0) {
    return redirectWithFlash(here, {
      kind: "success",
      message: uploaded === 1 ? "1 photo was uploaded." : `${uploaded} photos were uploaded.`,
    });
  }
  const problems = failures
    .map(({ file, result }) => `${file.name}: ${uploadProblem(result.status, result.body)}`)
    .join(" ");
  return redirectWithFlash(here, {
    kind: "error",
    message: `${uploaded} of ${results.length} photos were uploaded. ${problems}`,
  });
}

function uploadProblem(status: number, body: unknown): string {
  if (status === 413) return "The image you have uploaded is too large";
  return messageOf(body) ?? `Server responded with ${status} code.`;
}

function idsFrom(value: FormDataEntryValue | null): number[] {
  const ids = String(value ?? "")
    .split(",")
    .filter((part) => part.trim() !== "")
    .map(Number);
  if (ids.length === 0 || !ids.every((id) => Number.isInteger(id) && id > 0)) {
    throw data("The order must be a list of ids.", { status: 400 });
  }
  return ids;
}

/** `ids` with `id` swapped with its neighbour, earlier or later. */
function moved(ids: number[], id: number, direction: FormDataEntryValue | null): number[] {
  const from = ids.indexOf(id);
  if (from === -1) throw data("That item is not in the list.", { status: 400 });
  const to = direction === "earlier" ? from - 1 : direction === "later" ? from + 1 : -1;
  if (to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
