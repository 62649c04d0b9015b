import { data, type RouterContextProvider } from "react-router";
import { messageOf } from "./api.server.ts";
import { redirectWithFlash } from "./flash.server.ts";
import { requireRecordId, requireSiteExtensions } from "./guards.server.ts";
import {
  ConflictSchema,
  flattenSnapshot,
  HISTORY_SUBJECTS,
  RevisionPageSchema,
  type EditConflict,
  type HistorySubject,
} from "./history.ts";
import { keepAsDraft } from "./drafts.server.ts";
import { apiClientContext, siteSettingsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The subject and id of /admin/{subject}/{id}/history or /admin/settings/history. */
export function historyTarget(url: URL): { subject: HistorySubject; id: number; editPath: string } {
  const [, , segment, id] = url.pathname.split("/");
  const subject = HISTORY_SUBJECTS.find((candidate) => candidate === segment);
  if (!subject) throw data("Not Found.", { status: 404 });
  if (subject === "settings") return { subject, id: 0, editPath: "/admin/settings" };
  const recordId = requireRecordId(id ?? "");
  const editPath =
    subject === "testimonials"
      ? `/admin/testimonials?edit=${recordId}`
      : `/admin/${subject}/${recordId}`;
  return { subject, id: recordId, editPath };
}

/** The History screen: an item's versions, newest first, and the one chosen with ?version=N. */
export async function loadHistory(context: Context, url: URL) {
  requireSiteExtensions(context);
  const { subject, id, editPath } = historyTarget(url);
  const api = context.get(apiClientContext);
  const page = await api.read(`/api/revisions/${subject}/${id}`, RevisionPageSchema, {
    query: { limit: 100 },
  });
  const chosen = Number(url.searchParams.get("version"));
  const selected = page.results.find((revision) => revision.version === chosen) ?? null;
  return { subject, id, editPath, ...page, selected };
}

const SAVED_SINCE_COMPARED =
  "Someone else saved this item since you opened its history, so nothing was restored. The comparison below is now with their version: check it, then press Restore this version again.";

/** "Restore this version": a new revision with that version's data, then back to the edit screen. */
export async function restoreVersion(context: Context, url: URL, request: Request) {
  requireSiteExtensions(context);
  const { subject, id, editPath } = historyTarget(url);
  const form = await request.formData();
  const version = Number(form.get("version"));
  if (!Number.isSafeInteger(version) || version < 1)
    throw data("Unknown version.", { status: 400 });
  // The current version the screen compared with: a save since then is not undone unseen.
  const compared = postedVersionOf(form, "compared_version");
  const api = context.get(apiClientContext);
  const result = await api.post(
    `/api/revisions/${subject}/${id}/${version}/restore`,
    compared === undefined ? {} : { version: compared },
  );
  if (!result.ok) {
    if (result.status === 404) throw data("Not Found.", { status: 404 });
    if (result.status === 409) return { error: SAVED_SINCE_COMPARED };
    return { error: messageOf(result.body) ?? "The version could not be restored." };
  }
  return redirectWithFlash(context, editPath, {
    kind: "success",
    message: `Version ${version} restored`,
  });
}

/**
 * A save's 409 as the conflict screen shows it: their version beside what was typed. Undefined
 * for any other answer.
 */
export function conflictOf(
  status: number,
  body: unknown,
  mine: Record<string, string>,
  { loadedVersion, pictureChosen }: { loadedVersion: number | null; pictureChosen: boolean },
): EditConflict | undefined {
  if (status !== 409) return undefined;
  const parsed = ConflictSchema.safeParse(body);
  if (!parsed.success || !parsed.data.current) return undefined;
  const current = parsed.data.current;
  return {
    version: current.version,
    loadedVersion,
    by: current.user?.name || "Someone",
    savedAt: current.saved_at,
    theirs: flattenSnapshot(current.data),
    mine,
    pictureChosen,
  };
}

/**
 * Whether the version a 409 names already holds every field as typed: the same change was saved
 * meanwhile, most often by this very Save sent again after its first answer came too late (record
 * 061). The save has then nothing left to do, and the conflict screen nothing to show. A picture
 * chosen now is not in either version, so it cannot be compared.
 */
export function holdsWhatWasTyped(conflict: EditConflict): boolean {
  const typed = Object.entries(conflict.mine);
  if (conflict.pictureChosen || typed.length === 0) return false;
  return typed.every(([field, value]) => conflict.theirs[field] === value);
}

/** The named fields of an edit form as typed: the conflict screen's hidden fields, the draft. */
export function typedValues(formData: FormData, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = formData.get(field);
    if (typeof value === "string") values[field] = value;
  }
  return values;
}

const GONE_TO_TRASH =
  "Someone moved this item to the trash while you were editing, so your changes were not saved. They are still here: restore the item from the trash, then save again.";
const GONE_FOR_GOOD =
  "Someone deleted this item while you were editing, so your changes were not saved. They are still here: copy what you need before you leave this page.";

/**
 * What an edit screen says when its save found the item deleted (a stale tab), over the form
 * that still holds what was typed: only our API keeps a trash to restore it from.
 */
export function goneWhileEditingMessage(context: Context): string {
  return context.get(siteSettingsContext).editable ? GONE_TO_TRASH : GONE_FOR_GOOD;
}

/** The `version` (or another such field) a form was posted with, when it carried a whole number. */
export function postedVersionOf(formData: FormData, field = "version"): number | undefined {
  const version = Number(formData.get(field) || Number.NaN);
  return Number.isSafeInteger(version) ? version : undefined;
}

/** The version the form was first loaded at (kept through the conflict screen as `loaded_version`). */
export function loadedVersionOf(formData: FormData): number | null {
  const value = Number(formData.get("loaded_version") ?? formData.get("version"));
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * "Merge by hand": the conflict again from the screen's hidden fields, so the edit form can show
 * what was typed, at their version, with their values beside it (no redirect: works without
 * JavaScript).
 */
export function mergeOf(formData: FormData, fields: readonly string[]): EditConflict {
  const mine = typedValues(formData, fields);
  const theirs: Record<string, string> = {};
  for (const field of Object.keys(mine)) {
    const value = formData.get(`theirs_${field}`);
    if (typeof value === "string") theirs[field] = value;
  }
  const version = Number(formData.get("version"));
  if (!Number.isSafeInteger(version)) throw data("Unknown version.", { status: 400 });
  return {
    version,
    loadedVersion: loadedVersionOf(formData),
    by: String(formData.get("by") ?? ""),
    savedAt: String(formData.get("saved_at") ?? ""),
    theirs,
    mine,
    pictureChosen: false,
  };
}

/** "Take theirs": what was typed kept as the draft, then the edit screen at their version. */
export async function takeTheirs(
  context: Context,
  { subject, id, fields, editPath }: ConflictTarget,
  formData: FormData,
): Promise<Response> {
  await keepAsDraft(context, subject, id, loadedVersionOf(formData), typedValues(formData, fields));
  return redirectWithFlash(context, editPath, {
    kind: "success",
    message: "Their version is shown; what you typed is kept as your draft.",
  });
}

/** An edit form with a history: its API subject and id, its fields, the screen it is on. */
export type ConflictTarget = {
  subject: HistorySubject;
  id: number;
  fields: readonly string[];
  editPath: string;
};
