import type { ReactNode } from "react";
import { Link } from "react-router";
import type { EntryDetail } from "../lib/api-types.ts";
import { HeaderImage } from "./header-image.tsx";

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
      <article className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6">
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
        {entry.images.length > 0 ? (
          <ul
            className="mt-12 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4"
            aria-label="Photos"
          >
            {entry.images.map((image) => (
              <li key={image.id} className="w-64 shrink-0 snap-start">
                <a href={image.image_url}>
                  <img
                    src={image.image_url}
                    alt={image.alt ?? ""}
                    loading="lazy"
                    className="aspect-[4/3] w-full rounded-xl object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </>
  );
}
