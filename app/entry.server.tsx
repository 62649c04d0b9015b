import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestFactsContext } from "./lib/request-context.server.ts";

/** web/host.ts reads the app through these (app/lib/host-hooks.server.ts). */
export { createHostHooks, type HostHooks, type HostOptions } from "./lib/host-hooks.server.ts";

export const streamTimeout = 5_000;

/** Pages and their data follow the visitor's language (dates), so a shared cache must too. */
export function handleDataRequest(response: Response): Response {
  response.headers.append("Vary", "Accept-Language");
  return response;
}

/**
 * A client's mistake React Router reports (a post to a page without an action) is one line; a
 * fault of ours keeps its stack. A visitor who left is no fault at all.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const { pathname } = new URL(request.url);
    console.warn(`Refused ${error.status} ${request.method} ${pathname}: ${error.statusText}`);
    return;
  }
  console.error(error);
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
