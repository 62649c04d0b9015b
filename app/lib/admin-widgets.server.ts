import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import {
  AdminWidgetSchema,
  CreateWidgetSchema,
  WIDGET_FORM_FIELDS,
  WidgetFormSchema,
  WIDGET_FIELD_LABELS,
  WIDGET_TYPE_LABELS,
  widgetFormValues,
  widgetMatches,
  widgetScreenPath,
  type AdminWidget,
} from "./admin-widgets.ts";
import {
  LOADED_VALUES_FIELD,
  mergeChangedMeanwhile,
  changedMeanwhileAnswer,
  type SavedMeanwhile,
} from "./changed-meanwhile.ts";
import { requestedSearch } from "./admin-lists.server.ts";
import { flashAfterDelete } from "./admin-trash.server.ts";
import {
  assertOk,
  IMAGE_TOO_LARGE,
  messageOf,
  unusableAsBadGateway,
  unusableAsUnavailable,
  type ApiResult,
} from "./api.server.ts";
import { loadDraft } from "./drafts.server.ts";
import { withDraftVersion } from "./drafts.ts";
import { requireRecordId } from "./guards.server.ts";
import { pagedSchema } from "./api-types.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { fileTooLarge, replyWithApiFailure, safeRedirectPath } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
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
import type { EditConflict } from "./history.ts";
import { takeKeptAdd } from "./kept-forms.server.ts";
import { apiClientContext, siteSettingsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const LIST_PATH = "/admin/widgets";

/** What the edit screen gets back from a save that did not go through (or "Merge by hand"). */
export type WidgetSaveData = {
  result: SubmissionResult<string[]> | null;
  html: string | undefined;
  conflict?: EditConflict;
  merge?: EditConflict;
  /** The save found the widget deleted: the screen holds what was typed. */
  gone?: true;
  /** Without versions: the fields someone else saved meanwhile that this save also changed. */
  savedMeanwhile?: SavedMeanwhile[];
};

/** The save confirmation of spec §8, shown for 3 seconds with JavaScript. */
export const WIDGET_SAVED_MESSAGE = "Changes saved....";

/**
 * /admin/widgets: every widget by name (the API does not page the list), those matching `?q=`
 * when there is a search, the flash left for the screen, whether Add is open. The search is
 * done here: it reads where a widget shows too, and works whatever the backend.
 */
export async function loadAdminWidgetListScreen(
  context: Context,
  { request, url }: { request: Request; url: URL },
) {
  const api = context.get(apiClientContext);
  const search = requestedSearch(url);
  const [list, { flash, headers }, keptAdd] = await Promise.all([
    unusableAsUnavailable(
      "The list /api/widgets",
      api.read("/api/widgets", pagedSchema(AdminWidgetSchema)),
    ),
    takeFlash(context, request),
    takeKeptAdd(context, request, url),
  ]);
  const widgets = (list?.results ?? []).filter((widget) => widgetMatches(widget, search));
  return data(
    {
      widgets,
      search,
      flash,
      adding: url.searchParams.has("add"),
      keptAdd,
      unavailable: list === null,
    },
    { headers },
  );
}

/**
 * The page the edit screen was opened from (`?returnTo=/about`, the pencil on a public page):
 * "Go Back" and a successful save lead there. Only a path on this site; null without one.
 */
export function widgetReturnTo(url: URL): string | null {
  const value = url.searchParams.get("returnTo");
  return value ? safeRedirectPath(value, "") || null : null;
}

/** The Add Widget modal's post: a TEXT widget (spec §4), then its edit screen. */
export async function adminWidgetListAction(context: Context, request: Request) {
  const formData = await request.formData();
  if (formData.get(INTENT_FIELD) !== "create") throw data("Unknown action.", { status: 400 });
  const submission = parseWithZod(formData, { schema: CreateWidgetSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const api = context.get(apiClientContext);
  const created = await api.post("/api/widgets", submission.value, {
    schema: AdminWidgetSchema,
  });
  if (!created.ok) {
    console.error("Adding a widget failed:", created.status, messageOf(created.body));
    return { result: replyWithWidgetFailure(submission, created) };
  }
  return redirect(`/admin/widgets/${created.body.id}`);
}

/**
 * /admin/widgets/{id}: the widget, the admin's draft of it, the flash left for it, whether it may
 * be deleted (our API's extension, for a widget no page shows), the delete step and the page to
 * return to; a malformed or unknown id is 404.
 */
export async function loadAdminWidgetScreen(
  context: Context,
  { request, url, id }: { request: Request; url: URL; id: string },
) {
  // Checked before any call starts: a throw among them would leave the others' failures unhandled.
  const widgetId = requireRecordId(id);
  const gone = context.get(goneWhileEditingContext);
  if (gone) {
    return {
      widget: gone,
      draft: null,
      flash: null,
      deletable: false,
      confirmingDelete: false,
      returnTo: widgetReturnTo(url),
    };
  }
  const [widget, { flash, headers }, draft] = await Promise.all([
    loadAdminWidget(context, id),
    takeFlash(context, request),
    loadDraft(context, "widgets", widgetId, { request, url }),
  ]);
  const deletable = context.get(siteSettingsContext).editable && widget.deletable;
  const confirmingDelete = deletable && url.searchParams.get("confirm") === "delete";
  return data(
    {
      widget: withDraftVersion(widget, draft),
      draft,
      flash,
      deletable,
      confirmingDelete,
      returnTo: widgetReturnTo(url),
    },
    { headers },
  );
}

/** The widget a save found deleted, as typed (set by `saveWidget` for the loaders after it). */
const goneWhileEditingContext = createContext<AdminWidget | null>(null);

async function loadAdminWidget(context: Context, id: string): Promise<AdminWidget> {
  requireRecordId(id);
  return unusableAsBadGateway(
    context.get(apiClientContext).read(`/api/widgets/${id}`, AdminWidgetSchema),
  );
}

/**
 * The edit screen's save: POST /api/widgets/{id} as multipart of every field on the form, the
 * picture as `file` only when one was chosen. Success stays on the screen with the confirmation,
 * or goes back to the page the screen was opened from, which shows the change; a failure returns
 * what was typed, the HTML included, so nothing is lost.
 */
export async function adminWidgetAction(context: Context, id: string, request: Request) {
  const widgetId = requireRecordId(id);
  const formData = await request.formData();
  const returnTo = widgetReturnTo(new URL(request.url));
  switch (formData.get(INTENT_FIELD)) {
    case "delete":
      return deleteWidget(context, id);
    case "save":
      return saveWidget(context, id, formData, returnTo, fileTooLarge(request, "file"));
    case "merge": {
      const merge = mergeOf(formData, WIDGET_FORM_FIELDS);
      return { result: null, html: merge.mine.html, merge };
    }
    case "take-theirs":
      return takeTheirs(
        context,
        {
          subject: "widgets",
          id: widgetId,
          fields: WIDGET_FORM_FIELDS,
          editPath: widgetScreenPath(id, returnTo),
        },
        formData,
      );
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/** `pictureTooLarge`: the web host dropped the chosen picture (over the limit); the API is not called. */
async function saveWidget(
  context: Context,
  id: string,
  formData: FormData,
  returnTo: string | null,
  pictureTooLarge = false,
): Promise<WidgetSaveData | ReturnType<typeof data<WidgetSaveData>> | Response> {
  const api = context.get(apiClientContext);
  // Without versions (a Laravel backend), what someone else saved meanwhile is merged in, and a
  // field both changed stops the save (record 057).
  if (formData.has(LOADED_VALUES_FIELD)) {
    const now = await api.get(`/api/widgets/${id}`, { schema: AdminWidgetSchema });
    if (now.ok) {
      const current = widgetFormValues(now.body);
      const { merged, conflicts } = mergeChangedMeanwhile(formData, current);
      formData = merged;
      if (conflicts.length > 0) {
        const submission = parseWithZod(formData, { schema: WidgetFormSchema });
        const shown = { ...current, type: WIDGET_TYPE_LABELS[now.body.type] };
        const answer = changedMeanwhileAnswer(submission, conflicts, shown, WIDGET_FIELD_LABELS);
        return data<WidgetSaveData>(
          { ...answer, html: String(formData.get("html") ?? "") },
          { status: 409 },
        );
      }
    }
  }
  const submission = parseWithZod(formData, { schema: WidgetFormSchema });
  const posted = (field: string) => (formData.has(field) ? String(formData.get(field)) : undefined);
  const html = posted("html");
  if (submission.status !== "success") return { result: submission.reply(), html };
  if (pictureTooLarge)
    return { result: submission.reply({ fieldErrors: { file: [IMAGE_TOO_LARGE] } }), html };
  const values = submission.value;

  const body = new FormData();
  body.append("name", values.name);
  body.append("type", values.type);
  // As posted (an emptied alt text is ""); a field the form did not carry is left out, and the
  // API keeps its value.
  const alt = posted("alt");
  if (html !== undefined) body.append("html", html);
  if (alt !== undefined) body.append("alt", alt);
  const file = formData.get("file");
  const pictureChosen = file instanceof File && file.size > 0;
  if (pictureChosen) body.append("file", file, file.name);
  const version = posted("version");
  if (version) body.append("version", version);

  const saved = await api.post(`/api/widgets/${id}`, body);
  if (saved.status === 404) {
    // Deleted meanwhile (a stale tab): the loaders after this draw the screen from what was typed.
    context.set(goneWhileEditingContext, {
      id: Number(id),
      name: values.name,
      type: values.type,
      html: html ?? "",
      image_url: null,
      alt: alt ?? null,
      version: postedVersionOf(formData),
      location: null,
      renamable: true,
      deletable: false,
    });
    const result = submission.reply({ formErrors: [goneWhileEditingMessage(context)] });
    return data<WidgetSaveData>({ result, html, gone: true }, { status: 404 });
  }
  if (!saved.ok) {
    const conflict = conflictOf(
      saved.status,
      saved.body,
      typedValues(formData, WIDGET_FORM_FIELDS),
      {
        loadedVersion: loadedVersionOf(formData),
        pictureChosen,
      },
    );
    if (!conflict) return { result: replyWithWidgetFailure(submission, saved), html };
    if (!holdsWhatWasTyped(conflict)) return { result: null, html, conflict };
  }
  // The public pages show no flash: the page itself, changed, is the confirmation there.
  if (returnTo) return redirect(returnTo);
  return redirectWithFlash(context, `/admin/widgets/${id}`, {
    kind: "success",
    message: WIDGET_SAVED_MESSAGE,
  });
}

/** Delete Item: to the trash, then the list with Undo; a page's widget is refused (422). */
async function deleteWidget(context: Context, id: string) {
  const widget = await loadAdminWidget(context, id);
  const api = context.get(apiClientContext);
  const deleted = await api.delete(`/api/widgets/${widget.id}`);
  if (deleted.status === 422)
    return redirectWithFlash(context, `${LIST_PATH}/${widget.id}`, {
      kind: "error",
      message: messageOf(deleted.body) ?? "This widget cannot be deleted.",
    });
  if (deleted.status !== 404) assertOk(deleted, `Deleting widget ${widget.id}`);
  return redirectWithFlash(
    context,
    LIST_PATH,
    flashAfterDelete(deleted, `“${widget.name}” was deleted.`),
  );
}

/**
 * A widget's errors, one plain string under each field (spec §5): name, type, file, alt. The
 * API answers Laravel's `errors` map or a bare `{field: "message"}` body; a picture refused as
 * `image`, or too large (413), shows under the file input.
 */
function replyWithWidgetFailure(submission: Submission<unknown>, result: ApiResult) {
  return replyWithApiFailure(submission, result, {
    firstErrorOnly: true,
    fields: ["name", "type", "html", "file", "alt"],
    fieldNames: { image: "file" },
  });
}
