import type { Gallery, GalleryImage, GalleryWithImages } from "../domain/galleries.ts";
import { imageUrl } from "./image-url.ts";

export function presentGalleryImage(image: GalleryImage) {
  return {
    id: image.id,
    image_url: imageUrl(image.path),
    alt: image.alt,
    link: image.link,
    order: image.position,
  };
}

/** `{id, name, image_url, images}`: `image_url` is the first picture's, null without pictures. */
export function presentGallery(gallery: Gallery, images: GalleryImage[]) {
  return {
    id: gallery.id,
    name: gallery.name,
    image_url: imageUrl(images[0]?.path ?? null),
    images: images.map(presentGalleryImage),
  };
}

export function presentGalleryPage(galleries: GalleryWithImages[], total: number) {
  return {
    results: galleries.map(({ gallery, images }) => presentGallery(gallery, images)),
    total,
  };
}
