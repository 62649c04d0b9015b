import { Writable } from "node:stream";
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

  // Each page is rendered whole and answered as one buffer, never streamed: no page suspends on
  // the server (the editor and the upload zone load only in the browser), so a stream would only
  // cost the host and its compression a call per small chunk. The host also counts a render as
  // done when this resolves (web/render-slots.ts).
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const body = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.append("Vary", "Accept-Language");
              resolve(
                new Response(Buffer.concat(chunks), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
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
