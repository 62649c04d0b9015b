import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether `Authorization` is `Bearer <token>`. Compared as hashes in constant time, so neither
 * the token's characters nor its length show in how long a refusal takes.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(token)) && given !== "";
}
