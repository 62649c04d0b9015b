import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { apiId, optionalDate } from "./api-fields.ts";
import { ActivityPageSchema, type ActivityLine } from "./admin-activity.ts";
import { ADMIN_ENTRY_KINDS } from "./admin-entries.ts";
import { assertOk } from "./api.server.ts";
import { inWords } from "./operations.server.ts";
import { ContactMessageSchema, pagedSchema, type ContactMessage } from "./api-types.ts";
import { apiClientContext, siteSettingsContext } from "./request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

const RECENT = 5;

/**
 * An entry as the dashboard lists it: `GET /api/{kind}?status=draft|scheduled&limit=5` (the
 * drafts contract). Only id, title and `status` are needed; an item without `status` (a backend
 * that does not know it) is not listed.
 */
const DashboardEntrySchema = z.object({
  id: apiId,
  title: z.string().catch(""),
  status: z.string().nullish().catch(null),
  created_at: optionalDate,
});

export type DashboardEntry = {
  id: number;
  title: string;
  kindLabel: string;
  link: string;
  date: string | null;
};

export type EntryStatus = "draft" | "scheduled";

/** What a section shows: its items, or null when its call failed (the others still show). */
export type Section<T> = T[] | null;

export type Dashboard = {
  messages: Section<ContactMessage>;
  drafts: Section<DashboardEntry>;
  scheduled: Section<DashboardEntry>;
  activity: Section<ActivityLine>;
} | null;

const KIND_LABELS = { projects: "Our Focus", blog: "Blog", opportunities: "Opportunities" };

/**
 * /admin (record 036): the newest messages, the drafts and scheduled entries, and the newest
 * activity, read side by side. Against a Laravel backend, which has none of them, null: the
 * screen is the spec's heading and note.
 */
export async function loadDashboard(context: Context): Promise<Dashboard> {
  if (!context.get(siteSettingsContext).editable) return null;
  const api = context.get(apiClientContext);
  const read = async <Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    query: Record<string, string | number>,
  ): Promise<z.output<Schema>> => assertOk(await api.get(path, { schema, query }), `GET ${path}`);
  const section = async <T>(read: () => Promise<T[]>): Promise<Section<T>> => {
    try {
      return await read();
    } catch (error) {
      // A redirect (the session ended) is the page's answer; anything else leaves this section out.
      if (error instanceof Response) throw error;
      console.error(`A dashboard section is shown as unavailable: ${inWords(error)}`);
      return null;
    }
  };
  const entries = (status: EntryStatus) =>
    section(async () => {
      const lists = await Promise.all(
        Object.values(ADMIN_ENTRY_KINDS).map(async ({ kind }) => {
          const page = await read(`/api/${kind}`, pagedSchema(DashboardEntrySchema), {
            status,
            limit: RECENT,
          });
          return (
            page.results
              // Only what says it is one: an API that ignores `status` answers its newest entries.
              .filter((entry) => entry.status === status)
              .map((entry) => ({
                id: entry.id,
                title: entry.title,
                kindLabel: KIND_LABELS[kind],
                link: `/admin/${kind}/${entry.id}`,
                date: entry.created_at ?? null,
              }))
          );
        }),
      );
      return lists.flat();
    });
  const [messages, drafts, scheduled, activity] = await Promise.all([
    section(async () => {
      const page = await read("/api/contact-messages", pagedSchema(ContactMessageSchema), {
        state: "inbox",
        limit: RECENT,
      });
      return page.results;
    }),
    entries("draft"),
    entries("scheduled"),
    section(async () => {
      const page = await read("/api/activity", ActivityPageSchema, { limit: RECENT });
      return page.results;
    }),
  ]);
  return { messages, drafts, scheduled, activity };
}
