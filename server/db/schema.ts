import type { Generated } from "kysely";

/** Ids are 32-bit serials: a larger number names no row (and PostgreSQL would reject it). */
export const MAX_ID = 2_147_483_647;

/** Dates are ISO 8601 strings and booleans are 0/1 integers, so both databases store the same values. */
export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  entries: EntriesTable;
  entry_images: EntryImagesTable;
  entry_old_slugs: EntryOldSlugsTable;
  widgets: WidgetsTable;
  galleries: GalleriesTable;
  gallery_images: GalleryImagesTable;
  testimonials: TestimonialsTable;
  contact_messages: ContactMessagesTable;
  settings: SettingsTable;
  throttles: ThrottlesTable;
  trash: TrashTable;
  revisions: RevisionsTable;
  drafts: DraftsTable;
  activity: ActivityTable;
  user_invitations: UserInvitationsTable;
};

export type UsersTable = {
  id: Generated<number>;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  role: "user" | "admin";
  email_verified_at: string | null;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: string | null;
  two_factor_last_step: number | null;
  remember_token: string | null;
  created_at: string;
  updated_at: string;
};

export type SessionsTable = {
  id: string;
  user_id: number | null;
  payload: string;
  ip_address: string | null;
  user_agent: string | null;
  last_activity: number;
};

export type PasswordResetTokensTable = {
  email: string;
  token: string;
  created_at: string;
};

export type EntryKind = "project" | "blog" | "opportunity";

export type EntriesTable = {
  id: Generated<number>;
  kind: EntryKind;
  title: string;
  slug: string;
  article: string;
  article_html: string;
  preview_text: string;
  image: string | null;
  position: number;
  /** Record 031: a draft is seen by admins only; "scheduled" is a published entry dated ahead. */
  status: Generated<EntryStatus>;
  /** 0 while staff have not chosen the date of a draft: publishing then dates it (record 052). */
  date_chosen: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type EntryStatus = "draft" | "published";

export type EntryImagesTable = {
  id: Generated<number>;
  entry_id: number;
  path: string;
  alt: string;
  position: number;
  /** Pixel size of the stored original; null for images stored before sizes were kept. */
  width: number | null;
  height: number | null;
  created_at: string;
};

/** A slug an entry had before it was renamed: its URL redirects to the entry (record 025). */
export type EntryOldSlugsTable = {
  id: Generated<number>;
  entry_id: number;
  kind: EntryKind;
  slug: string;
  created_at: string;
};

export type WidgetsTable = {
  id: Generated<number>;
  name: string;
  type: "TEXT" | "IMAGE";
  html: string;
  image: string | null;
  alt: string;
  created_at: string;
  updated_at: string;
};

export type GalleriesTable = {
  id: Generated<number>;
  name: string;
  created_at: string;
  updated_at: string;
};

export type GalleryImagesTable = {
  id: Generated<number>;
  gallery_id: number;
  path: string;
  alt: string;
  link: string;
  position: number;
  created_at: string;
};

export type TestimonialsTable = {
  id: Generated<number>;
  name: string;
  score: number;
  review: string;
  created_at: string;
  updated_at: string;
};

export type ContactMessagesTable = {
  id: Generated<number>;
  name: string;
  telephone: string;
  email: string;
  message: string;
  ip: string | null;
  mailed_at: string | null;
  /** Set while an API instance is mailing the message (see domain/contact.ts). */
  mail_claimed_at: string | null;
  /** Record 036: unread until an admin marks it read or archives it. */
  state: ContactMessageState;
  created_at: string;
};

export type ContactMessageState = "unread" | "read" | "archived";

export type SettingsTable = {
  key: string;
  value: string;
};

export type ThrottlesTable = {
  key: string;
  points: number;
  /** When the window ends, in milliseconds since the epoch. */
  expire: number | null;
};

/** What can be in the trash (record 030). */
export type TrashKind =
  | EntryKind
  | "entry_image"
  | "gallery"
  | "gallery_image"
  | "testimonial"
  | "widget"
  | "contact_message"
  | "user"
  | "draft";

/**
 * A deleted item, kept until it is restored or purged: its rows and those of everything it owns
 * (JSON, by table), and the storage keys of its files, which stay in storage until the purge.
 */
export type TrashTable = {
  id: Generated<number>;
  kind: TrashKind;
  /** The item's id before deletion; a restore puts it back under the same id. */
  item_id: number;
  /** The entry or gallery a trashed photo belonged to. */
  parent_id: number | null;
  title: string;
  /** JSON: `{ [table]: row[] }`. */
  rows: string;
  /** JSON: storage keys. */
  files: string;
  deleted_by: number | null;
  deleted_by_name: string;
  deleted_at: string;
};

/** What keeps revisions: an entry's kind, a widget, a testimonial, or the site settings (id 0). */
export type RevisionSubject = EntryKind | "widget" | "testimonial" | "settings";

/**
 * The state of an item after one save. `version` counts the item's saves (1, 2, …); the newest
 * revision's version is the item's current version, which edit forms carry (409 when stale).
 */
export type RevisionsTable = {
  id: Generated<number>;
  subject: RevisionSubject;
  subject_id: number;
  version: number;
  /** JSON: the item's editable fields after the save. */
  data: string;
  /** JSON: the names of the fields this save changed. */
  changed: string;
  user_id: number | null;
  user_name: string;
  created_at: string;
};

/** A user's unsaved changes to an item, stored by autosave; one per user and item. */
export type DraftsTable = {
  id: Generated<number>;
  user_id: number;
  subject: RevisionSubject;
  subject_id: number;
  /** The version the edit form was loaded at. */
  version: number | null;
  /** JSON: field name → value, as the form holds them. */
  data: string;
  saved_at: string;
};

/** One thing staff did, or one security event of an account; kept ACTIVITY_DAYS. */
export type ActivityTable = {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  action: string;
  subject: string | null;
  subject_id: number | null;
  title: string;
  /** The admin screen of the item, when it has one. */
  link: string | null;
  ip_address: string | null;
  created_at: string;
};

/**
 * An admin's invitation to a new user (record 036): a link to set a password, single use, until
 * `expires_at`. Only the token's hash is kept; `email` is the address it was mailed to.
 */
export type UserInvitationsTable = {
  id: Generated<number>;
  user_id: number;
  email: string;
  token: string;
  invited_by: number | null;
  invited_by_name: string;
  created_at: string;
  expires_at: string;
  /** Null until the mail was handed over. */
  mailed_at: string | null;
};
