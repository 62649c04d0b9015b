import type { Keyring } from "./encryption.ts";

/**
 * Laravel's temporary signed URLs in their relative form: the signature is an HMAC of the
 * path and query (with `expires`, without `signature`), so a link addressed to the web tier
 * stays valid when the web tier forwards it to the API under another host.
 */
export function signedPath(
  keyring: Keyring,
  path: string,
  expiresAt: Date,
  params: Record<string, string> = {},
) {
  const query = new URLSearchParams({
    ...params,
    expires: String(Math.floor(expiresAt.getTime() / 1000)),
  });
  const unsigned = `${path}?${query.toString()}`;
  query.set("signature", keyring.sign(unsigned));
  return `${path}?${query.toString()}`;
}

/** Checks a received path + query string: a matching signature and an `expires` still in the future. */
export function hasValidSignature(keyring: Keyring, pathWithQuery: string): boolean {
  const url = new URL(pathWithQuery, "http://signed.invalid");
  const signature = url.searchParams.get("signature");
  if (!signature) return false;
  const query = new URLSearchParams([...url.searchParams].filter(([name]) => name !== "signature"));
  const unsigned = query.size > 0 ? `${url.pathname}?${query.toString()}` : url.pathname;
  if (!keyring.verify(unsigned, signature)) return false;
  const expires = url.searchParams.get("expires");
  if (expires === null) return true;
  return /^\d+$/.test(expires) && Date.now() / 1000 < Number(expires);
}
