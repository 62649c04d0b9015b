import { MAX_ID } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { hasControlCharacters } from "./validation.ts";

/**
 * A path segment that may be a slug/name or an id: all digits means an id (DESIGN §5). No name
 * holds a control character (PostgreSQL would refuse a NUL in the query), so such a segment is a 404.
 */
export function parsePathKey(segment: string): { id: number } | { name: string } {
  if (/^\d+$/.test(segment)) return { id: Number(segment) };
  if (hasControlCharacters(segment)) throw notFound();
  return { name: segment };
}

/** A path segment that must be an id; anything else names nothing (404). */
export function parseIdParam(segment: string): number {
  const id = /^\d{1,10}$/.test(segment) ? Number(segment) : 0;
  if (id < 1 || id > MAX_ID) throw notFound();
  return id;
}
