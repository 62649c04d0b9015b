import type { FastifyInstance } from "fastify";
import type { ChangePublisher } from "./channel.ts";

/**
 * The routes whose writes change what visitors see: entries and their photos, widgets, the
 * settings, testimonials, galleries and their pictures, the trash (restore, purge) and restored
 * versions. Sign-in, account, draft, message and user writes change no public page.
 */
const CONTENT_ROUTE =
  /^\/api\/(?:projects|blog|opportunities|widgets|settings|testimonials|galleries|trash|revisions)(?:images)?(?:\/|$)/;

/** Whether a write to this route pattern (Fastify's `routeOptions.url`) changes public pages. */
export function changesContent(route: string | undefined): boolean {
  return route !== undefined && CONTENT_ROUTE.test(route);
}

/**
 * Announces every successful write to a content route, once its answer has gone (its
 * transaction has committed by then): one hook rather than a call in each of the domain's write
 * paths, so a route added later is covered by its address (record 045).
 */
export function announceContentChanges(app: FastifyInstance, publisher: ChangePublisher): void {
  app.addHook("onResponse", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") {
      return;
    }
    if (reply.statusCode >= 400) return;
    const route = request.routeOptions.url;
    if (changesContent(route)) publisher.publish({ method: request.method, route: route! });
  });
  app.addHook("onClose", async () => publisher.close());
}
