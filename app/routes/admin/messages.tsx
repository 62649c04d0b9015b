import { AdminToolbar } from "../../components/admin/admin-entry-parts.tsx";
import { Pager } from "../../components/entry-grid.tsx";
import { MailIcon, PhoneIcon } from "../../components/icons.tsx";
import { LocalDate } from "../../components/local-date.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { ContactMessageSchema, type ContactMessage } from "../../lib/api-types.ts";
import { readAdminListPage, requestedPage } from "../../lib/admin-lists.server.ts";
import { requireSiteExtensions } from "../../lib/guards.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/messages";

const MESSAGES_PER_PAGE = 20;

/** What visitors wrote through the contact form, newest first (our API's extension). */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSiteExtensions(context);
  return readAdminListPage(context, "/api/contact-messages", ContactMessageSchema, {
    page: requestedPage(url),
    limit: MESSAGES_PER_PAGE,
    listPath: "/admin/messages",
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Messages");
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { results: items, page, pageCount, total } = loaderData;
  return (
    <>
      <AdminToolbar backTo="/admin" />
      <ScreenHeading title="Messages">
        What visitors wrote through the contact form, newest first. Each is also mailed to the
        foundation's address; reply to the sender by email.
      </ScreenHeading>
      {items.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-sand/60 p-8 text-center text-muted">
          No messages yet. They appear here as soon as a visitor sends one.
        </p>
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
      <Pager page={page} pageCount={pageCount} />
    </>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const headingId = `message-${message.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-6"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-sans text-lg font-semibold text-ink">
          {message.name}
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
    </article>
  );
}
