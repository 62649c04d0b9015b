import { MAX_ID } from "../db/schema.ts";
import { hasControlCharacters, segment, z } from "./validation.ts";

// Path parameters as routes declare them (route.ts): one a route refuses names nothing, a 404.

/** A path parameter that must be an id. */
export const idParam = segment().transform((value, ctx) => {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
  if (id >= 1 && id <= MAX_ID) return id;
  ctx.addIssue({ code: "custom", message: "Not Found." });
  return z.NEVER;
});

/**
 * A path parameter that may be a slug/name or an id: all digits means an id (DESIGN §5). No name
 * holds a control character (PostgreSQL would refuse a NUL in the query), so such a segment is a 404.
 */
export const pathKeyParam = segment().transform((value, ctx) => {
  if (/^\d+$/.test(value)) return { id: Number(value) } as { id: number } | { name: string };
  if (!hasControlCharacters(value)) return { name: value };
  ctx.addIssue({ code: "custom", message: "Not Found." });
  return z.NEVER;
});

/** `/:id` */
export const idParams = z.object({ id: idParam });
