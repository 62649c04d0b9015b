import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Form, type Blocker } from "react-router";
import {
  AUTOSAVE_FAILED,
  clockTime,
  draftPath,
  type DraftBanner,
  KEPT_PASSWORD_LOST,
  KEPT_PICTURE_LOST,
  keptNoticeText,
  type DraftSubject,
  type KeptAtSignOut,
} from "../../lib/drafts.ts";
import { INTENT_FIELD } from "../../lib/forms.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useAutosave } from "../../lib/use-autosave.ts";
import { buttonClass, LogInLink } from "../form-fields.tsx";

/**
 * Inside an edit form, by its Save button: autosaves the form as the admin's draft and says so
 * quietly, and asks before a link leaves unsaved changes. Renders nothing without JavaScript or
 * against a backend without drafts.
 */
export function Autosave({
  formId,
  subject,
  id,
  draft,
}: {
  formId: string;
  subject: DraftSubject;
  id: number | string;
  draft: DraftBanner | null | undefined;
}) {
  const enabled = useRootData()?.settings.editable ?? false;
  const hydrated = useHydrated();
  const { savedAt, failed, blocker } = useAutosave({
    formId,
    action: draftPath(subject, id),
    enabled,
    startsDirty: Boolean(draft?.restored),
  });
  const time = savedAt ? clockTime(savedAt) : "";
  if (!enabled || !hydrated) return null;
  return (
    <>
      <p
        role="status"
        aria-live="polite"
        className={`min-h-6 text-sm ${failed ? "font-medium text-red-800" : "text-muted"}`}
      >
        {failed ? AUTOSAVE_FAILED[failed] : time ? `Saved a draft at ${time}` : ""}
        <LogInLink shown={failed === "signedOut"} />
      </p>
      {blocker.state === "blocked" ? <LeaveDialog blocker={blocker} /> : null}
    </>
  );
}

/** "You have unsaved changes. Leave this page?" — Stay keeps the screen, Leave goes on. */
function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
    stay.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="leave-title"
      onCancel={(event) => {
        event.preventDefault();
        blocker.reset?.();
      }}
      className="fixed inset-0 z-50 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink shadow-2xl ring-1 ring-brand-100 backdrop:bg-ink/50"
    >
      <p id="leave-title" className="text-lg font-semibold">
        You have unsaved changes. Leave this page?
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          ref={stay}
          type="button"
          className={buttonClass("light")}
          onClick={() => blocker.reset?.()}
        >
          Stay
        </button>
        <button type="button" className={buttonClass("danger")} onClick={() => blocker.proceed?.()}>
          Leave
        </button>
      </div>
    </dialog>
  );
}

/**
 * Above an edit form that starts from what a Save sent after the session ended, without
 * JavaScript (record 050): it is not saved yet, and a picture or a password must be given again.
 * Above an Add modal's form, `addButton` names the button that adds it.
 */
export function KeptAtSignOutNotice({
  kept,
  addButton,
  className = "mt-6 max-w-3xl",
}: {
  kept: KeptAtSignOut | null | undefined;
  addButton?: string;
  className?: string;
}) {
  if (!kept) return null;
  return (
    <p
      role="status"
      className={`${className} rounded-xl bg-amber-50 p-4 text-ink ring-1 ring-amber-200`}
    >
      {keptNoticeText(kept, addButton)}
      {kept.pictureLost ? ` ${KEPT_PICTURE_LOST}` : null}
      {kept.passwordLost ? ` ${KEPT_PASSWORD_LOST}` : null}
    </p>
  );
}

/**
 * "You have unsaved changes from 14:02." above an edit form whose admin has a draft of it:
 * Restore reloads the screen from the draft (a GET, so it works without JavaScript), Discard
 * deletes it. Hidden once the draft is restored. `here` may carry a query (a modal's `?edit=3`),
 * which Restore keeps. After a Save that met an ended session without JavaScript, it says instead
 * that the form holds what was typed then (record 050).
 */
export function DraftNotice({
  draft,
  subject,
  id,
  here,
  className = "mt-6 max-w-3xl",
}: {
  draft: DraftBanner | null | undefined;
  subject: DraftSubject;
  id: number | string;
  here: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  if (draft?.keptAtSignOut) {
    return <KeptAtSignOutNotice kept={draft.keptAtSignOut} className={className} />;
  }
  if (!draft || draft.restored) return null;
  // The server's clock first, so the page hydrates as it was rendered; then the viewer's.
  const time = hydrated ? clockTime(draft.savedAt) : draft.savedAtText;
  // A GET form replaces its action's query with its fields: the query goes in as fields.
  const [path, query = ""] = here.split("?", 2);
  return (
    <section
      aria-label="Unsaved changes"
      className={`${className} flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200`}
    >
      <p className="basis-full">You have unsaved changes from {time}.</p>
      <Form method="get" action={path} className="contents">
        {[...new URLSearchParams(query)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="draft" value="restore" className={buttonClass("primary")}>
          Restore unsaved changes from {time}
        </button>
      </Form>
      <Form method="post" action={draftPath(subject, id)} className="contents">
        <input type="hidden" name={INTENT_FIELD} value="discard" />
        <input type="hidden" name="redirectTo" value={here} />
        <button type="submit" className={buttonClass("light")}>
          Discard
        </button>
      </Form>
    </section>
  );
}
