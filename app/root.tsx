import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  type MetaDescriptor,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { ApiClient } from "./lib/api.server.ts";
import { loadCurrentUser } from "./lib/current-user.server.ts";
import { pageLocationOf } from "./lib/guards.server.ts";
import { resolveLocale } from "./lib/locale.ts";
import {
  apiClientContext,
  currentUserContext,
  requestFactsContext,
  siteSettingsContext,
} from "./lib/request-context.server.ts";
import { LOGO_SVG } from "./lib/brand-logo.ts";
import { useRootData, type RootLoaderData } from "./lib/root-data.ts";
import type { User } from "./lib/api-types.ts";
import { FEED_PATH } from "./lib/rss.ts";
import { pageMeta } from "./lib/seo.ts";
import { loadSiteSettings } from "./lib/site-settings.server.ts";
import { jsonLdText, organizationJsonLd } from "./lib/structured-data.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheetUrl },
  {
    rel: "icon",
    type: "image/svg+xml",
    href: `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`,
  },
  { rel: "alternate", type: "application/rss+xml", title: "News and Updates", href: FEED_PATH },
];

/**
 * Per request: an API client carrying the visitor's cookies, then the current user and the
 * organisation's details before anything renders. On the way out every cookie the API set
 * goes to the browser.
 */
const apiSessionMiddleware: Route.MiddlewareFunction = async ({ request, url, context }, next) => {
  const facts = context.get(requestFactsContext);
  const api = new ApiClient({
    apiUrl: facts.config.apiUrl,
    appUrl: facts.config.appUrl,
    cookieHeader: request.headers.get("Cookie"),
    clientAddress: facts.clientAddress,
    pageLocation: pageLocationOf(url),
    deadline: facts.deadline,
  });
  context.set(apiClientContext, api);
  const [user, settings] = await Promise.all([
    loadCurrentUser(api),
    loadSiteSettings(facts.config),
  ]);
  context.set(currentUserContext, user);
  context.set(siteSettingsContext, settings);

  const response = await next();
  return withCookiesForBrowser(response, api.cookiesForBrowser);
};

function withCookiesForBrowser(response: Response, cookies: readonly string[]): Response {
  if (cookies.length === 0) return response;
  let relayed = response;
  try {
    for (const cookie of cookies) relayed.headers.append("Set-Cookie", cookie);
  } catch {
    relayed = new Response(response.body, response);
    for (const cookie of cookies) relayed.headers.append("Set-Cookie", cookie);
  }
  relayed.headers.set("Cache-Control", "private, no-store");
  return relayed;
}

export const middleware: Route.MiddlewareFunction[] = [apiSessionMiddleware];

export function loader({ request, context }: Route.LoaderArgs): RootLoaderData {
  const facts = context.get(requestFactsContext);
  return {
    user: context.get(currentUserContext),
    settings: context.get(siteSettingsContext),
    appUrl: facts.config.appUrl,
    locale: resolveLocale(request.headers.get("Accept-Language")),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#155459" />
        <Meta />
        <Links />
        {root ? (
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{
              __html: jsonLdText(organizationJsonLd(root.settings, root.appUrl)),
            }}
          />
        ) : null}
      </head>
      <body className="flex min-h-screen flex-col">
        {/* Focused, it is a bar above the header: it pushes the page down instead of covering the logo. */}
        <a
          href="#main"
          className="sr-only bg-brand-900 px-4 py-3 text-center font-semibold text-white focus:not-sr-only focus:block"
        >
          Skip to content
        </a>
        {root ? <SiteHeader settings={root.settings} user={root.user} /> : null}
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
        {root ? <SiteFooter settings={root.settings} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ matches, location, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta(
    { matches, location },
    notFound
      ? { title: "Page Not Found", description: "The page you asked for does not exist." }
      : { title: "Something went wrong", description: "The page could not be shown." },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
