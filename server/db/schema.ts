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
  created_at: string;
  updated_at: string;
};

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
  created_at: string;
};

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
