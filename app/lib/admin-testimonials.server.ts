import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, type RouterContextProvider } from "react-router";
import {
  TESTIMONIAL_FIELD_LABELS,
  TESTIMONIAL_FORM_FIELDS,
  TESTIMONIAL_PAGE_SIZE,
  TestimonialFormSchema,
  testimonialFormValues,
  testimonialsLocation,
} from "./admin-testimonials.ts";
import {
  LOADED_VALUES_FIELD,
  mergeChangedMeanwhile,
  changedMeanwhileAnswer,
} from "./changed-meanwhile.ts";
import { assertOk, unusableAsBadGateway } from "./api.server.ts";
import { TestimonialSchema, type Testimonial } from "./api-types.ts";
import { readAdminListPage, requestedPage, requestedSearch } from "./admin-lists.server.ts";
import { requireRecordId } from "./guards.server.ts";
import { flashAfterDelete } from "./admin-trash.server.ts";
import { loadDraft } from "./drafts.server.ts";
import { withDraftVersion } from "./drafts.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { replyWithApiFailure } from "./forms.server.ts";
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
import { takeKeptAdd } from "./kept-forms.server.ts";
import { apiClientContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const FIELDS = TESTIMONIAL_FORM_FIELDS;

/**
 * /admin/testimonials: one page of the table, the testimonial `?edit=` opens (an id that is not
 * a whole number, or not there, is the 404 page) and the admin's draft of it, whether the Add modal or the delete
 * confirmation is open, and the flash left for the list. A page past the last is the last.
 */
export async function loadAdminTestimonialsScreen(
  context: Context,
  { request, url }: { request: Request; url: URL },
) {
  const edit = url.searchParams.get("edit");
  // Checked before any call starts: a throw among them would leave the others' failures unhandled.
  const editId = edit === null ? null : requireRecordId(edit);
  const gone = context.get(goneWhileEditingContext);
  const [list, editing, { flash, headers }, draft, keptAdd] = await Promise.all([
    loadTestimonialPage(context, url),
    gone ?? (editId === null ? null : loadTestimonial(context, String(editId))),
    gone ? { flash: null, headers: undefined } : takeFlash(context, request),
    gone || editId === null ? null : loadDraft(context, "testimonials", editId, { request, url }),
    editId === null ? takeKeptAdd(context, request, url) : null,
  ]);
  return data(
    {
      ...list,
      editing: editing && withDraftVersion(editing, draft),
      draft,
      adding: !editing && url.searchParams.has("add"),
      keptAdd,
      confirmingDelete: editing !== null && url.searchParams.get("confirm") === "delete",
      flash,
    },
    { headers },
  );
}

async function loadTestimonialPage(context: Context, url: URL) {
  const list = await readAdminListPage(context, "/api/testimonials", TestimonialSchema, {
    page: requestedPage(url),
    limit: TESTIMONIAL_PAGE_SIZE,
    listPath: "/admin/testimonials",
    search: requestedSearch(url),
  });
  return {
    testimonials: list.results,
    page: list.page,
    pageCount: list.pageCount,
    search: list.search,
    unavailable: list.unavailable,
  };
}

/**
 * The testimonial a save found deleted (a stale tab), as typed: the loaders after the action
 * draw the Edit modal from it instead of answering the 404 page, so the review is not lost.
 */
const goneWhileEditingContext = createContext<Testimonial | null>(null);

async function loadTestimonial(context: Context, id: string): Promise<Testimonial> {
  requireRecordId(id);
  const api = context.get(apiClientContext);
  return unusableAsBadGateway(api.read(`/api/testimonials/${id}`, TestimonialSchema));
}

/**
 * The modals' posts: add (from `?add=1`), save and delete (from `?edit={id}`). Success goes back
 * to the list with the spec's confirmation; a failed save returns what was typed, the review
 * included, so nothing is lost.
 */
export async function adminTestimonialsAction(
  context: Context,
  { request, url }: { request: Request; url: URL },
) {
  const api = context.get(apiClientContext);
  const place = { page: requestedPage(url), search: requestedSearch(url) };
  const formData = await request.formData();
  const intent = formData.get(INTENT_FIELD);

  switch (intent) {
    case "create":
    case "save": {
      const editingId = intent === "save" ? editedId(url) : null;
      // Without versions (a Laravel backend), what someone else saved meanwhile is merged in,
      // and a field both changed stops the save (record 057).
      let posted = formData;
      let conflicts: string[] = [];
      let current: Record<string, string> = {};
      if (editingId && formData.has(LOADED_VALUES_FIELD)) {
        const now = await api.get(`/api/testimonials/${editingId}`, { schema: TestimonialSchema });
        if (now.ok) {
          current = testimonialFormValues(now.body);
          ({ merged: posted, conflicts } = mergeChangedMeanwhile(formData, current));
        }
      }
      const submission = parseWithZod(posted, { schema: TestimonialFormSchema });
      const review = String(posted.get("review") ?? "");
      if (submission.status !== "success") return { result: submission.reply(), review };
      if (conflicts.length > 0) {
        const answer = changedMeanwhileAnswer(
          submission,
          conflicts,
          current,
          TESTIMONIAL_FIELD_LABELS,
        );
        return data({ ...answer, review }, { status: 409 });
      }
      const version = formData.get("version") || undefined;
      const body = { name: submission.value.name, score: submission.value.score, review, version };
      // No lookup first: the API answers 404 for a testimonial that is not there.
      const result = await api.post(`/api/testimonials${editingId ? `/${editingId}` : ""}`, body);
      if (!result.ok && result.status === 404 && editingId) {
        context.set(goneWhileEditingContext, {
          id: Number(editingId),
          ...submission.value,
          review,
          version: postedVersionOf(formData),
        });
        const message = goneWhileEditingMessage(context);
        return data(
          { result: submission.reply({ formErrors: [message] }), review, gone: true as const },
          { status: 404 },
        );
      }
      if (!result.ok) {
        const conflict = conflictOf(result.status, result.body, typedValues(formData, FIELDS), {
          loadedVersion: loadedVersionOf(formData),
          pictureChosen: false,
        });
        if (!conflict) {
          return {
            result: replyWithApiFailure(submission, result, { firstErrorOnly: true }),
            review,
          };
        }
        if (!holdsWhatWasTyped(conflict)) return { result: null, review, conflict };
      }
      return editingId
        ? redirectWithFlash(context, testimonialsLocation(place), {
            kind: "success",
            message: "Testimonial Changes Saved",
          })
        : redirectWithFlash(context, testimonialsLocation({ page: 1 }), {
            kind: "success",
            message: "Testimonial Added Successfully",
          });
    }
    case "merge": {
      const merge = mergeOf(formData, FIELDS);
      return { result: null, review: merge.mine.review ?? "", merge };
    }
    case "take-theirs": {
      const id = requireRecordId(editedId(url));
      const editPath = testimonialsLocation(place, { edit: id });
      return takeTheirs(
        context,
        { subject: "testimonials", id, fields: FIELDS, editPath },
        formData,
      );
    }
    case "delete": {
      const editing = await loadTestimonial(context, editedId(url));
      const result = await api.delete(`/api/testimonials/${editing.id}`);
      if (!result.ok && result.status !== 404) assertOk(result, "Deleting a testimonial");
      return redirectWithFlash(
        context,
        testimonialsLocation(place),
        flashAfterDelete(result, `“${editing.name}” was deleted.`),
      );
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/** The id in the edit modal's URL (`?edit={id}`). */
function editedId(url: URL): string {
  const id = url.searchParams.get("edit") ?? "";
  requireRecordId(id);
  return id;
}
