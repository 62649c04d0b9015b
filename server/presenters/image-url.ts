/** Uploaded files are served under /storage/<key> (by the API, and relayed by the web tier). */
export function imageUrl(key: string | null): string | null {
  return key ? `/storage/${key}` : null;
}
