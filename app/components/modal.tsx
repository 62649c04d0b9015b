import { useEffect, useId, useRef, type ReactNode } from "react";
import { Form, Link, useActionData, useLocation, useNavigate } from "react-router";
import { useRootData } from "../lib/root-data.ts";
import { asksToLogIn, unansweredMessageOf } from "../lib/unanswered-posts.ts";
import { IntentField, LogInLink, SubmitButton } from "./form-fields.tsx";

/**
 * The addresses of a dialog that lives in the URL: `openTo` adds its parameters to the address
 * as it is now, `closeTo` is that address without them. A list's page, search and filter stay
 * behind the dialog, and are there again when it closes.
 */
export function useDialogAddress(parameters: readonly string[]): {
  openTo(values: Record<string, string>): string;
  closeTo: string;
} {
  const { pathname, search } = useLocation();
  const behind = new URLSearchParams(search);
  for (const name of parameters) behind.delete(name);
  const at = (query: URLSearchParams) => (query.size > 0 ? `${pathname}?${query}` : pathname);
  return {
    openTo(values) {
      const opened = new URLSearchParams(behind);
      for (const [name, value] of Object.entries(values)) opened.set(name, value);
      return at(opened);
    },
    closeTo: at(behind),
  };
}

/**
 * A dialog that lives in the URL (`?add=1`, `?confirm=delete`): the server renders it open,
 * so it works without JavaScript; with JavaScript it becomes a real modal (the page behind is
 * inert, Escape closes it) and closing navigates to `closeTo`.
 */
export function Modal({
  title,
  closeTo,
  children,
  role = "dialog",
  description,
  wide = false,
}: {
  title: string;
  closeTo: string;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  description?: ReactNode;
  /**
   * Room for a rich-text editor: 48rem instead of 32rem, and at most the viewport's height,
   * scrolling inside (without JavaScript the dialog is not modal and would not scroll itself).
   */
  wide?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.matches(":modal")) return;
    // Someone typing in a field before the page came alive goes on typing there.
    const typingIn =
      document.activeElement instanceof HTMLElement && element.contains(document.activeElement)
        ? document.activeElement
        : null;
    // Rendered open by the server; reopen as a modal so the page behind cannot be reached.
    element.close();
    element.showModal();
    // The first field, else the first button: where the person acts next (not the × in the corner).
    const first =
      typingIn ??
      element.querySelector<HTMLElement>("[data-autofocus]") ??
      element.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select") ??
      element.querySelector<HTMLElement>("form button, form a");
    first?.focus();
  }, []);

  return (
    <dialog
      ref={dialog}
      open
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        void navigate(closeTo, { preventScrollReset: true });
      }}
      // The height limit and scrolling also hold without JavaScript (a modal dialog has them already).
      className={`fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-ink shadow-2xl ring-1 ring-brand-100 backdrop:bg-ink/50 ${wide ? "w-[min(48rem,calc(100vw-2rem))]" : "w-[min(32rem,calc(100vw-2rem))]"}`}
    >
      {/* Without JavaScript the dialog is not modal: this veil keeps the page behind out of reach. */}
      <div aria-hidden="true" className="fixed inset-0 -z-10 bg-ink/50 [dialog:modal_&]:hidden" />
      <div className="relative bg-white p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-2xl font-semibold">
            {title}
          </h2>
          <Link
            to={closeTo}
            preventScrollReset
            aria-label="Close"
            className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-full text-2xl text-muted no-underline hover:bg-brand-50 hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        {description ? (
          <p id={descriptionId} className="mt-2 text-muted">
            {description}
          </p>
        ) : null}
        <div className="mt-6">{children}</div>
      </div>
    </dialog>
  );
}

/**
 * A modal form's buttons, kept in view at the bottom of the dialog while a long form (a rich-text
 * editor) scrolls behind them. The dialog is the scroller with JavaScript and without, so the
 * row sticks either way.
 */
export function ModalActions({ children }: { children: ReactNode }) {
  return (
    <div
      data-modal-actions=""
      className="sticky bottom-0 z-10 -mx-6 flex flex-wrap-reverse items-center justify-between gap-3 border-t border-brand-100 bg-white px-6 py-4 sm:-mx-8 sm:px-8"
    >
      {children}
    </div>
  );
}

/**
 * The delete confirmation of spec §4: "Please Confirm?" with Cancel and Confirm; Confirm posts
 * the intent `delete` to `action`. Beside the spec's question it names what goes (`subject`: the
 * blog post “Spring fair”) and what goes with it (`consequence`: "Its 4 photos go with it.").
 * What goes to the trash can be undone; without our API's extensions (a Laravel backend), it says
 * that deleting cannot be undone.
 */
export function ConfirmDialog({
  cancelTo,
  action,
  subject,
  consequence,
  pronoun = "it",
}: {
  cancelTo: string;
  action: string;
  subject?: string;
  consequence?: string;
  /** What the Trash gives back: "it", or "them" for a person. */
  pronoun?: "it" | "them";
}) {
  const extensions = useRootData()?.settings.editable ?? false;
  const sentences = [
    "Are you sure you want to do this?",
    subject ? `This deletes ${subject}.` : null,
    consequence ?? null,
    extensions ? `You can restore ${pronoun} from the Trash.` : "Deleting cannot be undone.",
  ];
  return (
    <Modal
      title="Please Confirm?"
      closeTo={cancelTo}
      role="alertdialog"
      description={sentences.filter(Boolean).join(" ")}
    >
      <NotDoneMessage />
      <div className="flex flex-wrap justify-end gap-3">
        {/* Focus starts on the harmless choice. */}
        <Link to={cancelTo} preventScrollReset data-autofocus className="button-light">
          Cancel
        </Link>
        <Form method="post" action={action}>
          <IntentField value="delete" />
          <SubmitButton intent="delete" pendingText="Deleting…" variant="danger">
            Confirm
          </SubmitButton>
        </Form>
      </div>
    </Modal>
  );
}

/**
 * A confirmation's Confirm the site did not answer (lib/unanswered-posts.ts): said in the dialog,
 * where it was pressed, not on the screen behind it.
 */
export function NotDoneMessage() {
  const notDone = unansweredMessageOf(useActionData());
  if (!notDone) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
    >
      {notDone}
      <LogInLink shown={asksToLogIn(notDone)} />
    </p>
  );
}
