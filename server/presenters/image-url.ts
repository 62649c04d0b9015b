import { publicStorageUrl } from "../media/storage.ts";

export function imageUrl(key: string | null): string | null {
  return key ? publicStorageUrl(key) : null;
}
