import type { ReactNode } from "react";
import { Link } from "react-router";
import type { EntryDetail } from "../lib/api-types.ts";
import { photosNotInArticle } from "../lib/embedded-photos.ts";
import { openGalleryPhoto } from "./gallery-grid.ts";
import { HeaderImage } from "./header-image.tsx";
import { PhotoCarousel } from "./photo-carousel.tsx";

/**
 * A project, blog post or opportunity: cover, article (with the photos and galleries placed in
 * it) and, when it has photos its article does not already show, their carousel.
 */
export function EntryArticle({
  entry,
  backTo,
  subtitle,
}: {
  entry: EntryDetail;
  backTo: string;
  subtitle?: ReactNode;
}) {
  const headerImage = entry.image_url
    ? { id: 0, name: "", type: "IMAGE" as const, html: null, image_url: entry.image_url, alt: null }
    : null;
  const carouselImages = photosNotInArticle(entry.images, entry.article);
  return (
    <>
      <HeaderImage title={entry.title} subtitle={subtitle} image={headerImage} />
      <article className="w-full py-14">
        <div className="mx-auto w-full max-w-3xl px-4 sm:px-6">
          <p>
            <Link
              to={backTo}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              ← Go Back
            </Link>
          </p>
          {entry.article_html ? (
            // Clicks on a gallery's photos bubble here from the API's HTML.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
            <div
              className="widget-html mt-8"
              onClick={openGalleryPhoto}
              dangerouslySetInnerHTML={{ __html: entry.article_html }}
            />
          ) : null}
        </div>
        {carouselImages.length > 0 ? (
          <div className="mt-14 px-4 sm:px-6 lg:px-8">
            <PhotoCarousel images={carouselImages} />
          </div>
        ) : null}
      </article>
    </>
  );
}
