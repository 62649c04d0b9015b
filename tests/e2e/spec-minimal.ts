import type { IncomingMessage } from "node:http";
import {
  answerExtensionsAsLaravel,
  startStandInBackend,
  startWebTier,
  type StandInBackend,
  type WebTier,
} from "./stand-in.ts";

/**
 * A contract backend (record 039): our API relayed, every answer cut down to exactly the fields
 * the spec names for it (§3, §7), as a Laravel backend that sends no more than that would. Ids
 * come as strings (a model without casts) and dates in Laravel's forms, varied by kind. Our API's
 * extensions (settings, trash, history, drafts, activity, messages, export) answer 404, as a
 * Laravel backend without them does, and a delete's `X-Trash-Id` (record 030, our trash) is left
 * out: spec §7 names the delete calls and shows none of their answers.
 */

type Json = Record<string, unknown>;

const KINDS = ["projects", "blog", "opportunities"] as const;
type Kind = (typeof KINDS)[number];

/** Spec §3: a list item, as the public lists get it. */
const LIST_ITEM = ["url", "image_url", "title", "preview_text"];
/** Spec §3: a project, blog post or opportunity, as its edit screen gets it. */
const ENTRY = ["id", "title", "slug", "url", "preview_text", "image_url", "article", "created_at"];
/** Spec §7: a public entry read (a blog post's also has created_at). */
const PUBLIC_ENTRY = ["title", "preview_text", "image_url", "url", "article_html", "id"];
const PUBLIC_ENTRY_IMAGE = ["image_url", "alt"];
const ENTRY_IMAGE = ["id", "image_url", "short_code", "alt"];
const USER = ["id", "firstname", "lastname", "email", "role", "two_factor"];
const WIDGET = ["id", "name", "type", "html", "image_url", "alt"];
const PUBLIC_WIDGET = ["type", "html", "image_url", "alt", "id"];
const GALLERY = ["id", "name", "image_url"];
const GALLERY_IMAGE = ["id", "image_url", "alt", "link"];
const TESTIMONIAL = ["id", "name", "score", "review"];

/** The three forms Laravel serialises a date in: Eloquent's default, `Y-m-d H:i:s`, an offset. */
const DATE_FORMS: Record<Kind, (iso: string) => string> = {
  projects: (iso) => iso.replace(/\.(\d{3})Z$/, ".$1000Z"),
  blog: (iso) => iso.slice(0, 19).replace("T", " "),
  opportunities: (iso) => {
    const shifted = new Date(Date.parse(iso) + 2 * 3600_000).toISOString();
    return `${shifted.slice(0, 19)}+02:00`;
  },
};

function pick(value: unknown, fields: readonly string[]): Json {
  const source = (value ?? {}) as Json;
  const picked: Json = {};
  for (const field of fields) {
    if (source[field] === undefined) continue;
    picked[field] =
      field === "id" && typeof source.id === "number" ? String(source.id) : source[field];
  }
  return picked;
}

function entry(kind: Kind, value: unknown, signedIn: boolean): Json {
  const source = value as Json;
  const fields = signedIn
    ? ENTRY
    : kind === "blog"
      ? [...PUBLIC_ENTRY, "created_at"]
      : PUBLIC_ENTRY;
  const picked = pick(source, fields);
  if (typeof picked.created_at === "string")
    picked.created_at = DATE_FORMS[kind](picked.created_at);
  const images = Array.isArray(source.images) ? source.images : [];
  picked.images = images.map((image) => pick(image, signedIn ? ENTRY_IMAGE : PUBLIC_ENTRY_IMAGE));
  return picked;
}

function listItem(kind: Kind, value: unknown, signedIn: boolean): Json {
  if (!signedIn) return pick(value, LIST_ITEM);
  const picked = pick(
    value,
    ENTRY.filter((field) => field !== "article"),
  );
  if (typeof picked.created_at === "string")
    picked.created_at = DATE_FORMS[kind](picked.created_at);
  return picked;
}

function gallery(value: unknown): Json {
  const source = value as Json;
  const images = Array.isArray(source.images) ? source.images : [];
  return { ...pick(source, GALLERY), images: images.map((image) => pick(image, GALLERY_IMAGE)) };
}

function page(body: Json, item: (value: unknown) => Json): Json {
  const results = Array.isArray(body.results) ? body.results : [];
  return { results: results.map(item), total: body.total };
}

