import { z } from "zod";
import {
  ENTRY_STATUSES,
  type EntryKind,
  type EntryListItem,
  type EntryStatus,
} from "./api-types.ts";
import { requiredText } from "./forms.ts";

/**
 * What sets the three admin entry screens apart (spec §2.5): their labels, whether staff order
 * them by dragging, and the field that names the entry when a photo is uploaded (the
 * opportunity's photos name it in `project_id`, as the original backend expects).
 */
export type AdminEntryKind = {
  kind: EntryKind;
  listTitle: string;
  listIntro: string;
  addTitle: string;
  titleLabel: string;
  editTitle: string;
  articleLabel: string;
  /** Projects and opportunities are ordered by dragging; the blog is newest first, paged. */
  sortable: boolean;
  gridClassName: string;
  publishDate: boolean;
  photoOwnerField: "project_id" | "blog_id";
  emptyText: string;
};

export const ADMIN_ENTRY_KINDS = {
  projects: {
    kind: "projects",
    listTitle: "Our Focus",
    listIntro: "Drag the cards into the order visitors see them in.",
    addTitle: "Add Project",
    titleLabel: "Title",
    editTitle: "Manage Project",
    articleLabel: "Project Description",
    sortable: true,
    gridClassName: "grid gap-5 sm:grid-cols-2 lg:grid-cols-4",
    publishDate: false,
    photoOwnerField: "project_id",
    emptyText: "There are no projects yet. Add the first one.",
  },
  blog: {
    kind: "blog",
    listTitle: "Blog",
    listIntro: "News and updates, newest first.",
    addTitle: "Add Blog",
    titleLabel: "Blog Title",
    editTitle: "Manage Blog",
    articleLabel: "Blog Article",
    sortable: false,
    gridClassName: "grid gap-5 sm:grid-cols-2 lg:grid-cols-3",
    publishDate: true,
    photoOwnerField: "blog_id",
    emptyText: "There are no posts yet. Add the first one.",
  },
  opportunities: {
    kind: "opportunities",
    listTitle: "Opportunities",
    listIntro: "Drag the cards into the order visitors see them in.",
    addTitle: "Add Opportunities",
    titleLabel: "Opportunities Title",
    editTitle: "Manage Opportunity",
    articleLabel: "Opportunity Description",
    sortable: true,
    gridClassName: "grid gap-5 sm:grid-cols-2 lg:grid-cols-4",
    publishDate: false,
    photoOwnerField: "project_id",
    emptyText: "There are no opportunities yet. Add the first one.",
  },
} as const satisfies Record<EntryKind, AdminEntryKind>;

/** The widths an image can take inside the text (spec §2.5, §9). */
export const EMBED_WIDTHS = [100, 80, 66, 50, 33] as const;

/** dd/MM/yyyy (spec §9) of an ISO date, in UTC so the server and the browser agree. */
export function publishDateText(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/**
 * The ISO instant of a dd/MM/yyyy date: the same time of day as `previousIso` (so an unchanged
 * date changes nothing), on the given day. Null when the text is not a real date.
 */
export function isoFromPublishDate(text: string, previousIso: string | null): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const previous = new Date(previousIso ?? "");
  const base = Number.isNaN(previous.getTime()) ? new Date(0) : previous;
  const date = new Date(
    Date.UTC(
      year,
      month - 1,
      day,
      base.getUTCHours(),
      base.getUTCMinutes(),
      base.getUTCSeconds(),
      base.getUTCMilliseconds(),
    ),
  );
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.toISOString() : null;
}

export const CreateEntrySchema = z.object({ title: requiredText("title") });

/** "Edit Photo" of an entry's photo: its alt text; the API checks the rest (record 032). */
export const EntryPhotoSchema = z.object({ alt: z.string().trim().optional() });

/** The edit form; the browser checks the title, the API every rule (slug, date, image). */
export const EntryFormSchema = z.object({
  title: requiredText("title"),
  slug: z.string().trim().optional(),
  preview_text: z.string().optional(),
  article: z.string().optional(),
  created_at: z.string().trim().optional(),
});

/**
 * The edit form's fields as it loads them from `entry`: what a save without versions (a Laravel
 * backend) compares with the entry as saved now (record 057).
 */
export function entryFormValues(entry: {
  title: string;
  slug: string;
  created_at: string | null;
  preview_text: string | null;
  article: string | null;
}): Record<string, string> {
  return {
    title: entry.title,
    slug: entry.slug,
    created_at: publishDateText(entry.created_at),
    preview_text: entry.preview_text ?? "",
    article: entry.article ?? "",
  };
}

/** The edit form's fields by their labels, for "Saved by someone else meanwhile". */
export function entryFieldLabels(config: AdminEntryKind): Record<string, string> {
  return {
    title: "Title",
    slug: "Item Slug URL",
    created_at: "Change Publish Date",
    preview_text: "Preview Text",
    article: config.articleLabel,
  };
}

/**
 * A list card: the item, with its status when the API says (our API to admins, record 031). Its
 * id is what the screen edits, orders and deletes it by.
 */
export type AdminEntryListItem = EntryListItem & { id: number };

/** The filters of an admin entry list (`?status=`), as the links above it name them. */
export const STATUS_FILTERS: { status: EntryStatus | ""; label: string }[] = [
  { status: "", label: "All" },
  { status: "draft", label: "Drafts" },
  { status: "scheduled", label: "Scheduled" },
  { status: "published", label: "Published" },
];

/** The status filter a list URL asks for; anything else is none. */
export function requestedStatus(url: URL): EntryStatus | "" {
  const status = url.searchParams.get("status") ?? "";
  return (ENTRY_STATUSES as readonly string[]).includes(status) ? (status as EntryStatus) : "";
}

/** How an entry's status is named on its badge. */
export const STATUS_LABELS: Record<EntryStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/**
 * The kind of entry an admin address is about (`/admin/blog/12` → the blog's): one route module
 * serves the three lists, one the three edit screens, one their photo uploads. Any other
 * address is a 404.
 */
export function adminEntryKindAt(pathname: string): AdminEntryKind {
  const segment = pathname.split("/")[2] ?? "";
  if (!Object.hasOwn(ADMIN_ENTRY_KINDS, segment)) {
    throw new Response("Not Found", { status: 404 });
  }
  return ADMIN_ENTRY_KINDS[segment as keyof typeof ADMIN_ENTRY_KINDS];
}

/** What the delete confirmation says goes: "the blog post “Spring fair”". */
export function entrySubject(kind: EntryKind, title: string): string {
  const noun = { projects: "project", blog: "blog post", opportunities: "opportunity" }[kind];
  return `the ${noun} “${title}”`;
}

/** What goes with an entry: its photos, when it has any. */
export function photosConsequence(count: number): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? "Its 1 photo goes with it." : `Its ${count} photos go with it.`;
}
