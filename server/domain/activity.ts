import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import type { ActivityTable } from "../db/schema.ts";
import type { PageRequest } from "./paging.ts";
import { matchesSearch } from "./text-search.ts";

/** Who did something: a signed-in user (kept by id and by the name they had), or nobody known. */
export type Actor = { id: number; name: string } | null;

/** Who a line names: an actor, or work done outside anyone's session, named all the same. */
export type ActivityBy = Actor | { id: null; name: string };
/** `npm run user:*` on the server. */
export const OPERATOR: ActivityBy = { id: null, name: "The site's operator" };
/** What the site does by itself: the trash emptied of what has been there its days. */
export const AUTOMATIC: ActivityBy = { id: null, name: "The site, automatically" };

export type Activity = Selectable<ActivityTable>;

/**
 * One line of the activity log (record 030). `action` is a verb the Activity screen names
 * ("created", "saved", "deleted", "signed_in", …); `subject` the kind of item ("blog", "widget",
 * "user", "account", …) with its id, title and admin link. Never a password, a token, a code or a
 * message body.
 */
export type ActivityRecord = {
  action: string;
  subject?: string | null;
  subjectId?: number | null;
  title?: string;
  link?: string | null;
  ipAddress?: string | null;
};

/** An activity line names a user by name, never by address. */
export const userLine = (user: { id: number; firstname: string; lastname: string }) => ({
  subject: "user",
  subjectId: user.id,
  title: `${user.firstname} ${user.lastname}`.trim(),
});

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;
/** How many days each database keeps its lines (set at start), and when this process last pruned it. */
const retention = new WeakMap<DB, { keepDays: number; prunedAt: number }>();

/**
 * Deletes the lines older than `keepDays` now (the API's start), and from then on as new lines
 * come, at most once a minute per process: no cron job.
 */
export async function keepActivityFor(db: DB, keepDays: number): Promise<number> {
  retention.set(db, { keepDays, prunedAt: 0 });
  return pruneActivity(db);
}

/** Records one line; now and then, prunes the old ones. */
export async function recordActivity(
  db: DB,
  actor: ActivityBy,
  record: ActivityRecord,
): Promise<void> {
  await db
    .insertInto("activity")
    .values({
      user_id: actor?.id ?? null,
      user_name: actor?.name ?? "",
      action: record.action,
      subject: record.subject ?? null,
      subject_id: record.subjectId ?? null,
      title: (record.title ?? "").slice(0, 200),
      link: record.link ?? null,
      ip_address: record.ipAddress ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
  const kept = retention.get(db);
  if (kept && Date.now() - kept.prunedAt >= PRUNE_EVERY_MS) await pruneActivity(db);
}

/** Deletes the lines older than the database's retention; returns how many went. */
async function pruneActivity(db: DB): Promise<number> {
  const kept = retention.get(db);
  if (!kept) return 0;
  kept.prunedAt = Date.now();
  const cutoff = new Date(Date.now() - kept.keepDays * DAY_MS).toISOString();
  const result = await db
    .deleteFrom("activity")
    .where("created_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The admin screen of an entry kind, under /admin. */
const ENTRY_SCREENS: Record<string, string> = {
  project: "projects",
  blog: "blog",
  opportunity: "opportunities",
};

/**
 * The web tier's admin screen of an item: `/admin/blog/12`, `/admin/galleries/2`,
 * `/admin/testimonials`… A photo links its entry's or gallery's screen (`ownerId`).
 */
export function activityLink(subject: string, id?: number | null, ownerId?: number): string | null {
  const entryScreen = ENTRY_SCREENS[subject];
  if (entryScreen) return id ? `/admin/${entryScreen}/${id}` : `/admin/${entryScreen}`;
  switch (subject) {
    case "gallery":
      return id ? `/admin/galleries/${id}` : "/admin/galleries";
    case "gallery_image":
      return ownerId ? `/admin/galleries/${ownerId}` : "/admin/galleries";
    case "widget":
      return id ? `/admin/widgets/${id}` : "/admin/widgets";
    case "testimonial":
      return "/admin/testimonials";
    case "settings":
      return "/admin/settings";
    case "user":
      return id ? `/admin/users/${id}` : "/admin/users";
    case "contact_message":
      return "/admin/messages";
    default:
      return null;
  }
}

/** The screen of an entry's photo: its entry's. */
export function entryImageLink(kind: string, entryId: number): string {
  return `/admin/${ENTRY_SCREENS[kind] ?? kind}/${entryId}`;
}

/** The title an entry or gallery has now, for a line about one of its photos. */
export async function ownerTitle(
  db: DB,
  table: "entries" | "galleries",
  id: number,
): Promise<string> {
  if (table === "entries") {
    const row = await db
      .selectFrom("entries")
      .select("title")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.title ?? "";
  }
  const row = await db
    .selectFrom("galleries")
    .select("name")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.name ?? "";
}

export type ActivityFilter = {
  userId?: number;
  /** Kinds; an entry kind also takes in the photos of entries of that kind. */
  subjects?: string[];
  actions?: string[];
  /** Words that must all appear in the line's title or person's name (`?q=`). */
  search?: string;
};

/** One page of the log, newest first, and how many lines match in all. */
export async function listActivity(
  db: DB,
  { page, limit }: PageRequest,
  filter: ActivityFilter = {},
): Promise<{ activity: Activity[]; total: number }> {
  const filtered = db.selectFrom("activity").where((eb) => {
    const conditions = [];
    if (filter.userId !== undefined) conditions.push(eb("user_id", "=", filter.userId));
    if (filter.actions?.length) conditions.push(eb("action", "in", filter.actions));
    if (filter.subjects?.length) {
      const photoScreens = filter.subjects
        .filter((subject) => ENTRY_SCREENS[subject])
        .map((subject) => `/admin/${ENTRY_SCREENS[subject]}/%`);
      conditions.push(
        eb.or([
          eb("subject", "in", filter.subjects),
          ...photoScreens.map((screen) =>
            eb.and([eb("subject", "=", "entry_image"), eb("link", "like", screen)]),
          ),
        ]),
      );
    }
    if (filter.search) conditions.push(matchesSearch(["title", "user_name"], filter.search));
    return eb.and(conditions);
  });
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  if (page * limit >= Number(total)) return { activity: [], total: Number(total) };
  const activity = await filtered
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(page * limit)
    .execute();
  return { activity, total: Number(total) };
}

/** Everyone who appears in the log, under the name of their newest line, by name. */
export async function activityPeople(db: DB): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom("activity")
    .select(["user_id", "user_name"])
    .where("id", "in", (eb) =>
      eb
        .selectFrom("activity")
        .select((inner) => inner.fn.max("id").as("id"))
        .where("user_id", "is not", null)
        .groupBy("user_id"),
    )
    .execute();
  return rows
    .map((row) => ({ id: row.user_id!, name: row.user_name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
