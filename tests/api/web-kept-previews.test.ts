// Record 058: a typed preview is kept for its tab, and shown again only for its item and to the
// admin who pressed Preview.
import { describe, expect, it } from "vitest";
import { UserSchema } from "../../app/lib/api-types.ts";
import {
  keepTypedPreview,
  keptTypedPreview,
  type KeptPreview,
  type TypedPreview,
} from "../../app/lib/entry-preview.server.ts";
import { memoryStore } from "../../app/lib/kept-form-store.server.ts";
import { createLoadContext } from "../../app/lib/request-context.server.ts";

const adminNumbered = (id: number) =>
  UserSchema.parse({
    id,
    firstname: "Ada",
    lastname: `Admin ${id}`,
    email: `admin-${id}@example.org`,
    role: "admin",
  });

const typed: TypedPreview = {
  entry: {
    id: 7,
    title: "Typed title",
    slug: "saved-title",
    url: "/blog/saved-title",
    preview_text: "Typed words",
    image_url: null,
    created_at: "2026-11-28T09:00:00.000Z",
    updated_at: "2026-11-28T09:00:00.000Z",
    article: "<p>Typed words</p>",
    article_html: "<p>Typed words</p>",
    images: [],
    status: "published",
    old_slugs: [],
    version: undefined,
  },
  refused: null,
  dateNotShown: false,
  pictureRefused: null,
};

describe("typed previews kept for their tab", () => {
  const location = "/admin/blog/7/preview";

  it("gives the preview back for its item to the admin who pressed Preview", async () => {
    const context = createLoadContext({ keptPreviews: memoryStore<KeptPreview>() });
    const token = await keepTypedPreview(context, location, adminNumbered(1), typed);
    expect(token).toMatch(/^[\w-]{24}$/);
    expect(await keptTypedPreview(context, token!, location, adminNumbered(1))).toEqual(typed);
    // A reload shows it again: it is not taken out of the store.
    expect(await keptTypedPreview(context, token!, location, adminNumbered(1))).toEqual(typed);
  });

  it("gives nothing to another admin, for another item, or for a token it never gave", async () => {
    const context = createLoadContext({ keptPreviews: memoryStore<KeptPreview>() });
    const token = await keepTypedPreview(context, location, adminNumbered(1), typed);
    expect(await keptTypedPreview(context, token!, location, adminNumbered(2))).toBeNull();
    expect(
      await keptTypedPreview(context, token!, "/admin/blog/8/preview", adminNumbered(1)),
    ).toBeNull();
    expect(await keptTypedPreview(context, "made-up", location, adminNumbered(1))).toBeNull();
  });

  it("keeps nothing over the store's bound, so the action answers the preview itself", async () => {
    const context = createLoadContext({ keptPreviews: memoryStore<KeptPreview>() });
    const huge = { ...typed, entry: { ...typed.entry, article: "x".repeat(3 * 1024 * 1024) } };
    expect(await keepTypedPreview(context, location, adminNumbered(1), huge)).toBeNull();
  });
});
