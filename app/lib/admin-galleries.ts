import { z } from "zod";
import { requiredText } from "./forms.ts";

/** Admin galleries come 12 to a page (spec §9: `limit=12`). */
export const GALLERY_PAGE_SIZE = 12;

/** The Add Gallery modal and the edit screen's form: the gallery's name. */
export const GalleryNameSchema = z.object({ name: requiredText("name") });

/**
 * A photo's details: its alt text and where it leads. Both may be empty; the API checks the rest
 * (a link is an http or https address, the alt text at most 255 characters).
 */
export const GalleryPhotoSchema = z.object({
  alt: z.string().trim().optional(),
  link: z.string().trim().optional(),
});
