export type Role = "user" | "admin";

export type User = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  two_factor: boolean;
  email_verified_at: string | null;
};

export type Widget = {
  id: number;
  name: string;
  type: "TEXT" | "IMAGE";
  html: string | null;
  image_url: string | null;
  alt: string | null;
};

export type SiteSettings = {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  donateUrl: string;
  social: { facebook: string; instagram: string; twitter: string };
};

export type EntryKind = "projects" | "blog" | "opportunities";

export type EntryListItem = {
  id: number;
  title: string;
  slug: string;
  url: string;
  preview_text: string | null;
  image_url: string | null;
  created_at: string;
};

/** `width`/`height` in pixels when the API knows them (ours may send them; Laravel's does not). */
export type EntryImage = {
  id: number;
  image_url: string;
  alt: string | null;
  width: number | null;
  height: number | null;
};

export type EntryDetail = EntryListItem & { article_html: string | null; images: EntryImage[] };

export type Paged<T> = { results: T[]; total: number };

export type WidgetMap = Record<string, Widget | null>;
