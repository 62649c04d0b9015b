import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import {
  changedLabel,
  fieldLabel,
  flattenSnapshot,
  wordDiff,
  type Revision,
  type HistorySubject,
} from "../../lib/history.ts";
import { publishDateText } from "../../lib/admin-entries.ts";
import { LogInLink, SubmitButton } from "../form-fields.tsx";
import { asksToLogIn } from "../../lib/unanswered-posts.ts";
import { responsiveImage } from "../../lib/images.ts";
import { LocalDate } from "../local-date.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { AdminToolbar } from "./admin-entry-parts.tsx";
import { DiffLegend, WordDiff } from "./word-diff.tsx";

type History = {
  subject: HistorySubject;
  editPath: string;
  results: Revision[];
  version: number;
  selected: Revision | null;
};

const itemName = (revision: Revision | undefined) => {
  const data = revision?.data ?? {};
  const name = data.title ?? data.name;
  return typeof name === "string" ? name : "";
};

/** The versions of an item, newest first; a chosen one compared word by word with the current. */
export function HistoryView({ history, error }: { history: History; error: string | null }) {
  const current = history.results[0];
  const here = history.editPath;
  return (
    <>
      <AdminToolbar backTo={here} />
      <ScreenHeading title="History">{itemName(current) || null}</ScreenHeading>
      <RestoreError error={error} />
      {history.results.length === 0 ? (
        <p className="mt-8">No saved versions yet: the first save keeps the item as it was.</p>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <nav aria-label="Versions">
            <ol className="space-y-2">
              {history.results.map((revision) => (
                <li key={revision.version}>
                  <Link
                    to={`?version=${revision.version}`}
                    aria-current={
                      history.selected?.version === revision.version ? "page" : undefined
                    }
                    className="block rounded-lg border border-sand bg-white p-3 hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:ring-2 aria-[current=page]:ring-brand-700/30"
                  >
                    <span className="font-semibold">Version {revision.version}</span>
                    {revision.version === history.version ? " (current)" : null}
                    <span className="block text-sm text-muted">
                      {revision.user?.name || "Before the first save"} ·{" "}
                      <LocalDate iso={revision.created_at} />
                    </span>
                    <span className="block text-sm">
                      {revision.changed.length > 0
                        ? changedLabel(revision.changed)
                        : "The original"}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          <section aria-labelledby="version-heading">
            {history.selected && current ? (
              <VersionDiff selected={history.selected} current={current} />
            ) : (
              <p id="version-heading">Choose a version to compare it with the current one.</p>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function VersionDiff({ selected, current }: { selected: Revision; current: Revision }) {
  const theirs = readable(flattenSnapshot(selected.data));
  const now = readable(flattenSnapshot(current.data));
  const fields = Object.keys(theirs).filter((field) => field !== "photo_order" || theirs[field]);
  const isCurrent = selected.version === current.version;
  return (
    <>
      <h2 id="version-heading" className="text-2xl font-semibold">
        Version {selected.version}
      </h2>
      <p className="mt-2 text-muted">
        {isCurrent
          ? "This is the current version."
          : `Compared with the current version (${current.version}): what restoring it would change.`}
      </p>
      {isCurrent ? null : (
        <>
          <div className="mt-4">
            <DiffLegend added="added by restoring" removed="removed by restoring" />
          </div>
          <Form method="post" className="mt-4">
            <input type="hidden" name="version" value={selected.version} />
            <input type="hidden" name="compared_version" value={current.version} />
            <SubmitButton pendingText="Restoring…">Restore this version</SubmitButton>
          </Form>
        </>
      )}
      <dl className="mt-6 space-y-4">
        {fields.map((field) => {
          const changed = theirs[field] !== now[field];
          return (
            <div key={field} className="rounded-lg border border-sand bg-white p-4">
              <dt className="font-semibold">
                {fieldLabel(field)}
                {changed && !isCurrent ? (
                  <span className="ml-2 text-sm font-normal text-muted">(differs)</span>
                ) : null}
              </dt>
              <dd className="mt-2">
                {field === "image_url" ? (
                  <PictureValue url={theirs[field]} />
                ) : (
                  <WordDiff parts={wordDiff(field, now[field] ?? "", theirs[field] ?? "")} />
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

function PictureValue({ url }: { url: string | undefined }) {
  if (!url) return <p>No picture</p>;
  return (
    <img
      {...responsiveImage(url, "16rem")}
      alt="The cover in this version"
      className="max-h-40 rounded"
    />
  );
}

/** A snapshot's fields as the edit form shows them: the publish date as dd/mm/yyyy. */
function readable(fields: Record<string, string>): Record<string, string> {
  return fields.created_at ? { ...fields, created_at: publishDateText(fields.created_at) } : fields;
}

/**
 * Why a restore did not happen, above the versions. It is brought into view when it appears: on
 * a phone, Restore is far below it.
 */
function RestoreError({ error }: { error: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView({ block: "nearest" });
  }, [error]);
  if (!error) return null;
  return (
    <p ref={ref} role="alert" className="mt-6 scroll-mt-40 rounded-lg bg-red-50 p-4 text-red-800">
      {error}
      <LogInLink shown={asksToLogIn(error)} />
    </p>
  );
}
