import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import {
  MAX_SCORE,
  TESTIMONIAL_FORM_FIELDS,
  TestimonialFormSchema,
  testimonialFormValues,
  testimonialsLocation,
  type TestimonialsPlace,
} from "../../lib/admin-testimonials.ts";
import type { SavedMeanwhile } from "../../lib/changed-meanwhile.ts";
import type { Testimonial } from "../../lib/api-types.ts";
import { draftFormKey, type DraftBanner, type KeptAtSignOut } from "../../lib/drafts.ts";
import type { EditConflict } from "../../lib/history.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import { Pager } from "../entry-grid.tsx";
import { AdminListSearch, emptyListText, searchPagerQuery } from "./admin-list-search.tsx";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { FormMessage, IntentField, SubmitButton, TextField } from "../form-fields.tsx";
import { AppForm } from "../app-form.tsx";
import { ConfirmDialog, Modal, ModalActions } from "../modal.tsx";
import { RichTextEditor } from "../rich-text-editor.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { StarRatingField } from "../star-rating-field.tsx";
import { StarRating } from "../star-rating.tsx";
import { AdminToolbar } from "./admin-entry-parts.tsx";
import { Autosave, DraftNotice, KeptAtSignOutNotice } from "./autosave.tsx";
import {
  EditConflictScreen,
  HistoryLink,
  LoadedValuesField,
  SavedMeanwhileNote,
  TheirValues,
  VersionField,
} from "./edit-conflict.tsx";

/** How long a save confirmation stays with JavaScript (spec §4, §9). */
const SAVE_CONFIRMATION_MS = 3000;

type Props = {
  testimonials: Testimonial[];
  page: number;
  pageCount: number;
  /** The list's search (`?q=`), "" for none. */
  search: string;
  flash: Flash | null;
  adding: boolean;
  /** What an Add sent after the session ended, kept over Log In: the modal starts from it. */
  keptAdd?: KeptAtSignOut | null;
  /** The testimonial the edit modal is open on. */
  editing: Testimonial | null;
  /** The admin's autosaved draft of the testimonial being edited, if any. */
  draft?: DraftBanner | null;
  confirmingDelete: boolean;
  /** The last failed add or save, and the review as it was posted. */
  saveResult?: SubmissionResult<string[]> | null;
  submittedReview?: string;
  /** A save answered 409, or "Merge by hand" on it (record 030). */
  conflict?: EditConflict;
  merge?: EditConflict;
  /** The save found the testimonial being edited deleted: no History or Delete (both 404s). */
  gone?: boolean;
  /** Without versions, a save stopped by a colleague's change to the same field (record 057). */
  savedMeanwhile?: SavedMeanwhile[];
  /** The list could not be read: a message in its place, the rest of the screen as ever. */
  unavailable?: boolean;
};

/**
 * /admin/testimonials (spec §2.5): a paged table of names and stars, and the add, edit and
 * delete-confirmation modals, each a state of the URL so they work without JavaScript.
 */
