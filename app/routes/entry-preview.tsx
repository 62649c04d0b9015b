import { data, Link } from "react-router";
import { EntryArticle } from "../components/entry-article.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { adminEntryKindAt } from "../lib/admin-entries.ts";
import { loadAdminEntry } from "../lib/admin-entries.server.ts";
import type { EntryDetail, EntryKind } from "../lib/api-types.ts";
import { requireAdmin, requireSiteExtensions } from "../lib/guards.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/entry-preview";

/**
 * /admin/{projects,blog,opportunities}/{id}/preview (record 031): the saved item as visitors will
 * see it, drafts and scheduled ones included, in the site's own frame rather than the admin's.
 * Admins only, on our API only (a Laravel backend has no drafts), never cached nor indexed.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireAdmin({ url, context });
  requireSiteExtensions(context);
  const { kind } = adminEntryKindAt(url.pathname);
  const entry = await loadAdminEntry(context, kind, params.id);
  return data(
    { kind, entry },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return privatePageMeta({ matches }, `Preview: ${loaderData?.entry.title ?? ""}`);
}

export default function EntryPreview({ loaderData }: Route.ComponentProps) {
  const { kind, entry } = loaderData;
  return (
    <>
      <PreviewBanner kind={kind} entry={entry} />
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

function PreviewBanner({ kind, entry }: { kind: EntryKind; entry: EntryDetail }) {
  return (
    <section
      aria-labelledby="preview-banner"
      className="border-b-4 border-donate-500 bg-donate-500/15 px-4 py-4 sm:px-6"
    >
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="preview-banner" className="font-sans text-lg font-bold text-ink">
            Preview — not public
          </h2>
          <p className="text-ink">{statusSentence(entry)}</p>
        </div>
        <Link to={`/admin/${kind}/${entry.id}`} className="button-light">
          Back to editing
        </Link>
      </div>
    </section>
  );
}

function statusSentence(entry: EntryDetail) {
  if (entry.status === "draft")
    return "This is a draft: only admins can see it until it is published.";
  if (entry.status === "scheduled")
    return (
      <>
        Scheduled: visitors see it from <LocalDate iso={entry.created_at} />.
      </>
    );
  return (
    <>
      Published: visitors see it at <Link to={entry.url}>{entry.url}</Link>.
    </>
  );
}
