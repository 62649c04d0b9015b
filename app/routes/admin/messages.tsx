import { Form, Link, useLocation } from "react-router";
import { AdminToolbar } from "../../components/admin/admin-entry-parts.tsx";
import { FlashMessage } from "../../components/admin/admin-flash-message.tsx";
import {
  AdminListSearch,
  emptyListText,
  searchPagerQuery,
} from "../../components/admin/admin-list-search.tsx";
import { Pager } from "../../components/entry-grid.tsx";
import { IntentField } from "../../components/form-fields.tsx";
import { MailIcon, PhoneIcon } from "../../components/icons.tsx";
import { LocalDate } from "../../components/local-date.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import {
  loadMessagesScreen,
  messagesAction,
  type MessageFolder,
} from "../../lib/admin-messages.server.ts";
import type { ContactMessage } from "../../lib/api-types.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { flashUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/messages";

/** What visitors wrote through the contact form, newest first (our API's extension, record 036). */
export function loader({ context, request, url }: Route.LoaderArgs) {
  return loadMessagesScreen(context, { request, url });
}

export function action({ context, request }: Route.ActionArgs) {
  return messagesAction(context, request);
}

/** A post the site did not answer leaves the screen as it was, with a message. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, flashUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Messages");
}

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { results: items, page, pageCount, total, search, folder, flash, unavailable } = loaderData;
  const keep: Record<string, string> = folder === "archived" ? { state: "archived" } : {};
  const empty = emptyListText(
    search,
    folder === "archived"
      ? "No archived messages. Archive a message to keep it out of the Inbox."
      : "No messages yet. They appear here as soon as a visitor sends one.",
    unavailable,
  );
  return (
    <>
      <AdminToolbar backTo="/admin" />
      <ScreenHeading title="Messages">
        What visitors wrote through the contact form, newest first. Each is also mailed to the
        foundation's address; reply to the sender by email.
      </ScreenHeading>
      <FlashMessage flash={actionData?.flash ?? flash} hideAfterMs={3000} className="mt-6" />
      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <FolderTabs folder={folder} />
        <AdminListSearch search={search} label="Search messages" keep={keep} />
      </div>
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-sand/60 p-8 text-center text-muted">{empty}</p>
      ) : (
        <>
          <p className="mt-6 text-muted">
            {total === 1 ? "1 message" : `${total} messages`}
            {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
          </p>
          <ol className="mt-4 space-y-4" aria-label="Messages">
            {items.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ol>
        </>
      )}
      <Pager page={page} pageCount={pageCount} query={searchPagerQuery(search, keep)} />
    </>
  );
}

const FOLDERS: { value: MessageFolder; label: string; to: string }[] = [
  { value: "inbox", label: "Inbox", to: "/admin/messages" },
  { value: "archived", label: "Archived", to: "/admin/messages?state=archived" },
];

/** Inbox / Archived: links, so the folder is in the address with or without JavaScript. */
function FolderTabs({ folder }: { folder: MessageFolder }) {
  return (
    <nav aria-label="Folders">
      <ul className="flex gap-1 rounded-full bg-sand/70 p-1">
        {FOLDERS.map((choice) => {
          const current = choice.value === folder;
          return (
            <li key={choice.value}>
              <Link
                to={choice.to}
                aria-current={current ? "page" : undefined}
                className={`block rounded-full px-4 py-1.5 font-semibold no-underline ${
                  current ? "bg-brand-700 text-white" : "text-ink hover:bg-white"
                }`}
              >
                {choice.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const headingId = `message-${message.id}`;
  const unread = message.state === "unread";
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-2xl p-5 shadow-sm ring-1 sm:p-6 ${
        unread
          ? "border-l-4 border-brand-700 bg-brand-50/40 ring-brand-100"
          : "bg-white ring-brand-100"
      }`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          id={headingId}
          className={`flex flex-wrap items-center gap-2 font-sans text-lg text-ink ${
            unread ? "font-bold" : "font-medium"
          }`}
        >
          {message.name}
          {unread ? (
            <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
              Unread
            </span>
          ) : null}
          {message.state === "archived" ? (
            <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-muted ring-1 ring-brand-100">
              Archived
            </span>
          ) : null}
        </h2>
        <p className="text-sm text-muted">
          <LocalDate iso={message.created_at} />
          {" · "}
          {message.mailed_at ? "Mailed" : "Not mailed yet"}
        </p>
      </header>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <li className="flex min-w-0 items-center gap-1.5">
          <MailIcon className="size-4 shrink-0 text-brand-700" />
          <a
            href={`mailto:${message.email}?subject=${encodeURIComponent("Your message to us")}`}
            className="break-all"
          >
            {message.email}
          </a>
        </li>
        {message.telephone ? (
          <li className="flex items-center gap-1.5">
            <PhoneIcon className="size-4 shrink-0 text-brand-700" />
            <a href={`tel:${message.telephone.replace(/[^\d+]/g, "")}`}>{message.telephone}</a>
          </li>
        ) : null}
      </ul>
      <p className="mt-4 whitespace-pre-line break-words text-ink">{message.message}</p>
      <MessageActions message={message} />
    </article>
  );
}

/** One small form per button: each is a real POST, and comes back to this page. */
function MessageActions({ message }: { message: ContactMessage }) {
  const location = useLocation();
  const back = location.pathname + location.search;
  const of = `message from ${message.name}`;
  const buttons: { intent: string; label: string }[] =
    message.state === "archived"
      ? [{ intent: "inbox", label: "Move to Inbox" }]
      : [
          message.state === "unread"
            ? { intent: "read", label: "Mark as read" }
            : { intent: "unread", label: "Mark as unread" },
          { intent: "archive", label: "Archive" },
        ];
  return (
    <div className="mt-5 flex flex-wrap gap-2 border-t border-brand-100 pt-4">
      {[...buttons, { intent: "delete", label: "Delete" }].map(({ intent, label }) => (
        <Form key={intent} method="post" preventScrollReset>
          <IntentField value={intent} />
          <input type="hidden" name="id" value={message.id} />
          <input type="hidden" name="back" value={back} />
          <button
            type="submit"
            aria-label={`${label}: ${of}`}
            className={
              intent === "delete"
                ? "button bg-white !px-3 !py-1.5 text-red-800 ring-1 ring-red-200 hover:bg-red-50"
                : "button-light !px-3 !py-1.5"
            }
          >
            {label}
          </button>
        </Form>
      ))}
    </div>
  );
}
