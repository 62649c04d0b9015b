import { Form, Link, redirect } from "react-router";
import { AdminToolbar } from "../../components/admin/admin-entry-parts.tsx";
import { Pager } from "../../components/entry-grid.tsx";
import { buttonClass, inputClass } from "../../components/form-fields.tsx";
import { LocalDateTime } from "../../components/local-date-time.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import {
  ACTIVITY_KINDS,
  ActivityPageSchema,
  activitySentence,
  type ActivityLine,
} from "../../lib/admin-activity.ts";
import { requestedPage, requestedSearch } from "../../lib/admin-lists.server.ts";
import { AdminListSearch, emptyListText } from "../../components/admin/admin-list-search.tsx";
import { requireSiteExtensions } from "../../lib/guards.server.ts";
import { unusableAsUnavailable } from "../../lib/api.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/activity";

const LINES_PER_PAGE = 50;

/** Who did what, newest first (our API's extension), filtered by person and kind in the URL. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSiteExtensions(context);
  const personParam = url.searchParams.get("person")?.trim() ?? "";
  const person = /^\d{1,9}$/.test(personParam) ? personParam : "";
  const kind =
    ACTIVITY_KINDS.find((k) => k.value === url.searchParams.get("kind")) ?? ACTIVITY_KINDS[0];
  const page = requestedPage(url);
  const search = requestedSearch(url);
  const answer = await unusableAsUnavailable(
    "The list /api/activity",
    context.get(apiClientContext).read("/api/activity", ActivityPageSchema, {
      query: {
        page: page - 1,
        limit: LINES_PER_PAGE,
        ...(person ? { user_id: person } : {}),
        ...(search ? { q: search } : {}),
        ...kind.query,
      },
    }),
  );
  const body = answer ?? { results: [], people: [], total: 0 };
  const filters = new URLSearchParams();
  if (person) filters.set("person", person);
  if (kind.value) filters.set("kind", kind.value);
  if (search) filters.set("q", search);
  const query = filters.size > 0 ? `${filters}&` : "";
  const pageCount = Math.max(1, Math.ceil(body.total / LINES_PER_PAGE));
  if (page > pageCount) throw redirect(`/admin/activity?${query}page=${pageCount}`);
  return {
    lines: body.results,
    people: body.people,
    total: body.total,
    person,
    kind: kind.value as string,
    search,
    query,
    page,
    pageCount,
    unavailable: answer === null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Activity");
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { lines, people, total, person, kind, search, query, page, pageCount, unavailable } =
    loaderData;
  const filtered = person !== "" || kind !== "" || search !== "";
  // Each form keeps what the other chose: a search keeps the filters, a filter keeps the search.
  const keep: Record<string, string> = {
    ...(person ? { person } : {}),
    ...(kind ? { kind } : {}),
  };
  return (
    <>
      <AdminToolbar backTo="/admin" />
      <ScreenHeading title="Activity">
        Who changed what, and every sign-in to the admin area, newest first.
      </ScreenHeading>
      <div className="mt-6">
        <AdminListSearch search={search} label="Search the activity" keep={keep} />
      </div>
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100"
      >
        {search ? <input type="hidden" name="q" value={search} /> : null}
        <label className="grid min-w-48 flex-1 gap-1 font-semibold sm:flex-none">
          Person
          <select name="person" defaultValue={person} className={inputClass} key={`p${person}`}>
            <option value="">Everyone</option>
            {people.map((someone) => (
              <option key={someone.id} value={someone.id}>
                {someone.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid min-w-48 flex-1 gap-1 font-semibold sm:flex-none">
          Kind
          <select name="kind" defaultValue={kind} className={inputClass} key={`k${kind}`}>
            {ACTIVITY_KINDS.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass("primary")}>
          Filter
        </button>
        {filtered ? (
          <Link
            to="/admin/activity"
            className="self-center font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Show everything
          </Link>
        ) : null}
      </Form>
      {lines.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-sand/60 p-8 text-center text-muted">
          {emptyListText(
            search,
            filtered ? "Nothing matches these filters." : "Nothing has happened yet.",
            unavailable,
          )}
        </p>
      ) : (
        <>
          <p className="mt-6 text-muted">
            {total === 1 ? "1 entry" : `${total} entries`}
            {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
          </p>
          <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-brand-100">
            <table className="block w-full text-left sm:table">
              <caption className="sr-only">Activity, newest first</caption>
              <thead className="hidden border-b border-brand-100 text-sm text-muted sm:table-header-group">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    When
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    What
                  </th>
                </tr>
              </thead>
              <tbody className="block sm:table-row-group">
                {lines.map((line) => (
                  <ActivityRow key={line.id} line={line} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={page} pageCount={pageCount} query={query} />
    </>
  );
}

function ActivityRow({ line }: { line: ActivityLine }) {
  const sentence = activitySentence(line);
  return (
    <tr className="block border-b border-brand-50 py-2 align-top last:border-0 sm:table-row sm:py-0">
      <td className="block px-4 py-1 text-sm text-muted sm:table-cell sm:py-3 sm:whitespace-nowrap">
        <LocalDateTime iso={line.created_at} />
      </td>
      <td className="block px-4 py-1 font-semibold sm:table-cell sm:py-3 sm:font-normal">
        {line.user?.name || "Someone"}
      </td>
      <td className="block px-4 py-1 sm:table-cell sm:py-3">
        {line.link ? (
          <Link to={line.link} className="text-brand-800 underline-offset-4 hover:underline">
            {sentence}
          </Link>
        ) : (
          sentence
        )}
      </td>
    </tr>
  );
}
