import { availableParallelism } from "node:os";
import type { DB } from "../database.ts";
import type { EntryKind } from "../schema.ts";
import { articlePreview, renderArticleHtml } from "../../domain/entry-article.ts";
import { sanitizeRichText } from "../../domain/rich-text.ts";
import { updateSettings } from "../../domain/settings.ts";
import { copyImage, deleteImage, storeImage, type StoredImage } from "../../media/images.ts";
import type { StorageDriver } from "../../media/storage.ts";
import type { ArtRequest, Motif, Theme } from "./art.ts";
import { renderArt } from "./art.ts";
import type { EntryCopy } from "./content.ts";
import {
  archivePosts,
  blogPosts,
  gallery,
  imageWidgets,
  opportunities,
  organisation,
  projects,
  testimonials,
  textWidgets,
} from "./content.ts";

export type SeedResult = { seeded: boolean; images: number };

const DAY = 24 * 60 * 60 * 1000;
const PICTURE = { width: 1200, height: 800 } as const;
const motifs: Motif[] = ["hills", "sunrise", "circles"];

/**
 * Fills an empty site with demo widgets, entries, testimonials, a gallery and the organisation's
 * details, with generated pictures. Does nothing when the site already has content.
 */
export async function seedDemoContent(
  db: DB,
  storage: StorageDriver,
  options: { appUrl: string },
): Promise<SeedResult> {
  if (await hasContent(db)) return { seeded: false, images: 0 };

  const stored: string[] = [];
  const runLimited = limitConcurrency(Math.max(2, availableParallelism()));
  let artCount = 0;
  const picture = (folder: string, art: Omit<ArtRequest, "seed">) => {
    const seed = ++artCount * 7919;
    return runLimited(async () => {
      const image = await storeImage(storage, await renderArt({ ...art, seed }), { folder });
      stored.push(image.key);
      return image;
    });
  };

  // The older news posts share one picture per theme: the first post of a theme gets it, the
  // others a copy of its files, so replacing or deleting one cover never touches another's.
  const sharedCovers = new Map<Theme, Promise<StoredImage>>();
  const sharedCover = (theme: Theme): Promise<StoredImage> => {
    const original = sharedCovers.get(theme);
    if (!original) {
      const motif = motifs[sharedCovers.size % motifs.length]!;
      const created = picture("entries", { ...PICTURE, theme, motif });
      sharedCovers.set(theme, created);
      return created;
    }
    return original.then((image) =>
      runLimited(async () => {
        const copy = await copyImage(storage, image.key, "entries");
        stored.push(copy);
        return { ...image, key: copy };
      }),
    );
  };
  const archived = new Set<EntryCopy>();

  try {
    const olderNews = archivePosts.map((post): EntryCopy => ({ ...post, images: [] }));
    for (const post of olderNews) archived.add(post);
    const entryKinds: [EntryKind, EntryCopy[]][] = [
      ["project", projects],
      ["blog", [...blogPosts, ...olderNews]],
      ["opportunity", opportunities],
    ];
    const [widgetImages, entryPictures, galleryPictures] = await Promise.all([
      Promise.all(
        imageWidgets.map((widget) =>
          picture("widgets", { width: widget.width, height: widget.height, ...widget.art }),
        ),
      ),
      Promise.all(
        entryKinds.flatMap(([, entries]) =>
          entries.map(async (entry, index) => {
            const cover = archived.has(entry)
              ? sharedCover(entry.theme)
              : picture("entries", {
                  ...PICTURE,
                  theme: entry.theme,
                  motif: motifs[index % motifs.length]!,
                });
            const images = entry.images.map((_alt, imageIndex) =>
              picture("entries", {
                ...PICTURE,
                theme: entry.theme,
                motif: motifs[(index + imageIndex + 1) % motifs.length]!,
              }),
            );
            const [coverKey, imageKeys] = await Promise.all([cover, Promise.all(images)]);
            return { cover: coverKey, images: imageKeys };
          }),
        ),
      ),
      Promise.all(
        gallery.images.map((image, index) =>
          picture("galleries", {
            ...PICTURE,
            theme: image.theme,
            motif: motifs[index % motifs.length]!,
          }),
        ),
      ),
    ]);

    const now = Date.now();
    const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();

    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("widgets")
        .values([
          ...textWidgets.map((widget) => ({
            name: widget.name,
            type: "TEXT" as const,
            html: widget.html,
            image: null,
            alt: "",
            created_at: iso(0),
            updated_at: iso(0),
          })),
          ...imageWidgets.map((widget, index) => ({
            name: widget.name,
            type: "IMAGE" as const,
            html: "",
            image: widgetImages[index]!.key,
            alt: widget.alt,
            created_at: iso(0),
            updated_at: iso(0),
          })),
        ])
        .execute();

      let pictureIndex = 0;
      for (const [kind, entries] of entryKinds) {
        const rows = entries.map((entry, position) => ({
          entry,
          pictures: entryPictures[pictureIndex++]!,
          position,
        }));
        const inserted = await trx
          .insertInto("entries")
          .values(
            rows.map(({ entry, pictures, position }) => {
              // Saved as an admin's save would: sanitized, rendered, previewed.
              const article = sanitizeRichText(entry.article);
              return {
                kind,
                title: entry.title,
                slug: entry.slug,
                article,
                article_html: renderArticleHtml(article, []),
                preview_text: articlePreview(article),
                image: pictures.cover.key,
                position,
                created_at: iso(entry.daysAgo),
                updated_at: iso(entry.daysAgo),
              };
            }),
          )
          .returning(["id", "slug"])
          .execute();
        const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
        await trx
          .insertInto("entry_images")
          .values(
            rows.flatMap(({ entry, pictures }) =>
              entry.images.map((alt, position) => ({
                entry_id: idBySlug.get(entry.slug)!,
                path: pictures.images[position]!.key,
                alt,
                position,
                width: pictures.images[position]!.width,
                height: pictures.images[position]!.height,
                created_at: iso(entry.daysAgo),
              })),
            ),
          )
          .execute();
      }

      const { id: galleryId } = await trx
        .insertInto("galleries")
        .values({ name: gallery.name, created_at: iso(0), updated_at: iso(0) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("gallery_images")
        .values(
          gallery.images.map((image, position) => ({
            gallery_id: galleryId,
            path: galleryPictures[position]!.key,
            alt: image.alt,
            link: `${options.appUrl}/projects/${image.slug}`,
            position,
            created_at: iso(0),
          })),
        )
        .execute();

      await trx
        .insertInto("testimonials")
        .values(
          testimonials.map((testimonial, index) => ({
            ...testimonial,
            created_at: iso(30 * (index + 1)),
            updated_at: iso(30 * (index + 1)),
          })),
        )
        .execute();

      await updateSettings(trx, organisation);
    });
  } catch (error) {
    await Promise.all(stored.map((key) => deleteImage(storage, key)));
    throw error;
  }
  return { seeded: true, images: stored.length };
}

async function hasContent(db: DB): Promise<boolean> {
  const [widget, entry] = await Promise.all([
    db.selectFrom("widgets").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("entries").select("id").limit(1).executeTakeFirst(),
  ]);
  return widget !== undefined || entry !== undefined;
}

function limitConcurrency(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, so a newcomer cannot slip in between.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
