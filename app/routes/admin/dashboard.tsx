import type { ReactNode } from "react";
import { Link } from "react-router";
import { LIST_UNAVAILABLE } from "../../components/entry-grid.tsx";
import { LocalDateTime } from "../../components/local-date-time.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { activitySentence } from "../../lib/admin-activity.ts";
import {
  loadDashboard,
  type DashboardEntry,
  type Section,
} from "../../lib/admin-dashboard.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/dashboard";

export function loader({ context }: Route.LoaderArgs) {
  return loadDashboard(context);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Admin Dashboard");
}

/** Spec §2.5: a heading and a note to use the menu; in front of our API, what needs attention. */
export default function AdminDashboard({ loaderData: dashboard }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeading title="Admin Dashboard">
        Use the menu to manage the web site's users and content.
      </ScreenHeading>
      {dashboard ? (
        <div className="mt-8 grid gap-6 xl:grid-cols-2">
          <Panel
            title="Recent Messages"
            more={{ to: "/admin/messages", text: "All messages" }}
            items={dashboard.messages}
            empty="No messages yet."
          >
            {(message) => (
              <li key={message.id} className="py-3">
                <p className="flex flex-wrap items-center gap-2">
                  <span className={message.state === "unread" ? "font-bold" : "font-medium"}>
                    {message.name}
                  </span>
                  {message.state === "unread" ? <UnreadBadge /> : null}
                  <span className="ml-auto text-sm text-muted">
                    <LocalDateTime iso={message.created_at} dateOnly />
                  </span>
                </p>
                <p className="mt-1 line-clamp-2 text-sm text-muted">{message.message}</p>
              </li>
            )}
          </Panel>
          <Panel
            title="Recent Activity"
            more={{ to: "/admin/activity", text: "All activity" }}
            items={dashboard.activity}
            empty="Nothing has happened yet."
          >
            {(line) => (
              <li key={line.id} className="py-3">
                <p>
                  {line.link ? (
                    <Link to={line.link}>{activitySentence(line)}</Link>
                  ) : (
                    activitySentence(line)
                  )}
                </p>
                <p className="text-sm text-muted">
                  {line.user?.name || "Someone"} · <LocalDateTime iso={line.created_at} />
                </p>
              </li>
            )}
          </Panel>
          <Panel title="Drafts" items={dashboard.drafts} empty="No drafts.">
            {(entry) => <EntryLine key={entry.link} entry={entry} />}
          </Panel>
          <Panel title="Scheduled" items={dashboard.scheduled} empty="Nothing is scheduled.">
            {(entry) => <EntryLine key={entry.link} entry={entry} scheduled />}
          </Panel>
        </div>
      ) : null}
    </>
  );
}

function Panel<T>({
  title,
  more,
  items,
  empty,
  children,
}: {
  title: string;
  more?: { to: string; text: string };
  items: Section<T>;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  const id = `dashboard-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-brand-100">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-sans text-xl font-semibold">
          {title}
        </h2>
        {more ? (
          <Link
            to={more.to}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {more.text}
          </Link>
        ) : null}
      </div>
      {items === null ? (
        <p className="mt-3 text-muted">{LIST_UNAVAILABLE}</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-muted">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-brand-100">{items.map(children)}</ul>
      )}
    </section>
  );
}

function UnreadBadge() {
  return (
    <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
      Unread
    </span>
  );
}

function EntryLine({ entry, scheduled = false }: { entry: DashboardEntry; scheduled?: boolean }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 py-3">
      <Link to={entry.link} className="font-semibold">
        {entry.title || "(untitled)"}
      </Link>
      <span className="text-sm text-muted">{entry.kindLabel}</span>
      {scheduled && entry.date ? (
        <span className="ml-auto text-sm text-muted">
          <LocalDateTime iso={entry.date} />
        </span>
      ) : null}
    </li>
  );
}
