import { z } from "zod";
import { requiredText } from "./forms.ts";

/** Admin galleries come 12 to a page (spec §9: `limit=12`). */
export const GALLERY_PAGE_SIZE = 12;

/** The Add Gallery modal and the edit screen's form: the gallery's name. */
export const GalleryNameSchema = z.object({ name: requiredText("name") });

/**
 * A link typed without its scheme but starting with a host name (`www.example.org/x`) is that
 * address over https, as the API reads it; anything else is kept as typed.
 */
export function withWebScheme(link: string): string {
  const hasScheme = /^[a-z][a-z0-9+-]*:/i.test(link);
  return !hasScheme && /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]|$)/i.test(link)
    ? `https://${link}`
    : link;
}

/**
 * A photo's details: its alt text and where it leads. Both may be empty. A link with a scheme
 * other than http or https is refused here already; the API checks the rest (a link is a whole
 * web address, the alt text at most 255 characters).
 */
export const GalleryPhotoSchema = z.object({
  alt: z.string().trim().optional(),
  link: z
    .string()
    .trim()
    .transform(withWebScheme)
    .refine((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link) || /^https?:/i.test(link), {
      error: "The link field must be a valid URL.",
    })
    .optional(),
});
