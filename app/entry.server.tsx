import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { loadWebConfig } from "./lib/config.server.ts";
import { resolveLocale } from "./lib/locale.ts";
import { createLoadContext, requestFactsContext } from "./lib/request-context.server.ts";

/** web/host.ts calls it after an admin's successful save, beside clearing its render cache. */
export { forgetSharedData } from "./lib/shared-data.server.ts";

export const streamTimeout = 5_000;

export type HostOptions = { apiUrl: string; appUrl: string; appKey: string };
export type HostRequestFacts = { nonce: string | undefined; clientAddress: string | undefined };

/**
 * Used by web/host.ts through the server build (`build.entry.module`), so the host and the app
 * share one set of context objects.
 */
export function createHostLoadContext(
  options: HostOptions,
): (facts: HostRequestFacts) => RouterContextProvider {
  const config = loadWebConfig(process.env, options);
  return (facts) => createLoadContext({ config, ...facts });
}

/**
 * What besides the URL changes a page for a visitor without cookies: the locale its dates are
 * written in. web/host.ts keys the render cache on it (the resolved locale, never the raw header).
 */
export function renderVariantOf(request: Request): string {
  return resolveLocale(request.headers.get("Accept-Language"));
}

/** Pages and their data follow the visitor's language (dates), so a shared cache must too. */
export function handleDataRequest(response: Response): Response {
  response.headers.append("Vary", "Accept-Language");
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestFactsContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.append("Vary", "Accept-Language");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
