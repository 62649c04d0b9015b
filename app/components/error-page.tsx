import { isRouteErrorResponse, Link, useLocation } from "react-router";
import type { User } from "../lib/api-types.ts";
import { useRootData } from "../lib/root-data.ts";

/**
 * The 404 page, or the error page, with the ways back that fit the page that failed. The root's
 * boundary draws it in the site's frame; the admin's and the account's inside their own menus.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const root = useRootData();
  const wayBack = wayBackFrom(pathname, root?.user ?? null);
  if (isRouteErrorResponse(error) && error.status === 404) {
    // Only our API keeps a trash (settings.editable); a plain Laravel deletes for good.
    const maybeTrashed =
      wayBack !== null && !!root?.settings.editable && TRASHABLE_ITEM.test(pathname);
    return (
      <NotFoundPage
        firstPage={firstPageOf(error.data)}
        wayBack={wayBack}
        maybeTrashed={maybeTrashed}
      />
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-widest text-donate-700 uppercase">
        Error {status}
      </p>
      <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Something went wrong</h1>
      <p className="mt-4 text-lg text-muted">
        We could not show this page just now. Please try again in a moment.
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {wayBack ? (
          <Link to={wayBack.to} className="button-primary">
            {wayBack.label}
          </Link>
        ) : null}
        <Link to="/" className={wayBack ? "button-light" : "button-primary"}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

type WayBack = { to: string; label: string };

/**
 * Staff whose edit screen failed or is gone go back to its list, or to the dashboard, and a
 * member whose account screen failed goes back to the account, rather than only to the site.
 * Visitors are offered neither: those pages would only send them to sign in.
 */
function wayBackFrom(pathname: string, user: User | null): WayBack | null {
  if (pathname.startsWith("/account/") && user) {
    return { to: "/account", label: "Back to your account" };
  }
  if (!pathname.startsWith("/admin") || user?.role !== "admin") return null;
  const list = /^\/admin\/[^/]+/.exec(pathname)?.[0];
  if (list && list !== pathname) return { to: list, label: "Back to the list" };
  return { to: "/admin", label: "Go to the admin dashboard" };
}

/** The list a page past its end belongs to (entries.server.ts), where the visitor can start over. */
function firstPageOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null || !("firstPage" in data)) return null;
  return typeof data.firstPage === "string" ? data.firstPage : null;
}

/** Admin screens of items that a delete moves to the trash (admin-trash.server.ts). */
const TRASHABLE_ITEM = /^\/admin\/(?:blog|projects|opportunities|galleries|widgets)\/[^/]+/;

/** `maybeTrashed`: a colleague may have deleted the item of a stale tab or an old link. */
function NotFoundPage({
  firstPage,
  wayBack,
  maybeTrashed,
}: {
  firstPage: string | null;
  wayBack: WayBack | null;
  maybeTrashed: boolean;
}) {
  const primary = firstPage ? { to: firstPage, label: "Go to the first page" } : wayBack;
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-semibold sm:text-5xl">Error 404 / Page Not Found</h1>
      <p className="mt-4 text-lg text-muted">
        {firstPage
          ? "This list does not have that many pages."
          : maybeTrashed
            ? "This item may have been deleted. Deleted items wait in the trash, where they can be restored."
            : "The page you are looking for has moved or never existed."}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        {primary ? (
          <Link to={primary.to} className="button-primary">
            {primary.label}
          </Link>
        ) : null}
        {maybeTrashed ? (
          <Link to="/admin/trash" className="button-light">
            Open the trash
          </Link>
        ) : null}
        <Link to="/" className={primary ? "button-light" : "button-primary"}>
          Go to the home page
        </Link>
        {primary ? null : (
          <Link to="/contact" className="button-light">
            Contact Us
          </Link>
        )}
      </p>
    </section>
  );
}
