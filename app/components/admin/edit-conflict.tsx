import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import {
  LOADED_VALUES_FIELD,
  loadedValuesText,
  postedWithRefusal,
  type SavedMeanwhile,
} from "../../lib/changed-meanwhile.ts";
import { fieldLabel, wordDiff, type EditConflict } from "../../lib/history.ts";
import { useRootData } from "../../lib/root-data.ts";
import { IntentField, SubmitButton } from "../form-fields.tsx";
import { LocalDateTime } from "../local-date-time.tsx";
import { DiffLegend, WordDiff } from "./word-diff.tsx";

type Props = {
  conflict: EditConflict;
  /** The form's fields in screen order. */
  fields: readonly string[];
};

/** Hidden fields carrying what was typed and the versions, so each choice loses nothing. */
function CarriedValues({ conflict, withTheirs }: { conflict: EditConflict; withTheirs?: boolean }) {
  return (
    <>
      {Object.entries(conflict.mine).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      {withTheirs
        ? Object.entries(conflict.theirs).map(([field, value]) => (
            <input key={field} type="hidden" name={`theirs_${field}`} value={value} />
          ))
        : null}
      <input type="hidden" name="version" value={conflict.version} />
      <input type="hidden" name="loaded_version" value={conflict.loadedVersion ?? ""} />
      <input type="hidden" name="by" value={conflict.by} />
      <input type="hidden" name="saved_at" value={conflict.savedAt} />
    </>
  );
}

/**
 * A save answered 409: their version and yours side by side, the differences marked, and three
 * ways on (record 030). Plain POST forms: it works without JavaScript.
 */
export function EditConflictScreen({ conflict, fields }: Props) {
  const shown = fields.filter((field) => field in conflict.mine || field in conflict.theirs);
  return (
    <section aria-labelledby="conflict-heading" className="mt-8 max-w-5xl">
      <h2 id="conflict-heading" className="text-2xl font-semibold" tabIndex={-1}>
        Someone else changed this
      </h2>
      <p className="mt-2">
        {conflict.by} saved version {conflict.version} at <LocalDateTime iso={conflict.savedAt} />,
        after you opened it.
      </p>
      {conflict.pictureChosen ? (
        <p className="mt-2 font-semibold">
          Choose the picture again: a newly chosen picture cannot be kept through this screen.
        </p>
      ) : null}
      <div className="mt-4">
        <DiffLegend added="you added" removed="you removed" />
      </div>
      <div className="mt-4 space-y-4">
        {shown.map((field) => {
          const theirs = conflict.theirs[field] ?? "";
          const mine = conflict.mine[field] ?? "";
          const differs = theirs !== mine;
          return (
            <div key={field} className="rounded-lg border border-sand bg-white p-4">
              <h3 className="font-semibold">
                {fieldLabel(field)}
                {differs ? (
                  <span className="ml-2 text-sm font-normal text-muted">(differs)</span>
                ) : null}
              </h3>
              <div className="mt-2 grid gap-4 md:grid-cols-2">
                <div>
                  <p className="text-sm font-semibold text-muted">Their version</p>
                  <WordDiff parts={wordDiff(field, theirs, theirs)} />
                </div>
                <div>
                  <p className="text-sm font-semibold text-muted">Your version</p>
                  <WordDiff parts={wordDiff(field, theirs, mine)} />
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Form method="post">
          <IntentField value="save" />
          <CarriedValues conflict={conflict} />
          <SubmitButton intent="save" pendingText="Saving…">
            Keep mine
          </SubmitButton>
        </Form>
        <Form method="post">
          <IntentField value="take-theirs" />
          <CarriedValues conflict={conflict} />
          <SubmitButton intent="take-theirs" pendingText="Loading…" variant="light">
            Take theirs
          </SubmitButton>
        </Form>
        <Form method="post">
          <IntentField value="merge" />
          <CarriedValues conflict={conflict} withTheirs />
          <SubmitButton intent="merge" pendingText="Opening…" variant="light">
            Merge by hand
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}

/** Above the form when merging by hand: their value of every field that differs from yours. */
export function TheirValues({ conflict }: { conflict: EditConflict }) {
  const differing = Object.keys(conflict.theirs).filter(
    (field) => field in conflict.mine && conflict.theirs[field] !== conflict.mine[field],
  );
  return (
    <section
      aria-labelledby="their-values-heading"
      className="mt-6 max-w-3xl rounded-lg border border-donate-500/40 bg-white p-4"
    >
      <h2 id="their-values-heading" className="text-xl font-semibold">
        Their version {conflict.version}
      </h2>
      <p className="mt-1 text-sm text-muted">
        The form below holds what you typed; saving it replaces their version. Their values where
        they differ:
      </p>
      <dl className="mt-3 space-y-3">
        {differing.map((field) => (
          <div key={field}>
            <dt className="font-semibold">{fieldLabel(field)}</dt>
            <dd>
              <WordDiff parts={wordDiff(field, conflict.theirs[field]!, conflict.theirs[field]!)} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Above an edit form whose save was stopped because someone else changed the item meanwhile
 * (record 053): their values where this save would have replaced them.
 */
export function SavedMeanwhileNote({
  values,
  className = "mt-6",
}: {
  values: readonly SavedMeanwhile[];
  className?: string;
}) {
  return (
    <section
      aria-labelledby="saved-meanwhile-heading"
      className={`${className} max-w-3xl rounded-lg border border-donate-500/40 bg-white p-4`}
    >
      <h2 id="saved-meanwhile-heading" className="text-xl font-semibold">
        Saved by someone else meanwhile
      </h2>
      <p className="mt-1 text-sm text-muted">
        The form below holds what you typed; saving it again replaces these values.
      </p>
      <dl className="mt-3 space-y-3">
        {values.map(({ label, value }) => (
          <div key={label}>
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words">{value === "" ? <em>(empty)</em> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The edit screen's way to its History: only when the API keeps versions (our extension). */
export function HistoryLink({
  to,
  className = "button-light",
}: {
  to: string;
  className?: string;
}) {
  const extensions = useRootData()?.settings.editable ?? false;
  if (!extensions) return null;
  return (
    <Link to={to} className={className}>
      History
    </Link>
  );
}

/** The last save the screen shows as refused, whose hidden fields the form sends again. */
type Refusal = SubmissionResult<string[]> | null | undefined;

/**
 * The values a form without versions was loaded with, sent back with the save (record 053); a
 * form kept over Log In (record 050) sends the ones it was first loaded with, and a refused save's
 * form the ones it was posted with.
 */
export function LoadedValuesField({
  values,
  kept,
  refusal,
}: {
  values: Record<string, string>;
  kept?: Record<string, string>;
  refusal?: Refusal;
}) {
  const loaded =
    postedWithRefusal(refusal, LOADED_VALUES_FIELD) ??
    kept?.[LOADED_VALUES_FIELD] ??
    loadedValuesText(values);
  return <input type="hidden" name={LOADED_VALUES_FIELD} value={loaded} />;
}

/**
 * The version the form was loaded at, sent back with the save (none from a Laravel backend); a
 * refused save's form sends the one it was posted with.
 */
export function VersionField({
  version,
  refusal,
}: {
  version: number | null | undefined;
  refusal?: Refusal;
}) {
  if (version == null) return null;
  const posted = postedWithRefusal(refusal, "version") ?? version;
  return <input type="hidden" name="version" value={posted} />;
}
