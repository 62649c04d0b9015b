/** The widths of the WebP variants our API stores beside each upload (server/media/images.ts). */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string };

// `/storage/uploads/<folder>/<32 hex>.webp`, on this site or on the API's own host. Anything else
// (a Laravel backend's `/storage/foo.jpg`) has no variants we know of.
const OUR_UPLOAD = /^((?:https?:\/\/[^/?#]+)?\/storage\/uploads\/(?:[\w-]+\/)+[0-9a-f]{32})\.webp$/;

/**
 * The attributes of an `<img>` for an uploaded image: a `srcset` of its variants when the URL is
 * one of ours, else the plain URL. `sizes` says how wide the image shows, e.g. "100vw".
 */
export function responsiveImage(url: string, sizes: string): ResponsiveImage;
export function responsiveImage(url: string | null, sizes: string): ResponsiveImage | null;
export function responsiveImage(url: string | null, sizes: string): ResponsiveImage | null {
  if (!url) return null;
  if (!OUR_UPLOAD.test(url)) return { src: url };
  return {
    src: url,
    srcSet: IMAGE_VARIANT_WIDTHS.map((width) => `${variantUrl(url, width)} ${width}w`).join(", "),
    sizes,
  };
}

/** The URL of an upload's variant `width` wide, when the URL is one of ours; else null. */
export function variantUrl(
  url: string,
  width: (typeof IMAGE_VARIANT_WIDTHS)[number],
): string | null {
  const match = OUR_UPLOAD.exec(url);
  return match ? `${match[1]}-${width}.webp` : null;
}
