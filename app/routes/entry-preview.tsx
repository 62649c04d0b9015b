import { data, Link, redirect } from "react-router";
import { EntryArticle } from "../components/entry-article.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { adminEntryKindAt } from "../lib/admin-entries.ts";
import { loadAdminEntry } from "../lib/admin-entries.server.ts";
import {
  keepTypedPreview,
  keptTypedPreview,
  previewTypedEntry,
  type TypedPreview,
} from "../lib/entry-preview.server.ts";
import type { EntryDetail, EntryKind } from "../lib/api-types.ts";
import { requireAdmin, requireSiteExtensions } from "../lib/guards.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/entry-preview";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * /admin/{projects,blog,opportunities}/{id}/preview (record 031): the saved item as visitors will
 * see it, drafts and scheduled ones included, in the site's own frame rather than the admin's.
 * With `?typed=`, the preview of what was typed that the action kept (record 058). Admins only,
 * on our API only (a Laravel backend has no drafts), never cached nor indexed.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const admin = requireAdmin({ url, context });
  requireSiteExtensions(context);
  const { kind } = adminEntryKindAt(url.pathname);
  const token = url.searchParams.get("typed");
  const typed = token ? await keptTypedPreview(context, token, url.pathname, admin) : null;
  const entry = typed?.entry ?? (await loadAdminEntry(context, kind, params.id));
  return data({ kind, entry, typed, typedGone: Boolean(token && !typed) }, { headers: PRIVATE });
}

/**
 * The edit screen's Preview posts its form here (record 054): the item with what was typed, saved
 * or not, kept for an hour and shown at an address of its own, so that a reload shows it again
 * instead of asking to send the form again (record 058). Answered here when it cannot be kept.
 */
export async function action({ context, params, request, url }: Route.ActionArgs) {
  const admin = requireAdmin({ url, context });
  requireSiteExtensions(context);
  const { kind } = adminEntryKindAt(url.pathname);
  const typed = await previewTypedEntry(context, kind, params.id, request);
  const token = await keepTypedPreview(context, url.pathname, admin, typed);
  if (token) return redirect(`${url.pathname}?typed=${token}`, { status: 303, headers: PRIVATE });
  return data({ kind, entry: typed.entry, typed, typedGone: false }, { headers: PRIVATE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders ?? loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return privatePageMeta({ matches }, `Preview: ${loaderData?.entry.title ?? ""}`);
}

export default function EntryPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, entry, typed, typedGone } = actionData ?? loaderData;
  return (
    <>
      <PreviewBanner kind={kind} entry={entry} typed={typed} typedGone={typedGone} />
      <EntryArticle
        entry={entry}
        backTo={`/${kind}`}
        subtitle={
          kind === "blog" && entry.created_at ? (
            <>
              Published on: <LocalDate iso={entry.created_at} />
            </>
          ) : undefined
        }
      />
    </>
  );
}

function PreviewBanner({
  kind,
  entry,
  typed,
  typedGone,
}: {
  kind: EntryKind;
  entry: EntryDetail;
  typed: TypedPreview | null;
  /** The address named a preview of what was typed that is no longer kept (or not this admin's). */
  typedGone: boolean;
}) {
  return (
    <section
      aria-labelledby="preview-banner"
      className="border-b-4 border-donate-500 bg-donate-500/15 px-4 py-4 sm:px-6"
    >
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="preview-banner" className="font-sans text-lg font-bold text-ink">
            {typed ? "Preview — not saved" : "Preview — not public"}
          </h2>
          {typed ? <TypedNotes typed={typed} /> : null}
          {typedGone ? (
            <p className="text-ink">
              The preview of what you typed is kept for an hour and is gone now, so this is the
              saved version. To see your changes, press Preview in the editing tab again.
            </p>
          ) : null}
          <p className="text-ink">{statusSentence(entry, Boolean(typed && !typed.refused))}</p>
        </div>
        {typed || typedGone ? null : (
          // The typing is in the editing tab; this one would open the saved item.
          <Link to={`/admin/${kind}/${entry.id}`} className="button-light">
            Back to editing
          </Link>
        )}
      </div>
    </section>
  );
}

/** What a preview of typed fields shows, and what it could not. */
function TypedNotes({ typed }: { typed: TypedPreview }) {
  return (
    <>
      <p className="text-ink">
        {typed.refused
          ? `What you typed cannot be shown, so this is the saved version: ${typed.refused}`
          : "This is what you typed, and it is not saved yet. To keep it, go back to the editing tab and press Save Changes."}
      </p>
      {typed.dateNotShown ? (
        <p className="text-ink">
          The publish date you typed is not a date, so the saved one is shown.
        </p>
      ) : null}
      {typed.pictureRefused ? (
        <p className="text-ink">
          The picture you chose cannot be used: {sentence(typed.pictureRefused)}
          {typed.entry.image_url ? " The saved picture is shown instead." : null}
        </p>
      ) : null}
    </>
  );
}

/**
 * Who sees the item, and where or from when: as it is saved, or, for a preview of what was typed,
 * once that is saved.
 */
function statusSentence(entry: EntryDetail, onceSaved: boolean) {
  if (entry.status === "draft")
    return onceSaved
      ? "Once saved it is still a draft: only admins can see it until it is published."
      : "This is a draft: only admins can see it until it is published.";
  if (entry.status === "scheduled")
    return (
      <>
        {onceSaved ? "Once saved" : "Scheduled"}: visitors see it from{" "}
        <LocalDate iso={entry.created_at} />.
      </>
    );
  return (
    <>
      {onceSaved ? "Once saved" : "Published"}: visitors see it at{" "}
      <Link to={entry.url} className="font-semibold text-brand-700 underline">
        {entry.url}
      </Link>
      .
    </>
  );
}

/** An API's message as the end of a sentence: Laravel's end with a full stop, ours may not. */
const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);
