import type { FastifyInstance, FastifyRequest } from "fastify";
import { ENTRY_SEGMENTS, findEntry, listEntries, type EntrySegment } from "../domain/entries.ts";
import { notFound } from "../errors.ts";
import { presentEntry, presentEntryPage } from "../presenters/entry.ts";
import { parsePathKey } from "./path-key.ts";
import { z } from "./validation.ts";

/**
 * A whole number from the query string, with Laravel's wording; absent or empty (Laravel's
 * ConvertEmptyStringsToNull) means the default.
 */
function integerParam(
  field: string,
  { min, max, fallback }: { min: number; max?: number; fallback: number },
) {
  const integer = z.int({
    error: (issue) =>
      issue.code === "invalid_type" ? `The ${field} field must be an integer.` : undefined,
  });
  return z.preprocess(
    (value) => {
      if (value === undefined || value === "") return fallback;
      if (typeof value === "string" && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
      return value;
    },
    max === undefined ? integer.min(min) : integer.min(min).max(max),
  );
}

const isAdmin = (request: FastifyRequest) => request.user?.role === "admin";

const listQuery = z.object({
  page: integerParam("page", { min: 0, fallback: 0 }),
  limit: integerParam("limit", { min: 1, max: 100, fallback: 24 }),
});

/**
 * The public read side of projects, blog posts and opportunities: no guard, any origin. Entries
 * scheduled for later are left out, except for a signed-in admin.
 */
export async function entryRoutes(app: FastifyInstance) {
  for (const segment of Object.keys(ENTRY_SEGMENTS) as EntrySegment[]) {
    const kind = ENTRY_SEGMENTS[segment];

    app.get(`/api/${segment}`, async (request) => {
      const { page, limit } = listQuery.parse(request.query ?? {});
      const { entries, total } = await listEntries(app.db, kind, {
        page,
        limit,
        includeScheduled: isAdmin(request),
      });
      return presentEntryPage(entries, total);
    });

    app.get<{ Params: { key: string } }>(`/api/${segment}/:key`, async (request) => {
      const found = await findEntry(app.db, kind, parsePathKey(request.params.key), {
        includeScheduled: isAdmin(request),
      });
      if (!found) throw notFound();
      return presentEntry(found.entry, found.images);
    });
  }
}
