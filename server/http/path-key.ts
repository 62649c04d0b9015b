/** A path segment that may be a slug/name or an id: all digits means an id (DESIGN §5). */
export function parsePathKey(segment: string): { id: number } | { name: string } {
  return /^\d+$/.test(segment) ? { id: Number(segment) } : { name: segment };
}
