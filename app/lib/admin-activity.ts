import { z } from "zod";

/** A line of the activity log as `GET /api/activity` answers it (record 030). */
export const ActivityLineSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  subject: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  title: z.string(),
  link: z.string().nullable(),
  user: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ActivityLine = z.infer<typeof ActivityLineSchema>;

export const ActivityPageSchema = z.object({
  results: z.array(ActivityLineSchema),
  total: z.number().int(),
  people: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

const TRASHABLE = [
  "project",
  "blog",
  "opportunity",
  "entry_image",
  "gallery",
  "gallery_image",
  "testimonial",
  "widget",
  "contact_message",
  "user",
  "draft",
];

/** The "Kind" filter's choices, and what each asks the API for. */
export const ACTIVITY_KINDS = [
  { value: "", label: "All", query: {} },
  { value: "project", label: "Projects", query: { subject: "project" } },
  { value: "blog", label: "Blog", query: { subject: "blog" } },
  { value: "opportunity", label: "Opportunities", query: { subject: "opportunity" } },
  { value: "gallery", label: "Galleries", query: { subject: "gallery,gallery_image" } },
  { value: "testimonial", label: "Testimonials", query: { subject: "testimonial" } },
  { value: "widget", label: "Widgets", query: { subject: "widget" } },
  { value: "settings", label: "Settings", query: { subject: "settings" } },
  { value: "user", label: "Users", query: { subject: "user" } },
  { value: "message", label: "Messages", query: { subject: "contact_message" } },
  { value: "account", label: "Account security", query: { subject: "account" } },
  {
    value: "trash",
    label: "Trash",
    query: { subject: TRASHABLE.join(","), action: "deleted,restored,purged" },
  },
] as const satisfies readonly {
  value: string;
  label: string;
  query: { subject?: string; action?: string };
}[];

const NOUNS: Record<string, string> = {
  project: "project",
  blog: "blog post",
  opportunity: "opportunity",
  gallery: "gallery",
  testimonial: "testimonial",
  widget: "widget",
  user: "user",
};

const PLURALS: Record<string, string> = {
  project: "projects",
  blog: "blog posts",
  opportunity: "opportunities",
};

const quoted = (title: string) => `“${title}”`;

/** A line about a visitor's message (record 036); its title is "Message from <name>". */
function messageSentence(action: string, title: string): string {
  const message = title.replace(/^Message from /, "the message from ") || "a message";
  switch (action) {
    case "marked_read":
      return `Marked ${message} as read`;
    case "marked_unread":
      return `Marked ${message} as unread`;
    case "archived":
      return `Archived ${message}`;
    case "deleted":
      return `Moved ${message} to the trash`;
    case "restored":
      return `Restored ${message} from the trash`;
    case "purged":
      return `Deleted ${message} for good`;
    default:
      return `${action.replaceAll("_", " ")} ${message}`;
  }
}

/** What happened, as a sentence: "Saved blog post “Title”", "Failed sign-in for a@b.org"… */
export function activitySentence({ action, subject, title, link }: ActivityLine): string {
  switch (action) {
    case "signed_in":
      return "Signed in";
    case "sign_in_failed":
      return title ? `Failed sign-in for ${title}` : "Failed sign-in";
    case "two_factor_enabled":
      return "Turned on two-factor authentication";
    case "two_factor_disabled":
      return "Turned off two-factor authentication";
    case "password_changed":
      return "Changed their password";
    case "recovery_code_used":
      return "Signed in with a recovery code";
    case "data_exported":
      return "Downloaded their data";
    case "account_deleted":
      return "Deleted their account";
    case "invitation_accepted":
      return "Accepted the invitation and set a password";
    case "backup_downloaded":
      return "Downloaded a backup of the site";
  }
  if (subject === "contact_message") return messageSentence(action, title);
  const photo = subject === "entry_image" || subject === "gallery_image";
  const item =
    subject === "settings"
      ? "the settings"
      : subject === "draft"
        ? title.replace(/^Unsaved/, "unsaved")
        : photo
          ? `a photo of ${quoted(title)}`
          : `${NOUNS[subject ?? ""] ?? subject ?? "item"} ${quoted(title)}`;
  switch (action) {
    case "created":
      return `Created ${item}`;
    case "saved":
      return photo ? `Saved the caption of ${item}` : `Saved ${item}`;
    case "deleted":
      if (subject === "draft") return `Discarded ${item}`;
      // Users were deleted for good before record 055; those lines link nowhere.
      return subject === "user" && !link ? `Deleted ${item}` : `Moved ${item} to the trash`;
    case "restored":
      return `Restored ${item} from the trash`;
    case "purged":
      return `Deleted ${item} for good`;
    case "reordered":
      if (!title) return `Reordered the ${PLURALS[subject ?? ""] ?? "items"}`;
      return `Reordered the photos of ${item.replace(/^a photo of /, "")}`;
    case "uploaded":
      return `Uploaded a photo to ${quoted(title)}`;
    case "rotated":
      return `Rotated ${item}`;
    case "version_restored":
      return `Restored an earlier version of ${item}`;
    case "published":
      return `Published ${item}`;
    case "unpublished":
      return `Took ${item} back to a draft`;
    case "role_changed":
      return `Changed the role of ${item}`;
    case "invited":
      return `Invited ${item}`;
    case "two_factor_turned_off":
      return `Turned off two-factor sign-in for ${item}`;
    default:
      return `${action.replaceAll("_", " ")} ${item}`;
  }
}
