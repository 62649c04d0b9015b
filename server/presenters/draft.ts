import type { Draft } from "../domain/drafts.ts";

export function presentDraft(draft: Draft) {
  return { version: draft.version, data: draft.data, saved_at: draft.saved_at };
}
