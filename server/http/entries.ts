import type { FastifyInstance, FastifyRequest } from "fastify";
import { ENTRY_SEGMENTS, type EntrySegment } from "../domain/entries.ts";
import { findEntry, listEntries } from "../domain/entry-queries.ts";
import { oldSlugsOf } from "../domain/entry-slugs.ts";
import { withEmbeddedGalleries } from "../domain/gallery-embeds.ts";
import { listEntriesForAdmin } from "../domain/entry-status.ts";
import { currentVersion } from "../domain/revisions.ts";
import { notFound } from "../errors.ts";
import {
  presentAdminEntryPage,
  presentEntry,
  presentEntryForAdmin,
  presentEntryPage,
} from "../presenters/entry.ts";
import { entryListQuery } from "./entry-forms.ts";
import { pathKeyParam } from "./path-key.ts";
import { route } from "./route.ts";
import { z } from "./validation.ts";

const isAdmin = (request: FastifyRequest) => request.user?.role === "admin";

/**
 * The public read side of projects, blog posts and opportunities: no guard, any origin. Drafts and
 * entries scheduled for later are left out, except for a signed-in admin, who also reads each
 * one's status, filters and searches the lists (`status`, `q`; record 031) and reads an entry's
 * old slugs. An old slug finds the entry it redirects to.
 */
export async function entryRoutes(app: FastifyInstance) {
  for (const segment of Object.keys(ENTRY_SEGMENTS) as EntrySegment[]) {
    const kind = ENTRY_SEGMENTS[segment];

    app.get(
      `/api/${segment}`,
      route({ query: entryListQuery }, async ({ query: { page, limit, q, status } }, request) => {
        if (isAdmin(request)) {
          const { entries, total } = await listEntriesForAdmin(app.db, kind, {
            page,
            limit,
            q,
            status,
          });
          return presentAdminEntryPage(entries, total);
        }
        // Visitors see published entries only, so asking for the others finds none.
        if (status === "draft" || status === "scheduled") return presentEntryPage([], 0);
        const { entries, total } = await listEntries(app.db, kind, { page, limit });
        return presentEntryPage(entries, total);
      }),
    );

    app.get(
      `/api/${segment}/:key`,
      route({ params: z.object({ key: pathKeyParam }) }, async ({ params: { key } }, request) => {
        const asAdmin = isAdmin(request);
        const found = await findEntry(app.db, kind, key, { includeScheduled: asAdmin });
        if (!found) throw notFound();
        const entry = await withEmbeddedGalleries(app.db, found.entry);
        if (!asAdmin) return presentEntry(entry, found.images);
        return presentEntryForAdmin(
          entry,
          found.images,
          await oldSlugsOf(app.db, found.entry.id),
          await currentVersion(app.db, kind, found.entry.id),
        );
      }),
    );
  }
}
