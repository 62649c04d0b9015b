import { INTENT_FIELD } from "./form-intent.ts";

/** The items with autosaved drafts, by their API and admin URL segment (record 030). */
export const DRAFT_SUBJECTS = [
  "projects",
  "blog",
  "opportunities",
  "widgets",
  "testimonials",
  "settings",
] as const;

export type DraftSubject = (typeof DRAFT_SUBJECTS)[number];

/** The form fields that are not the item's text: how the form is sent, not what it holds. */
const NOT_DRAFTED_FIELDS = new Set([INTENT_FIELD, "version", "redirectTo"]);

/**
 * An edit form's text as a draft keeps it: its fields but how the form is sent, and the version
 * of the item it was loaded at (null when it carries none).
 */
export function draftedFormOf(formData: FormData): {
  version: number | null;
  values: Record<string, string>;
} {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && !NOT_DRAFTED_FIELDS.has(name)) values[name] = value;
  }
  // 0 is the version of an item never saved since it was added.
  const posted = formData.get("version");
  const version = typeof posted === "string" && posted.trim() !== "" ? Number(posted) : Number.NaN;
  return { version: Number.isSafeInteger(version) && version >= 0 ? version : null, values };
}

/** What an edit screen knows of the admin's draft: when it was saved, and its values once restored. */
export type DraftBanner = {
  savedAt: string;
  /** The time as the server's clock reads it, shown until the browser puts its own. */
  savedAtText: string;
  restored: { version: number | null; values: Record<string, string> } | null;
  /** The values are what a Save sent after the session ended, kept over Log In (record 050). */
  keptAtSignOut?: KeptAtSignOut;
};

/** What a Save sent after the session ended, kept over Log In (record 050), as its screen shows it. */
export type KeptAtSignOut = {
  values: Record<string, string>;
  /** A picture had been chosen, or a password typed: neither is kept. */
  pictureLost: boolean;
  passwordLost: boolean;
  /** Kept because the API did not answer the post (record 061), not because the session ended. */
  unanswered?: boolean;
};

/**
 * Why an autosave kept no draft: the item was deleted meanwhile, the session ended, or the API
 * did not take it.
 */
export type AutosaveFailure = "gone" | "signedOut" | "unavailable";

/** What the screen says by its Save button when an autosave kept no draft. */
export const AUTOSAVE_FAILED: Record<AutosaveFailure, string> = {
  gone: "Someone moved this item to the trash, so no draft was saved. Your changes are still here: restore the item from the trash, then save.",
  signedOut:
    "You were signed out, so no draft was saved. Everything you typed is still here: log in again in a new tab.",
  unavailable:
    "The draft could not be saved. Your changes are still on this page, and autosave tries again as you type.",
};

/** Above an edit form that starts from what a Save sent after the session ended (record 050). */
const KEPT_AT_SIGN_OUT =
  "This is what you typed before you were signed out. It is not saved yet: check it, then press Save.";
/** Above an edit form that starts from what a Save sent while the site did not answer (record 061). */
const KEPT_UNANSWERED =
  "This is what you typed when the site could not save it. It is not saved yet: check it, then press Save.";
/** Above an Add modal's form that starts from what its Add sent after the session ended. */
const keptAddText = (button: string, unanswered = false) =>
  unanswered
    ? `This is what you typed when the site could not add it. It is not added yet: check it, then press ${button}.`
    : `This is what you typed before you were signed out. It is not added yet: check it, then press ${button}.`;
/** What the notice above a form kept for its screen says; `addButton` for an Add modal's. */
export function keptNoticeText(kept: KeptAtSignOut, addButton?: string): string {
  if (addButton) return keptAddText(addButton, kept.unanswered);
  return kept.unanswered ? KEPT_UNANSWERED : KEPT_AT_SIGN_OUT;
}
/** After it, when a picture had been chosen too: the browser cannot be given a file back. */
export const KEPT_PICTURE_LOST = "The picture you chose could not be kept: choose it again.";
/** After it, when a password had been typed too: a password is never kept. */
export const KEPT_PASSWORD_LOST = "The password you typed was not kept: type it again.";

/** Where the browser's autosave posts. */
export const draftPath = (subject: DraftSubject, id: number | string) =>
  `/admin/drafts/${subject}/${id}`;

/** A time of day as staff read it: 24-hour, hours and minutes, in the viewer's zone. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The item as its edit screen shows it: from a restored draft, at the draft's version, so a save
 * of a stale draft meets the edit-conflict screen instead of overwriting a newer save.
 */
export function withDraftVersion<T extends object>(item: T, draft: DraftBanner | null): T {
  if (!draft?.restored || !("version" in item)) return item;
  return { ...item, version: draft.restored.version };
}

/** A key that remounts an edit form when a draft is restored into it. */
export const draftFormKey = (id: number | string, draft: DraftBanner | null | undefined) =>
  draft?.restored ? `${id}-draft` : String(id);
