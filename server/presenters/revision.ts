import type { Revision, RevisionData } from "../domain/revisions.ts";
import { imageUrl } from "./image-url.ts";

/** A snapshot as clients read it: a picture's storage key becomes its `image_url`. */
function presentData(data: RevisionData): RevisionData {
  if (!("image" in data)) return data;
  const { image, ...rest } = data;
  return { ...rest, image_url: imageUrl(typeof image === "string" ? image : null) };
}

/** `{version, user: {id, name} | null, created_at, changed, data}` */
export function presentRevision(revision: Revision) {
  return {
    version: revision.version,
    user: revision.user,
    created_at: revision.created_at,
    changed: revision.changed,
    data: presentData(revision.data),
  };
}

export function presentRevisionPage(revisions: Revision[], total: number, version: number) {
  return { results: revisions.map(presentRevision), total, version };
}

/** The `current` of a 409: the item as its newest revision holds it (null before any). */
export function presentConflict(message: string, current: Revision | null) {
  return {
    message,
    current: current && {
      version: current.version,
      user: current.user,
      saved_at: current.created_at,
      data: presentData(current.data),
    },
  };
}
