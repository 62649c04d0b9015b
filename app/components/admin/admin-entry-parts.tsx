import { type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { MouseEvent, ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import type { z } from "zod";
import { STATUS_LABELS } from "../../lib/admin-entries.ts";
import type { EntryStatus } from "../../lib/api-types.ts";
import type { KeptAtSignOut } from "../../lib/drafts.ts";
import { responsiveImage } from "../../lib/images.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import { FormMessage, IntentField, SubmitButton, TextField } from "../form-fields.tsx";
import { AppForm } from "../app-form.tsx";
import { Modal, useDialogAddress } from "../modal.tsx";
import { KeptAtSignOutNotice } from "./autosave.tsx";

/** "Go Back" on the left, the screen's own buttons on the right. */
export function AdminToolbar({ backTo, children }: { backTo: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <Link to={backTo} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        ← Go Back
      </Link>
      {children ? <div className="flex flex-wrap gap-3">{children}</div> : null}
    </div>
  );
}

/**
 * Preview (record 054): sends what the edit form holds to the preview, in a tab of its own, so
 * that the edit screen keeps its typing and nothing is saved. The tab is named after the item, so
 * pressing Preview again shows the new typing there instead of opening one tab per press. Without
 * JavaScript the browser does it from the button's attributes; with it, the router would take the
 * post over and leave the screen, so the form is sent by the browser all the same.
 */
export function PreviewButton({ formId, action }: { formId: string; action: string }) {
  return (
    <button
      type="submit"
      form={formId}
      formAction={action}
      formMethod="post"
      formTarget={`almoner-preview ${action}`}
      formNoValidate
      onClick={submitToNewTab}
      className="button-light"
    >
      Preview<span className="sr-only"> (opens in a new tab)</span>
    </button>
  );
}

function submitToNewTab(event: MouseEvent<HTMLButtonElement>) {
  const { form, formAction, formTarget } = event.currentTarget;
  if (!form) return;
  event.preventDefault();
  const own = { action: form.getAttribute("action"), target: form.getAttribute("target") };
  form.setAttribute("action", formAction);
  form.setAttribute("target", formTarget);
  // `submit()` fires no submit event, so the router does not see this post.
  form.submit();
  for (const [name, value] of Object.entries(own)) {
    if (value === null) form.removeAttribute(name);
    else form.setAttribute(name, value);
  }
}

/** A card's picture, or a quiet placeholder when the item has none yet. */
export function EntryThumbnail({ url, alt = "" }: { url: string | null; alt?: string }) {
  return url ? (
    <img
      {...responsiveImage(url, "(min-width: 1024px) 20rem, (min-width: 640px) 50vw, 100vw")}
      alt={alt}
      width={480}
      height={320}
      loading="lazy"
      decoding="async"
      className="aspect-[3/2] w-full bg-sand object-cover"
    />
  ) : (
    <div
      aria-hidden="true"
      className="grid aspect-[3/2] w-full place-items-center bg-[linear-gradient(135deg,#d5e9e7,#f3ece1)] text-brand-700/60"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="1.8" />
        <path d="m4 17 5-5 4 4 3-3 4 4" />
      </svg>
    </div>
  );
}

const STATUS_TONES: Record<EntryStatus, string> = {
  draft: "bg-sand text-ink ring-1 ring-ink/15",
  scheduled: "bg-donate-500/15 text-donate-700",
  published: "bg-brand-50 text-brand-800 ring-1 ring-brand-100",
};

/**
 * Publish (a draft) or Unpublish (what is published or scheduled): a second submit button of the
 * edit form, so what was typed is saved with the new status and nothing is lost (record 031).
 */
export function PublishButton({ status }: { status: EntryStatus }) {
  const navigation = useNavigation();
  const publishes = status === "draft";
  const value = publishes ? "published" : "draft";
  const pending = navigation.state !== "idle" && navigation.formData?.get("status") === value;
  return (
    <button
      type="submit"
      name="status"
      value={value}
      disabled={pending}
      className="button-light disabled:cursor-wait disabled:opacity-70"
    >
      {publishes ? (pending ? "Publishing…" : "Publish") : pending ? "Unpublishing…" : "Unpublish"}
    </button>
  );
}

/**
 * An item's publication (record 031): a draft (admins only), scheduled (its publish date is still
 * ahead) or published. Nothing when the API does not say (a Laravel backend has no drafts).
 */
export function StatusBadge({ status }: { status: EntryStatus | undefined }) {
  if (!status) return null;
  return (
    <p className={`w-fit rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_TONES[status]}`}>
      <span className="sr-only">Status: </span>
      <span>{STATUS_LABELS[status]}</span>
    </p>
  );
}

/**
 * A card of an admin list: the item's picture (or the placeholder), its name, what the list
 * says about it (`children`) and its Edit link; `dragHandle` where staff order the list.
 */
export function AdminCard({
  imageUrl,
  title,
  editTo,
  dragHandle,
  children,
}: {
  imageUrl: string | null;
  title: string;
  editTo: string;
  dragHandle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100">
      <EntryThumbnail url={imageUrl} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-sans text-lg leading-snug font-semibold break-words text-ink">
          {title}
        </h2>
        {children}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <Link
            to={editTo}
            aria-label={`Edit ${title}`}
            className="rounded-full bg-brand-50 px-4 py-1.5 font-semibold text-brand-800 no-underline ring-1 ring-brand-100 hover:bg-brand-100"
          >
            Edit
          </Link>
          {dragHandle}
        </div>
      </div>
    </article>
  );
}

/** The button that opens a list's Add modal over the list as it is (its page and search). */
export function AddItemLink({ children }: { children: ReactNode }) {
  const { openTo } = useAddModalAddress();
  return (
    <Link to={openTo} preventScrollReset className="button-primary">
      {children}
    </Link>
  );
}

const ADD_PARAMETERS = ["add"];

/**
 * A list's Add modal: `openTo` is the list as it is with `?add=1` (where the Add link goes and
 * where the modal's form posts), `closeTo` the list as it is.
 */
export function useAddModalAddress(): { openTo: string; closeTo: string } {
  const { openTo, closeTo } = useDialogAddress(ADD_PARAMETERS);
  return { openTo: openTo({ add: "1" }), closeTo };
}

/**
 * The Add modal of a list (`?add=1`): one required field, its first error under it, and a
 * button named like the modal ("Add Blog", "Add Gallery") that shows the pending state. The
 * action answers intent "create" and opens the new item's edit screen. An Add that met an ended
 * session without JavaScript starts again from what was typed (`kept`).
 */
export function AddItemModal({
  title,
  schema,
  fieldName,
  label,
  hint,
  result,
  kept,
  children,
}: {
  title: string;
  /** The form's schema: `fieldName` is its one field. */
  schema: z.ZodObject;
  fieldName: string;
  label: string;
  hint?: string;
  result?: SubmissionResult<string[]> | null;
  kept?: KeptAtSignOut | null;
  /** Hidden fields the new item starts with. */
  children?: ReactNode;
}) {
  const [form, fields] = useAppForm(schema, {
    id: "add-item",
    lastResult: result,
    defaultValue: kept?.values,
  });
  const field = fields[fieldName] as FieldMetadata<string>;
  const { openTo, closeTo } = useAddModalAddress();
  return (
    <Modal title={title} closeTo={closeTo}>
      {/* The first error goes under the field (spec §5); the overall message only without one. */}
      <AppForm form={form} messageAlone action={openTo} className="space-y-5">
        <KeptAtSignOutNotice kept={kept} addButton={title} className="" />
        <FormMessage />
        <IntentField value="create" />
        {children}
        <TextField meta={field} label={label} hint={hint} initialFocus />
        <div className="flex justify-end">
          <SubmitButton intent="create" pendingText="Adding…">
            {title}
          </SubmitButton>
        </div>
      </AppForm>
    </Modal>
  );
}

/**
 * An edit screen's last row: Save Changes (and `beside` it, Publish say), and the delete link that
 * opens the confirmation step.
 */
export function SaveOrDeleteButtons({
  deleteLabel,
  beside,
}: {
  /** None: nothing to delete (the item was deleted while its screen was open). */
  deleteLabel?: string;
  beside?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-brand-100 pt-6">
      <SubmitButton intent="save" pendingText="Saving…">
        Save Changes
      </SubmitButton>
      {beside}
      {deleteLabel ? (
        <Link
          to="?confirm=delete"
          preventScrollReset
          className="button bg-white text-red-800 ring-1 ring-red-200 hover:bg-red-50"
        >
          {deleteLabel}
        </Link>
      ) : null}
    </div>
  );
}