export function AdminTestimonials({
  testimonials,
  page,
  pageCount,
  search,
  flash,
  adding,
  keptAdd,
  editing,
  draft,
  confirmingDelete,
  saveResult,
  submittedReview,
  conflict,
  merge,
  gone = false,
  savedMeanwhile,
  unavailable = false,
}: Props) {
  const place = { page, search };
  return (
    <>
      <AdminToolbar backTo="/admin">
        <Link
          to={testimonialsLocation(place, { add: true })}
          preventScrollReset
          className="button-primary"
        >
          Add Testimonial
        </Link>
      </AdminToolbar>
      <ScreenHeading title="Testimonials">
        What people say about the foundation, newest first. The home page shows the latest.
      </ScreenHeading>
      <FlashMessage flash={flash} hideAfterMs={SAVE_CONFIRMATION_MS} className="mt-6" />

      <div className="mt-8">
        <AdminListSearch search={search} label="Search testimonials" />
      </div>
      <div className="mt-6">
        {testimonials.length === 0 ? (
          <p className="rounded-2xl bg-sand/60 p-8 text-center text-muted">
            {emptyListText(
              search,
              "There are no testimonials yet. Add the first one.",
              unavailable,
            )}
          </p>
        ) : (
          <TestimonialTable testimonials={testimonials} place={place} />
        )}
        <Pager page={page} pageCount={pageCount} query={searchPagerQuery(search)} />
      </div>

      {adding ? (
        <TestimonialModal
          place={place}
          testimonial={null}
          kept={keptAdd}
          result={saveResult}
          submittedReview={submittedReview}
        />
      ) : null}
      {editing ? (
        <TestimonialModal
          // Stopped by a colleague's change: again from the merged values (the editor keeps its own).
          key={`${draftFormKey(editing.id, draft)}${savedMeanwhile ? `-${JSON.stringify(testimonialFormValues(editing))}` : ""}`}
          place={place}
          testimonial={editing}
          draft={draft}
          result={saveResult}
          submittedReview={submittedReview}
          confirmingDelete={confirmingDelete}
          conflict={conflict}
          merge={merge}
          gone={gone}
          savedMeanwhile={savedMeanwhile}
        />
      ) : null}
      {editing && confirmingDelete ? (
        <ConfirmDialog
          cancelTo={testimonialsLocation(place, { edit: editing.id })}
          action={testimonialsLocation(place, { edit: editing.id })}
          subject={`the testimonial by “${editing.name}”`}
        />
      ) : null}
    </>
  );
}

/**
 * Name, stars and an Edit button a row. On a phone the stars go under the name (the Score
 * column would leave the name no room), so nothing scrolls sideways.
 */
