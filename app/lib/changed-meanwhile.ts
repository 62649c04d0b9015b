import type { Submission, SubmissionResult } from "@conform-to/react";
import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Edit screens without versions (a user, a gallery's name: our API keeps no revisions of them,
 * and a Laravel backend keeps none at all) still never save over what someone else saved after
 * the form was opened (record 053). The form carries the values it was loaded with; before the
 * save, the web tier reads the item again and merges field by field: a field only they changed
 * takes their value, a field only this form changed takes what was typed. A field both changed,
 * to different values, stops the save: their value is shown above the form, which keeps what was
 * typed, and the next Save goes through.
 */
export const LOADED_VALUES_FIELD = "loaded_values";

const CHANGED_MEANWHILE =
  "Someone else changed this since you opened it, so your changes were not saved. Their values are shown above the form, which still holds what you typed: check it, then save again.";

/**
 * A hidden field as the last refused save posted it (`version`, `loaded_values`), while the screen
 * shows that refusal: what is typed on it is still against what the form had loaded then. The
 * screen's data may have been read again since, and a colleague's save in between must still
 * stop the next Save (records 030, 053), not be taken for what the form had loaded.
 */
export function postedWithRefusal(
  refusal: SubmissionResult<string[]> | null | undefined,
  field: string,
): string | undefined {
  if (refusal?.status !== "error") return undefined;
  const posted = refusal.initialValue?.[field];
  return typeof posted === "string" && posted !== "" ? posted : undefined;
}

/** A value someone else saved meanwhile, as the screen names it. */
export type SavedMeanwhile = { label: string; value: string };

/** A photo's fields in its Edit Photo dialog, by their labels. */
export const PHOTO_FIELD_LABELS = { alt: "Alt Text", link: "Link" };

/**
 * What a save stopped by a change made meanwhile answers: the form's message over what was typed
 * (less `hideFields` and the loaded values), and the values saved now of the `conflicts` (field
 * names), by their labels.
 */
export function changedMeanwhileAnswer(
  submission: Submission<unknown>,
  conflicts: readonly string[],
  shown: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
  hideFields?: string[],
): { result: SubmissionResult<string[]>; savedMeanwhile: SavedMeanwhile[] } {
  return {
    // The next Save compares with what is saved now: the screen's data, read again after this.
    result: submission.reply({
      formErrors: [CHANGED_MEANWHILE],
      hideFields: [LOADED_VALUES_FIELD, ...(hideFields ?? [])],
    }),
    savedMeanwhile: conflicts.map((field) => ({
      label: labels[field] ?? field,
      value: shown[field] ?? "",
    })),
  };
}

/**
 * A route's `shouldRevalidate` for a save stopped by a change made meanwhile (409): the screen
 * shows the item as saved now, which the next Save compares with. React Router reloads nothing
 * after a 4xx by itself.
 */
export const revalidateAfterConflict = ({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) => actionStatus === 409 || defaultShouldRevalidate;

/** The hidden field's value: the form's fields as they were loaded. */
export function loadedValuesText(values: Record<string, string>): string {
  return JSON.stringify(values);
}

/**
 * The posted form merged with `current` (the item as saved now): each field someone else changed
 * since the form was loaded, and this form left as it was, takes their value. `conflicts` names
 * the fields both changed, to different values. A form that carries no loaded values (a client
 * that is not our form) is taken as it is, as the spec's save takes it.
 */
export function mergeChangedMeanwhile(
  formData: FormData,
  current: Record<string, string>,
): { merged: FormData; conflicts: string[] } {
  const loaded = loadedValuesOf(formData);
  const merged = new FormData();
  for (const [name, value] of formData) merged.append(name, value);
  const conflicts: string[] = [];
  for (const [field, theirs] of Object.entries(current)) {
    const was = loaded[field];
    if (typeof was !== "string" || was === theirs) continue;
    const typed = formData.get(field);
    if (typed === was) merged.set(field, theirs);
    else if (typed !== theirs) conflicts.push(field);
  }
  merged.set(LOADED_VALUES_FIELD, loadedValuesText(current));
  return { merged, conflicts };
}

function loadedValuesOf(formData: FormData): Record<string, unknown> {
  const text = formData.get(LOADED_VALUES_FIELD);
  if (typeof text !== "string") return {};
  try {
    const loaded: unknown = JSON.parse(text);
    return loaded && typeof loaded === "object" ? (loaded as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
