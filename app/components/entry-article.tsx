import type { ReactNode } from "react";
import { Link } from "react-router";
import type { EntryDetail } from "../lib/api-types.ts";
import { HeaderImage } from "./header-image.tsx";
import { PhotoCarousel } from "./photo-carousel.tsx";

/** A project, blog post or opportunity: cover, article and, when it has photos, their carousel. */
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
            <div
              className="widget-html mt-8"
              dangerouslySetInnerHTML={{ __html: entry.article_html }}
            />
          ) : null}
        </div>
        {entry.images.length > 0 ? (
          <div className="mt-14 px-4 sm:px-6 lg:px-8">
            <PhotoCarousel images={entry.images} />
          </div>
        ) : null}
      </article>
    </>
  );
}