function TestimonialTable({
  testimonials,
  place,
}: {
  testimonials: Testimonial[];
  place: TestimonialsPlace;
}) {
  const cell = "px-4 py-3 align-middle";
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-brand-100">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Testimonials</caption>
        <thead className="bg-brand-50 text-sm font-semibold text-brand-900">
          <tr>
            <th scope="col" className={cell}>
              Name
            </th>
            <th scope="col" className={`${cell} hidden sm:table-cell`}>
              Score
            </th>
            <th scope="col" className={`${cell} text-right`}>
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {testimonials.map((testimonial) => (
            <tr key={testimonial.id} className="border-t border-brand-100 bg-white">
              <th scope="row" className={`${cell} font-semibold break-words text-ink`}>
                {testimonial.name}
                <span className="mt-1 block sm:hidden">
                  <StarRating score={testimonial.score} />
                </span>
              </th>
              <td className={`${cell} hidden sm:table-cell`}>
                <StarRating score={testimonial.score} className="align-middle" />
              </td>
              <td className={`${cell} text-right`}>
                <Link
                  to={testimonialsLocation(place, { edit: testimonial.id })}
                  preventScrollReset
                  aria-label={`Edit ${testimonial.name}`}
                  className="inline-block rounded-full bg-brand-50 px-4 py-1.5 font-semibold text-brand-800 no-underline ring-1 ring-brand-100 hover:bg-brand-100"
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The add modal (`testimonial` null) or the edit modal: Name, Score, Review. */
function TestimonialModal({
  place,
  testimonial,
  kept,
  result,
  submittedReview,
  confirmingDelete = false,
  conflict,
  merge,
  draft,
  gone = false,
  savedMeanwhile,
}: {
  place: TestimonialsPlace;
  testimonial: Testimonial | null;
  /** The Add this browser kept over Log In (the add modal only). */
  kept?: KeptAtSignOut | null;
  result?: SubmissionResult<string[]> | null;
  submittedReview?: string;
  /** The delete confirmation is open over this modal. */
  confirmingDelete?: boolean;
  conflict?: EditConflict;
  merge?: EditConflict;
  draft?: DraftBanner | null;
  gone?: boolean;
  savedMeanwhile?: SavedMeanwhile[];
}) {
  const restored = draft?.restored?.values ?? kept?.values;
  const here = testimonial
    ? testimonialsLocation(place, { edit: testimonial.id })
    : testimonialsLocation(place, { add: true });
  const [form, fields] = useAppForm(TestimonialFormSchema, {
    id: testimonial ? `testimonial-${testimonial.id}` : "add-testimonial",
    lastResult: result,
    defaultValue: merge?.mine ?? {
      name: restored?.name ?? testimonial?.name ?? "",
      score: restored?.score ?? String(testimonial?.score ?? MAX_SCORE),
    },
  });
  // The star rating and the editor list their own errors, less the one the form's message says.
  const withoutMessage = (errors: string[] | undefined) =>
    (errors ?? []).filter((error) => error !== form.errors?.[0]);
  const deleteLink = useRef<HTMLAnchorElement>(null);
  const wasConfirming = useRef(confirmingDelete);
  useEffect(() => {
    // Back from "Please Confirm?" (Cancel, Escape): the keyboard carries on where it left off,
    // not at the top of a page it cannot reach behind this modal.
    if (wasConfirming.current && !confirmingDelete) deleteLink.current?.focus();
    wasConfirming.current = confirmingDelete;
  }, [confirmingDelete]);

  return (
    <Modal
      title={testimonial ? "Edit Testimonial" : "Add Testimonial"}
      closeTo={testimonialsLocation(place)}
      wide
    >
      {testimonial && !gone ? (
        <p className="-mt-2 mb-4 flex justify-end">
          <HistoryLink to={`/admin/testimonials/${testimonial.id}/history`} />
        </p>
      ) : null}
      {testimonial ? (
        <DraftNotice
          draft={draft}
          subject="testimonials"
          id={testimonial.id}
          here={here}
          className="mb-6"
        />
      ) : null}
      <KeptAtSignOutNotice kept={kept} addButton="Add Testimonial" className="mb-6" />
      {conflict ? (
        <EditConflictScreen conflict={conflict} fields={TESTIMONIAL_FORM_FIELDS} />
      ) : null}
      {merge ? <TheirValues conflict={merge} /> : null}
      {savedMeanwhile ? <SavedMeanwhileNote values={savedMeanwhile} className="mb-6" /> : null}
      <AppForm form={form} action={here} hidden={conflict !== undefined} className="space-y-6">
        <FormMessage />
        <IntentField value={testimonial ? "save" : "create"} />
        <VersionField version={merge?.version ?? testimonial?.version} refusal={result} />
        {/* Without versions (a Laravel backend), what the save compares with (record 057). */}
        {testimonial && testimonial.version === undefined && !gone ? (
          <LoadedValuesField
            values={testimonialFormValues(testimonial)}
            kept={restored}
            refusal={result}
          />
        ) : null}
        <TextField meta={fields.name} label="Name" />
        <StarRatingField
          key={fields.score.key}
          id={fields.score.id}
          name={fields.score.name}
          legend="Score"
          defaultValue={Number(fields.score.initialValue)}
          errors={withoutMessage(fields.score.errors)}
        />
        <RichTextEditor
          name={fields.review.name}
          id="testimonial-review"
          label="Review"
          defaultValue={submittedReview ?? restored?.review ?? testimonial?.review ?? ""}
          errors={withoutMessage(fields.review.errors)}
        />
        <ModalActions>
          {testimonial && !gone ? (
            <Link
              ref={deleteLink}
              to={testimonialsLocation(place, { edit: testimonial.id, confirmDelete: true })}
              preventScrollReset
              className="button bg-white text-red-800 ring-1 ring-red-200 hover:bg-red-50"
            >
              Delete
            </Link>
          ) : (
            <span />
          )}
          {testimonial ? (
            <SubmitButton intent="save" pendingText="Saving…">
              Save Changes
            </SubmitButton>
          ) : (
            <SubmitButton intent="create" pendingText="Adding…">
              Add Testimonial
            </SubmitButton>
          )}
        </ModalActions>
        {testimonial ? (
          <Autosave formId={form.id} subject="testimonials" id={testimonial.id} draft={draft} />
        ) : null}
      </AppForm>
    </Modal>
  );
}
