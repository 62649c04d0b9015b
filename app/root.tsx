import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type MetaDescriptor,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { ErrorPage } from "./components/error-page.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { ApiClient } from "./lib/api.server.ts";
import { loadCurrentUser } from "./lib/current-user.server.ts";
import { withSetCookies } from "./lib/flash.server.ts";
import { pageLocationOf } from "./lib/guards.server.ts";
import { resolveLocale } from "./lib/locale.ts";
import {
  apiClientContext,
  currentUserContext,
  requestFactsContext,
  sessionUnknownContext,
  siteSettingsContext,
} from "./lib/request-context.server.ts";
import { LOGO_SVG } from "./lib/brand-logo.ts";
import { useRootData, type RootLoaderData } from "./lib/root-data.ts";
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
  const [session, settings] = await Promise.all([
    loadCurrentUser(api),
    loadSiteSettings(facts.config, facts.deadline),
  ]);
  context.set(currentUserContext, session.user);
  context.set(sessionUnknownContext, !session.known);
  context.set(siteSettingsContext, settings);

  const response = await next();
  return withSetCookies(response, api.cookiesForBrowser);
};

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
  return <ErrorPage error={error} />;
}
