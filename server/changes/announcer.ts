import type { FastifyInstance } from "fastify";
import { forgetPublicEntryPages } from "../domain/entry-queries.ts";
import {
  type ChangeChannelOptions,
  type ChangePublisher,
  openChangePublisher,
  subscribeToChanges,
} from "./channel.ts";
import type pg from "pg";

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
 * The API's part (record 045): it announces its content writes, and hears those of the other
 * instances, so that the public lists it keeps for a second (domain/entries.ts) do not answer a
 * web tier that has just forgotten its pages with what was true before the change.
 */
export async function connectContentChanges(
  app: FastifyInstance,
  options: ChangeChannelOptions & { pool?: pg.Pool },
): Promise<void> {
  const publisher = await openChangePublisher(options);
  if (!publisher) return;
  announceContentChanges(app, publisher);
  const forget = () => forgetPublicEntryPages(app.db);
  const heard = await subscribeToChanges(options, { onChange: forget, onResync: forget });
  app.addHook("onClose", async () => heard?.close());
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
