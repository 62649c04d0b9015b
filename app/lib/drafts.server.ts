import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { flashAfterDelete } from "./admin-trash.server.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { safeRedirectPath } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import {
  type AutosaveFailure,
  clockTime,
  DRAFT_SUBJECTS,
  type DraftBanner,
  type DraftSubject,
  draftedFormOf,
} from "./drafts.ts";
import { keptAtSignOutOf, takeKeptForm } from "./kept-forms.server.ts";
import { apiClientContext, siteSettingsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const DraftSchema = z.object({
  version: z.number().nullable(),
  data: z.record(z.string(), z.string()),
  saved_at: z.string(),
});

/**
 * The signed-in admin's autosaved draft of an item (record 030), for the edit screen's banner;
 * with `?draft=restore` its values too, which the form then starts from. Null when there is none,
 * and always against a backend without our extensions (Laravel), which is never asked.
 */
export async function loadDraft(
  context: Context,
  subject: DraftSubject,
  id: number | string,
  { request, url }: { request: Request; url: URL },
): Promise<DraftBanner | null> {
  const kept = await takeKeptForm(context, request, url);
  if (kept) {
    // Taken once, it is offered again by a reload before Save; a Save removes it.
    if (context.get(siteSettingsContext).editable) {
      await keepAsDraft(context, subject, id, kept.version, kept.values);
    }
    const savedAt = new Date().toISOString();
    const restored = { version: kept.version, values: kept.values };
    const keptAtSignOut = keptAtSignOutOf(kept);
    return { savedAt, savedAtText: clockTime(savedAt), restored, keptAtSignOut };
  }
  if (!context.get(siteSettingsContext).editable) return null;
  const api = context.get(apiClientContext);
  const result = await api.get(`/api/drafts/${subject}/${id}`, { schema: DraftSchema });
  if (!result.ok) return null;
  const restoring = url.searchParams.get("draft") === "restore";
  return {
    savedAt: result.body.saved_at,
    savedAtText: clockTime(result.body.saved_at),
    restored: restoring ? { version: result.body.version, values: result.body.data } : null,
  };
}

/**
 * Keeps what was typed as the admin's draft (record 030): "Take theirs" on the edit-conflict
 * screen, and a form kept over Log In, so that a reload offers it again. An API without drafts
 * answers 404, and the typing is then only lost if the admin leaves the page.
 */
export async function keepAsDraft(
  context: Context,
  subject: DraftSubject,
  id: number | string,
  version: number | null,
  values: Record<string, string>,
): Promise<void> {
  const api = context.get(apiClientContext);
  const result = await api.put(`/api/drafts/${subject}/${id}`, { version, data: values });
  if (!result.ok && result.status !== 404)
    console.error(`Keeping a draft of ${subject}/${id} failed:`, result.status);
}

export const DRAFT_DISCARDED = "Your unsaved changes were discarded.";

/**
 * POST /admin/drafts/{subject}/{id}: the editor's autosave (a fetcher; answers `{saved_at}`), or
 * `intent=discard` (the banner's Discard: back to the edit screen); DELETE discards too.
 */
export async function draftAction(
  context: Context,
  request: Request,
  params: { subject: string; id: string },
) {
  const subject = params.subject as DraftSubject;
  if (!DRAFT_SUBJECTS.includes(subject) || !/^\d{1,10}$/.test(params.id)) {
    throw data({ message: "Not Found." }, { status: 404 });
  }
  if (!context.get(siteSettingsContext).editable) {
    throw data({ message: "Not Found." }, { status: 404 });
  }
  const api = context.get(apiClientContext);
  const path = `/api/drafts/${subject}/${params.id}`;
  const formData = request.method === "DELETE" ? null : await request.formData();

  if (!formData || formData.get(INTENT_FIELD) === "discard") {
    const result = await api.delete(path);
    if (!result.ok && result.status !== 404)
      console.error(`Discarding ${path} failed:`, result.status);
    const back = formData?.get("redirectTo");
    if (!back) return data({ ok: true });
    // The discarded draft waits in the trash: the screen offers Undo (record 056).
    const flash = flashAfterDelete(result, "", DRAFT_DISCARDED);
    const to = safeRedirectPath(back, "/admin");
    return flash.undo ? redirectWithFlash(context, to, flash) : redirect(to);
  }

  const { version, values } = draftedFormOf(formData);
  const result = await api.put(path, { version, data: values });
  if (!result.ok) {
    console.error(`Autosaving ${path} failed:`, result.status);
    const failed: AutosaveFailure = result.status === 404 ? "gone" : "unavailable";
    return data({ saved_at: null, failed }, { status: result.status === 404 ? 404 : 422 });
  }
  const body = result.body as { saved_at?: unknown };
  return data({ saved_at: typeof body.saved_at === "string" ? body.saved_at : null });
}