/** The body the spec names for `method pathname`, or the body as it came for calls it does not. */
export function specMinimalBody(
  body: unknown,
  method: string,
  pathname: string,
  signedIn: boolean,
): unknown {
  if (typeof body !== "object" || body === null) return body;
  const json = body as Json;
  const segments = pathname.split("/").filter(Boolean);
  const [root, resource, id, more] = segments;

  if (pathname === "/api/user") return { data: pick(json.data, USER) };
  if (pathname === "/login") return "two_factor" in json ? { two_factor: json.two_factor } : {};
  // Spec §7 "the response has svg": once a secret is set up. Without one Fortify answers an
  // empty list, which stays a list (cut to `{}` it was a QR code without its svg).
  if (pathname === "/user/two-factor-qr-code")
    return Array.isArray(body) ? body : pick(json, ["svg"]);
  if (pathname === "/user/two-factor-secret-key") return pick(json, ["secretKey"]);
  if (["/forgot-password", "/reset-password"].includes(pathname)) return pick(json, ["message"]);
  if (root !== "api" || resource === undefined || more !== undefined) return body;

  const kind = KINDS.find((candidate) => candidate === resource);
  if (kind) {
    if (method === "POST" && id === undefined) return pick(json, ["id"]);
    if (id === undefined || id === "order") {
      return "results" in json ? page(json, (item) => listItem(kind, item, signedIn)) : body;
    }
    return entry(kind, json, signedIn);
  }
  switch (resource) {
    case "users":
      if (Array.isArray(json.results)) return page(json, (user) => pick(user, USER));
      return "id" in json ? pick(json, USER) : body;
    case "widgets":
      if (Array.isArray(json.results)) return page(json, (widget) => pick(widget, WIDGET));
      if (Array.isArray(body)) return body.map((widget) => pick(widget, WIDGET));
      return pick(json, id !== undefined && /^\d+$/.test(id) ? WIDGET : PUBLIC_WIDGET);
    case "galleries":
      if (method === "POST" && id === undefined) return pick(json, ["id"]);
      return Array.isArray(json.results) ? page(json, gallery) : gallery(json);
    case "testimonials":
      if (Array.isArray(json.results)) return page(json, (item) => pick(item, TESTIMONIAL));
      return pick(json, TESTIMONIAL);
    default:
      return body;
  }
}

/** Whether the call carries a session: an admin's screens, not the pages everyone shares. */
function hasSession(request: IncomingMessage): boolean {
  return /(?:^|;\s*)almoner_session=/.test(request.headers.cookie ?? "");
}

/** Relays `apiUrl` as a Laravel backend that sends only the spec's fields. */
export function startSpecMinimalBackend(
  apiUrl: string,
  statefulOrigin: string,
): Promise<StandInBackend> {
  return startStandInBackend(apiUrl, {
    statefulOrigin,
    answer: answerExtensionsAsLaravel,
    dropHeaders: ["x-trash-id"],
    rewriteJson: (text, pathname, status, _origin, request) => {
      if (status < 200 || status >= 300 || text === "") return text;
      const body = JSON.parse(text) as unknown;
      return JSON.stringify(
        specMinimalBody(body, request.method ?? "GET", pathname, hasSession(request)),
      );
    },
  });
}

/** The spec-minimal backend and a web tier in front of it, as a spec file's tests use them. */
export type SpecMinimalStack = {
  backend: StandInBackend;
  web: WebTier;
  /** As admin-support.ts and account-support.ts take them: the web tier's and the backend's. */
  urls: { appUrl: string; apiUrl: string };
};

/**
 * Starts the stack before a spec file's tests (beforeAll) and stops it after them; the object it
 * returns is filled in once they start.
 */
export function useSpecMinimalStack(test: {
  beforeAll(inner: () => Promise<void>): void;
  afterAll(inner: () => Promise<void>): void;
}): SpecMinimalStack {
  const stack = {} as SpecMinimalStack;
  test.beforeAll(async () => {
    const apiUrl = process.env.E2E_API_URL ?? process.env.E2E_BASE_URL!;
    stack.backend = await startSpecMinimalBackend(apiUrl, process.env.E2E_BASE_URL!);
    stack.web = await startWebTier(stack.backend.url);
    stack.urls = { appUrl: stack.web.url, apiUrl: stack.backend.url };
  });
  test.afterAll(async () => {
    await stack.web?.close();
    await stack.backend?.close();
  });
  return stack;
}
